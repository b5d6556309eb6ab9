import {
  clampRange,
  defaultRange,
  DEFAULT_TIME_COLUMN,
  normaliseFilter,
  reportFilterSchema,
  TIME_COLUMN_IDS,
  type DayRange,
  type ReportFilter,
  type ResponsesAnalyzerFilter,
  type TimeColumn,
} from '@loupe/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/*
 * The analyzer's filter lives in the address, so the back button from a response, a reload and the home counter's
 * link keep it: `from` and `to` (calendar days), `timeColumn` (the date the range is on) and `filter` (the filter
 * panel's properties as JSON). Pure, so the page only renders.
 */

const DAY_FORMAT = 'YYYY-MM-DD';

/** What the filter panel and chips hold: the report filter without its time range. */
type PanelFilter = Omit<ReportFilter, 'TimeRange' | 'TimePeriod'>;

export type AnalyzerState = { range: DayRange; timeColumn: TimeColumn; panel: PanelFilter };

const panelSchema = reportFilterSchema.omit({ TimeRange: true, TimePeriod: true });

function dayOf(value: string | null): Dayjs | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const day = dayjs(value);
  return day.isValid() && day.format(DAY_FORMAT) === value ? day : undefined;
}

/** The state in the address: valid days (else this year), a known time column (else the transaction date). */
export function analyzerStateOf(params: URLSearchParams, now: Dayjs, retentionMonths: number): AnalyzerState {
  const from = dayOf(params.get('from'));
  const to = dayOf(params.get('to'));
  const range: DayRange = from && to && !from.isAfter(to, 'day') ? [from, to] : defaultRange(now);
  const column = params.get('timeColumn');
  const timeColumn = TIME_COLUMN_IDS.find((id) => id === column) ?? DEFAULT_TIME_COLUMN;
  let panel: PanelFilter = {};
  try {
    const parsed = panelSchema.safeParse(JSON.parse(params.get('filter') ?? '{}'));
    if (parsed.success) panel = normaliseFilter(parsed.data);
  } catch {
    // Not JSON: no panel filter.
  }
  return { range: clampRange(range, now, retentionMonths), timeColumn, panel };
}

/** The address of a state. */
export function analyzerParams({ range: [from, to], timeColumn, panel }: AnalyzerState): URLSearchParams {
  const params = new URLSearchParams({
    from: from.format(DAY_FORMAT),
    to: to.format(DAY_FORMAT),
    timeColumn,
  });
  const filter = normaliseFilter(panel);
  if (Object.keys(filter).length > 0) params.set('filter', JSON.stringify(filter));
  return params;
}

/** The grid's body: the report filter with its TimeRange as calendar days, and the time column. */
export function analyzerBody({
  range: [from, to],
  timeColumn,
  panel,
}: AnalyzerState): ResponsesAnalyzerFilter {
  return {
    ...normaliseFilter(panel),
    TimeRange: [from.format(DAY_FORMAT), to.format(DAY_FORMAT)],
    TimeColumn: timeColumn,
  };
}
