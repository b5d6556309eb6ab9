import { hasAnyScope, type Scope, type TimeRange } from '@loupe/contracts';

/*
 * The driver-simulation button of the text-analytics impact chart (reports spec §2 "widget card", §6): who sees
 * it and where it goes. Pure, so the rules are unit-tested; driver-simulation-button.tsx draws it.
 */

/** Reports spec §6: the scopes that show the driver-simulation button (any one of them). */
const DRIVER_SIMULATION_SCOPES: readonly Scope[] = [
  'survey:read',
  'survey:manage',
  'externalSurvey:manage',
  'response:readall',
  'response:readlimited',
];

/** The text-analytics impact chart's data endpoint (catalogue widget 33); the closed-ended one has no button. */
export const TEXT_ANALYTICS_IMPACT_ENDPOINT = 'api/text-analytics/impact';

/** Whether a widget (its Config) with a user (their scopes) gets the driver-simulation button. */
export function showsDriverSimulation(config: Record<string, unknown>, scopes: readonly string[]): boolean {
  return (
    config.type === 'Chart' &&
    config.dataEndpoint === TEXT_ANALYTICS_IMPACT_ENDPOINT &&
    hasAnyScope(scopes, DRIVER_SIMULATION_SCOPES)
  );
}

/**
 * `/simulation?topicModelId=…&from=…&to=…`: the widget's topic model and the report's time range (calendar days).
 * A missing one is left out; the simulation then asks for it (SimulationStatus 3).
 */
export function simulationPath(topicModelId: unknown, timeRange: TimeRange | null | undefined): string {
  const params = new URLSearchParams();
  // A picker may have stored the id as text.
  const modelId = typeof topicModelId === 'string' ? Number(topicModelId) : topicModelId;
  if (typeof modelId === 'number' && Number.isInteger(modelId) && modelId > 0) {
    params.set('topicModelId', String(modelId));
  }
  if (timeRange) {
    params.set('from', timeRange[0].slice(0, 10));
    params.set('to', timeRange[1].slice(0, 10));
  }
  const query = params.toString();
  return query === '' ? '/simulation' : `/simulation?${query}`;
}
