import { describe, expect, it } from 'vitest';
import { showsDriverSimulation, simulationPath, TEXT_ANALYTICS_IMPACT_ENDPOINT } from './impact-simulation';

const textImpact = { type: 'Chart', dataEndpoint: TEXT_ANALYTICS_IMPACT_ENDPOINT };

describe('showsDriverSimulation (reports spec §2, §6)', () => {
  it('shows on the text-analytics impact chart for each of the five scopes', () => {
    for (const scope of [
      'survey:read',
      'survey:manage',
      'externalSurvey:manage',
      'response:readall',
      'response:readlimited',
    ]) {
      expect(showsDriverSimulation(textImpact, ['report:read', scope])).toBe(true);
    }
  });

  it('does not show without one of them', () => {
    expect(showsDriverSimulation(textImpact, ['report:read', 'report:manage', 'driverSimulation'])).toBe(
      false,
    );
  });

  it('does not show on the closed-ended impact chart or other widgets', () => {
    const scopes = ['survey:read'];
    expect(
      showsDriverSimulation({ type: 'Chart', dataEndpoint: 'api/widget-data/closed-end-impact' }, scopes),
    ).toBe(false);
    expect(
      showsDriverSimulation(
        { type: 'ExperiencePerformanceChart', dataEndpoint: 'api/text-analytics/top-phrases' },
        scopes,
      ),
    ).toBe(false);
  });
});

describe('simulationPath', () => {
  it('carries the topic model and the report time range as calendar days', () => {
    expect(simulationPath(7, ['2024-01-01', '2024-03-31T00:00:00Z'])).toBe(
      '/simulation?topicModelId=7&from=2024-01-01&to=2024-03-31',
    );
  });

  it('reads a topic model stored as text', () => {
    expect(simulationPath('12', null)).toBe('/simulation?topicModelId=12');
  });

  it('leaves out what is missing (the simulation then asks for it)', () => {
    expect(simulationPath(undefined, ['2024-05-01', '2024-05-31'])).toBe(
      '/simulation?from=2024-05-01&to=2024-05-31',
    );
    expect(simulationPath(null, undefined)).toBe('/simulation');
    expect(simulationPath('', null)).toBe('/simulation');
  });
});
