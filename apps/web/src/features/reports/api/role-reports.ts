import {
  GRID_MAX_TOP,
  gridPageSchema,
  identityRoleSchema,
  roleReportSchema,
  type IdentityRole,
  type RoleReport,
} from '@loupe/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/*
 * A report's role assignments (reports spec §7) and the tenant's roles to choose from. The role dialog shows
 * every failure as its own notice, so none of these calls opens the global error dialog. After a change every
 * report query reloads: which reports a user sees follows their roles.
 */

const roleReportsQueryKey = (reportId: number) => ['reports', 'roles', reportId] as const;

/** `GET /api/rolereports/?$orderby=RoleId&$filter=ReportId eq {id}`: the roles the report is assigned to. */
async function getRoleReports(reportId: number, signal?: AbortSignal): Promise<RoleReport[]> {
  const params = new URLSearchParams({
    $orderby: 'RoleId',
    $filter: `ReportId eq ${reportId}`,
    // Every assignment, not the grid's first page.
    $top: String(GRID_MAX_TOP),
  });
  const page = await apiRequest({
    path: `/api/rolereports/?${params.toString()}`,
    schema: gridPageSchema(roleReportSchema),
    signal,
    showErrorDialog: false,
  });
  return page.Items;
}

function roleReportsQueryOptions(reportId: number) {
  return queryOptions({
    queryKey: roleReportsQueryKey(reportId),
    queryFn: ({ signal }) => getRoleReports(reportId, signal),
  });
}

export function useRoleReports(reportId: number) {
  return useQuery(roleReportsQueryOptions(reportId));
}

/**
 * `GET /api/rolereports/roleChoices` (report:manage): the roles of the caller's tenant, by name. The
 * administration's `/api/identityRoles` needs role or user rights a report manager may not hold.
 */
function getRoleChoices(signal?: AbortSignal): Promise<IdentityRole[]> {
  return apiRequest({
    path: '/api/rolereports/roleChoices',
    schema: z.array(identityRoleSchema),
    signal,
    showErrorDialog: false,
  });
}

export function useRoleChoices() {
  return useQuery({
    queryKey: ['reports', 'role-choices'],
    queryFn: ({ signal }) => getRoleChoices(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export type RoleReportKey = { reportId: number; roleId: number };

/**
 * `POST /api/rolereports` with Config '{}' (a plain assignment): 201. 403 when a user without report:advance
 * adds their own first role.
 */
async function addRoleReport({ reportId, roleId }: RoleReportKey): Promise<RoleReport> {
  return apiRequest({
    path: '/api/rolereports',
    method: 'POST',
    body: { ReportId: reportId, RoleId: roleId, Config: '{}' },
    schema: roleReportSchema,
    showErrorDialog: false,
  });
}

/**
 * `DELETE /api/rolereports/{roleId}/{reportId}`: 204; 403 as for adding; 400 with 3113 for the report's last
 * assignment (a report keeps at least one role).
 */
async function removeRoleReport({ reportId, roleId }: RoleReportKey): Promise<void> {
  await apiRequest({
    path: `/api/rolereports/${roleId}/${reportId}`,
    method: 'DELETE',
    schema: z.unknown(),
    showErrorDialog: false,
  });
}

function useRoleReportChange<T>(change: (key: RoleReportKey) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    // The assignments, the report list and the menu: all under ['reports'].
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['reports'] }),
  });
}

export function useAddRoleReport() {
  return useRoleReportChange(addRoleReport);
}

export function useRemoveRoleReport() {
  return useRoleReportChange(removeRoleReport);
}
