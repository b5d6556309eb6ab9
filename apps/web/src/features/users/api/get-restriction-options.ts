import {
  employeeItemSchema,
  lookupTreeNodeSchema,
  type EmployeeItem,
  type LookupTreeNode,
} from '@loupe/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { userKeys } from './user-keys';

/*
 * The lists a user's restrictions choose from: the caller's tenant's channel and product trees and its
 * employees (the lookups of reports and filters). A caller who may not read them gets no options; the form
 * says so instead of opening the error dialog.
 */

const tree = z.array(lookupTreeNodeSchema);

function getRestrictionTree(list: 'channels' | 'products', signal?: AbortSignal): Promise<LookupTreeNode[]> {
  return apiRequest({
    path: `/api/filters/${list}?isTreeBuilt=true`,
    schema: tree,
    signal,
    showErrorDialog: false,
  });
}

function getEmployees(signal?: AbortSignal): Promise<EmployeeItem[]> {
  return apiRequest({
    path: '/api/filters/employees',
    schema: z.array(employeeItemSchema),
    signal,
    showErrorDialog: false,
  });
}

const options = { staleTime: 5 * 60_000, retry: false } as const;

export function useRestrictionTree(list: 'channels' | 'products', enabled: boolean) {
  return useQuery({
    queryKey: userKeys.restrictions(list),
    queryFn: ({ signal }) => getRestrictionTree(list, signal),
    enabled,
    ...options,
  });
}

export function useEmployees(enabled: boolean) {
  return useQuery({
    queryKey: userKeys.restrictions('employees'),
    queryFn: ({ signal }) => getEmployees(signal),
    enabled,
    ...options,
  });
}
