import {
  alertRuleActionsSaveSchema,
  alertRuleLookupSchema,
  alertRuleSchema,
  alertRulesStatisticsSchema,
  identityRoleSchema,
  userForSelectItemSchema,
  type AlertRule,
  type AlertRuleSave,
} from '@loupe/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  deleteRecord,
  saveRecord,
  useDeleteRecordMutation,
  useRecordQuery,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '@/components/admin-page/record-api';
import { apiRequest } from '@/lib/api-client';

/*
 * The alert rules' calls (docs/alerts.md): the grid `/api/alert-rules`, one rule, its save and delete, its
 * actions per status, the rules' lookup `/api/alertRules`, the statistics, and the users and roles an alert or a
 * rule may be given to.
 */

export const ALERT_RULES_ENDPOINT = '/api/alert-rules';
export const ALERT_RULES_PATH = '/alert-rules';

const LOOKUP_STALE_MS = 60_000;

const ruleKeys = {
  rule: (id: number) => ['alertRules', 'rule', id] as const,
  actions: (id: number) => ['alertRules', 'actions', id] as const,
  lookup: ['alertRules', 'lookup'] as const,
  statistics: (query: StatisticsQuery) => ['alertRules', 'statistics', query] as const,
  users: ['alertRules', 'users'] as const,
  roles: ['alertRules', 'roles'] as const,
};
const cache = { endpoint: ALERT_RULES_ENDPOINT, recordKey: ruleKeys.rule, alsoInvalidate: [ruleKeys.lookup] };

export function useAlertRule(id: number | undefined) {
  return useRecordQuery(ALERT_RULES_ENDPOINT, id, alertRuleSchema, ruleKeys.rule);
}

function saveAlertRule(request: SaveRecordRequest<AlertRuleSave>): Promise<AlertRule> {
  return saveRecord(ALERT_RULES_ENDPOINT, alertRuleSchema, request);
}

export function useSaveAlertRule() {
  return useSaveRecordMutation(saveAlertRule, cache);
}

export function useDeleteAlertRule() {
  return useDeleteRecordMutation((id: number) => deleteRecord(ALERT_RULES_ENDPOINT, id), cache);
}

/** `GET /api/alertRules`: every rule of the tenant by title (the alert list's filter). */
export function useAlertRuleLookup(enabled = true) {
  return useQuery({
    queryKey: ruleKeys.lookup,
    queryFn: ({ signal }) =>
      apiRequest({ path: '/api/alertRules', schema: alertRuleLookupSchema, signal, showErrorDialog: false }),
    staleTime: LOOKUP_STALE_MS,
    enabled,
  });
}

type RuleActions = z.infer<typeof alertRuleActionsSaveSchema>;

/** `GET /api/alert-rules/{id}/actions`: what happens on each status. */
export function useAlertRuleActions(id: number) {
  return useQuery({
    queryKey: ruleKeys.actions(id),
    queryFn: ({ signal }) =>
      apiRequest({
        path: `${ALERT_RULES_ENDPOINT}/${id}/actions`,
        schema: alertRuleActionsSaveSchema,
        signal,
      }),
  });
}

/** `PUT /api/alert-rules/{id}/actions`. */
export function useSaveAlertRuleActions(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RuleActions) =>
      apiRequest({
        path: `${ALERT_RULES_ENDPOINT}/${id}/actions`,
        method: 'PUT',
        body,
        schema: z.unknown(),
        showErrorDialog: 'serverErrorsOnly',
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ruleKeys.actions(id) }),
        queryClient.invalidateQueries({ queryKey: ruleKeys.rule(id) }),
      ]),
  });
}

export type StatisticsQuery = { period: 'day' | 'week' | 'month'; from?: string; to?: string };

/** `GET /api/alert-rule-statistics?period&from&to`: every rule's figures and the tenant's trend. */
export function useAlertRulesStatistics(query: StatisticsQuery) {
  const params = new URLSearchParams({ period: query.period });
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  return useQuery({
    queryKey: ruleKeys.statistics(query),
    queryFn: ({ signal }) =>
      apiRequest({
        path: `/api/alert-rule-statistics?${params.toString()}`,
        schema: alertRulesStatisticsSchema,
        signal,
      }),
  });
}

/**
 * `GET /api/users/forSelect`: the tenant's active users, an alert's or a rule's possible owners (open to
 * user:read and alert:manage). Other callers (alert:read alone) get no list: the select stays empty.
 */
export function useUserChoices(enabled = true) {
  return useQuery({
    queryKey: ruleKeys.users,
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/api/users/forSelect',
        schema: z.array(userForSelectItemSchema),
        signal,
        showErrorDialog: false,
      }),
    staleTime: LOOKUP_STALE_MS,
    retry: false,
    enabled,
  });
}

/** `GET /api/identityRoles`: the tenant's roles, an alert's or a rule's possible owners. */
export function useRoleChoices(enabled = true) {
  return useQuery({
    queryKey: ruleKeys.roles,
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/api/identityRoles',
        schema: z.array(identityRoleSchema),
        signal,
        showErrorDialog: false,
      }),
    staleTime: LOOKUP_STALE_MS,
    retry: false,
    enabled,
  });
}
