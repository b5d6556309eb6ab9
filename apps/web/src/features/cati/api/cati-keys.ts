/** The CATI endpoints (docs/cati.md) and the query keys of what the screens read. */
export const QUEUE_ENDPOINT = '/api/cati/queue';
export const CALLS_ENDPOINT = '/api/cati/calls';
export const CURRENT_CALL_ENDPOINT = '/api/cati/calls/current';
export const REFUSAL_REASONS_ENDPOINT = '/api/cati/refusal-reasons';
export const STATISTICS_ENDPOINT = '/api/cati/statistics';
export const CAMPAIGNS_ENDPOINT = '/api/cati/campaigns';

export const catiKeys = {
  queue: [QUEUE_ENDPOINT] as const,
  currentCall: [CURRENT_CALL_ENDPOINT] as const,
  refusalReasons: [REFUSAL_REASONS_ENDPOINT] as const,
  statistics: (query: { From: string; To: string; AgentUserId?: number | undefined }) =>
    [STATISTICS_ENDPOINT, query] as const,
  campaigns: [CAMPAIGNS_ENDPOINT] as const,
};
