/**
 * Every permission scope the console knows (shell spec §6). A route, a menu item or a widget action is
 * open to a user who holds any one of the scopes it lists.
 */
export const ALL_SCOPES = [
  'user:read',
  'user:manage',
  'role:read',
  'role:manage',
  'survey:read',
  'survey:manage',
  'survey:query',
  'survey:exec',
  'report:read',
  'report:manage',
  'report:advance',
  'report:export',
  'alert:read',
  'alert:readall',
  'alert:manage',
  'session:read',
  'invitation:read',
  'invitation:manage',
  'aisystem:manage',
  'config:read',
  'config:manage',
  'integration:read',
  'integration:manage',
  'client:read',
  'client:manage',
  'catiagent',
  'cati:stats',
  'license',
  'response:readlimited',
  'response:readall',
  'answer:read',
  'user:test',
  'alterna:manage',
  'healthcheck',
  'surveyanswers',
  'overview',
  'anonymize',
  'log:monitor',
  'metadata:manage',
  'grid:export',
  'onSiteSurvey:query',
  'onSiteSurvey:manage',
  'externalSurvey:manage',
  'topicExplorer',
  'satisfactionProfiler',
  'modelLabelMappings:manage',
  'topicDiscovery',
  'feedbackAnalysis',
  'driverSimulation',
  'customKpi',
  'alertEmails',
  'optout',
  'mask:invitee',
  'auditNotify',
  'job:manage',
  'job:read',
  'topic:read',
  'topic:manage',
  'dataset:read',
  'dataset:manage',
  'sentiment:read',
  'sentiment:manage',
  'annotation:read',
  'annotation:manage',
] as const;

export type Scope = (typeof ALL_SCOPES)[number];

/** True when the holder has at least one of the required scopes (the spec's any-of rule). */
export function hasAnyScope(held: readonly string[], required: readonly Scope[]): boolean {
  return required.some((scope) => held.includes(scope));
}

/**
 * Scopes only tenantless installation operators (security level 0) may hold: they reach across tenants (tenants,
 * audit logs of every tenant, import data sources; shell spec §6 "alterna:manage"). A tenant's role or client
 * never holds one (10006), and a token for a tenant's user never carries one.
 */
const OPERATOR_SCOPES = ['alterna:manage'] as const satisfies readonly Scope[];

const operatorScopeSet: ReadonlySet<string> = new Set(OPERATOR_SCOPES);

export function isOperatorScope(scope: string): boolean {
  return operatorScopeSet.has(scope);
}

/** Every scope a tenant's role may hold: all but the operator scopes (a new tenant's Administrator has these). */
export const TENANT_SCOPES: readonly Scope[] = ALL_SCOPES.filter((scope) => !isOperatorScope(scope));
