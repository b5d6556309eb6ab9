// The benchmark's report page: ten catalogue widgets on the largest survey, created through the real API as a
// manager would (POST /api/reporteditor, then POST /api/reportWidgets per widget), and the widget data calls the
// browser makes for it.
import { SYSTEM_WIDGETS } from '../apps/server/src/modules/widgets/widget-catalogue.data.js';

/** The benchmark report's title; an earlier run's report of this title is reused. */
const BENCH_REPORT_TITLE = 'Benchmark: 10 widgets';

/**
 * Ten widgets a CX team puts on one page: NPS gauge, response card, monthly trend, channel performance, Türkiye
 * map, days of week, segments, product performance, topic bubble and comment highlights.
 */
export const BENCH_REPORT_WIDGETS = [1, 3, 2, 4, 7, 8, 16, 19, 6, 5] as const;

export type CatalogueWidget = {
  id: number;
  kind: string;
  title: string;
  endpoint: string;
  dataFilters: Record<string, unknown>;
};

export type Api = { baseUrl: string; token: string };

/** What the widget dialog asks of a user for some widgets: a segment group, a topic model, experience weights. */
export type BenchSettings = {
  surveyId: number;
  segmentGroupId: number;
  topicModelId: number;
  experienceWeights: { ExperienceId: number; Weight: number }[];
};

/**
 * The dialog's choices for the benchmark, read through the API: the given survey (or the branch survey, the demo's
 * largest), the first segment group, the Turkish topic model and the first weighted experience group.
 */
export async function benchSettings(api: Api, surveyId?: number): Promise<BenchSettings> {
  const surveys = await callApi<{ Id: number; Title: string }[]>(api, 'GET', '/api/surveys');
  const survey = surveyId ?? (surveys.find((s) => /branch|şube/i.test(s.Title)) ?? surveys[0])?.Id;
  const groups = await callApi<{ Id: number }[]>(api, 'GET', '/api/filters/segments');
  const models = await callApi<{ Id: number; Language: string; IsEmotionModel: boolean }[]>(
    api,
    'GET',
    '/api/filters/topic-models',
  );
  const model = models.find((m) => !m.IsEmotionModel && m.Language === 'tr') ?? models[0];
  const weighted = await callApi<{ Items: { ExperienceId: number; Weight: number }[] }[]>(
    api,
    'GET',
    '/api/filters/weighted-experience-groups',
  );
  if (survey === undefined || !groups[0] || !model || !weighted[0]) {
    throw new Error('the tenant lacks a survey, segment group, topic model or weighted experience group');
  }
  return {
    surveyId: survey,
    segmentGroupId: groups[0].Id,
    topicModelId: model.Id,
    experienceWeights: weighted[0].Items.map(({ ExperienceId, Weight }) => ({ ExperienceId, Weight })),
  };
}

/** The dataFilters a widget needs beyond its catalogue defaults, as the dialog would set them. */
function dialogChoices(endpoint: string, settings: BenchSettings): Record<string, unknown> {
  if (endpoint.endsWith('/segments')) return { SegmentGroupId: settings.segmentGroupId };
  if (endpoint.endsWith('/weighted-experience')) return { ExperienceWeights: settings.experienceWeights };
  if (endpoint.startsWith('api/text-analytics/')) return { TopicModelId: settings.topicModelId };
  return {};
}

/** Every widget of the system catalogue, with its data endpoint and dataFilters (defaults plus dialog choices). */
export function catalogueWidgets(settings: BenchSettings): CatalogueWidget[] {
  return SYSTEM_WIDGETS.map((entry) => {
    const config = entry.config as { dataEndpoint: string; dataFilters?: Record<string, unknown> };
    return {
      id: entry.id,
      kind: entry.kind,
      title: `${entry.id} ${entry.kind}`,
      endpoint: config.dataEndpoint,
      dataFilters: { ...config.dataFilters, ...dialogChoices(config.dataEndpoint, settings) },
    };
  });
}

/** One JSON call with the console's headers; throws with the answer's text unless it is 2xx. */
export async function callApi<T>(api: Api, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${api.baseUrl}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${api.token}`,
      language: 'en',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** The widget data call path of a catalogue endpoint ('api/widget-data/nps' -> '/api/widget-data/nps'). */
export const dataPath = (endpoint: string) => `/api/${endpoint.slice(4)}`;

/**
 * Creates the benchmark report (or finds the one an earlier run made) with BENCH_REPORT_WIDGETS, each on the
 * settings' survey; returns its id.
 */
export async function ensureBenchReport(api: Api, settings: BenchSettings): Promise<number> {
  const existing = await callApi<{ Id: number; Title: string }[]>(api, 'GET', '/api/reports');
  const found = existing.find((report) => report.Title === BENCH_REPORT_TITLE);
  if (found) return found.Id;
  const report = await callApi<{ Id: number }>(api, 'POST', '/api/reporteditor', {
    Title: BENCH_REPORT_TITLE,
    Config: '{}',
  });
  const widgets = catalogueWidgets(settings);
  for (const [position, id] of BENCH_REPORT_WIDGETS.entries()) {
    const widget = widgets.find((candidate) => candidate.id === id)!;
    const entry = SYSTEM_WIDGETS.find((candidate) => candidate.id === id)!;
    const config = {
      ...(entry.config as object),
      widgetTitle: widget.title,
      title: widget.title,
      size: { w: position < 4 ? 3 : 6, h: 4 },
      position,
      dataFilters: { ...widget.dataFilters, SurveyId: [settings.surveyId] },
    };
    await callApi(api, 'POST', '/api/reportWidgets', {
      ReportId: report.Id,
      WidgetId: id,
      Config: JSON.stringify(config),
    });
  }
  return report.Id;
}
