import {
  clampRange,
  daysOfWeekCellSchema,
  defaultRange,
  DEFAULT_TIME_COLUMN,
  normaliseFilter,
  reportFilterSchema,
  TIME_COLUMN_IDS,
  trendPointSchema,
  type DayRange,
  type DaysOfWeekCell,
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

/**
 * `widget`: lineage (docs/responses-analyzer.md "Lineage"), the report widget whose responses are listed: the
 * server reads that widget's dataFilters (its time column among them), so the figure's count is reproduced.
 * `group`: with a widget, one bar of a grouped chart (its row's CategoryId); the count is then that bar's.
 * `point`: with a widget and no bar, one point of a trend (its row's Category); the count is then that point's.
 * `location`: with a widget and no bar or point, one region of a map (its row's LocationId); `segment`: with a
 * widget and none of those, one segment of a per-segment gauge (its row's SegmentId). The count is then theirs.
 * `weekday` and `partOfDay` (the `cell`): with a widget and none of those, one cell of the days-of-week chart (its
 * row's WeekOfDay and PartOfDay); the count is then that cell's.
 */
export type AnalyzerState = {
  range: DayRange;
  timeColumn: TimeColumn;
  panel: PanelFilter;
  widget?: number;
  group?: number;
  point?: string;
  location?: number;
  segment?: number;
  cell?: DaysOfWeekCell;
};

const INT32_MAX = 2_147_483_647;

/** A widget id of the address: a positive int32, else none. */
function widgetOf(value: string | null): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id >= 1 && id <= INT32_MAX ? id : undefined;
}

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
  const widget = widgetOf(params.get('widget'));
  // A bar only of a widget (the same int32 rule as the widget's id).
  const group = widget === undefined ? undefined : widgetOf(params.get('group'));
  // A point only of a widget and not with a bar, a trend bucket's label as the server takes it.
  const pointParam = params.get('point');
  const point =
    widget === undefined || group !== undefined || !trendPointSchema.safeParse(pointParam).success
      ? undefined
      : (pointParam ?? undefined);
  // A region, then a segment, only of a widget and without an earlier part (the server takes one Group).
  const location =
    widget === undefined || group !== undefined || point !== undefined
      ? undefined
      : widgetOf(params.get('location'));
  const segment =
    widget === undefined || group !== undefined || point !== undefined || location !== undefined
      ? undefined
      : widgetOf(params.get('segment'));
  // A cell last: both its keys, as the server takes them (a weekday 1..7 and one of PARTS_OF_DAY), else none.
  const cellParsed = daysOfWeekCellSchema.safeParse({
    WeekOfDay: /^[1-7]$/.test(params.get('weekday') ?? '') ? Number(params.get('weekday')) : undefined,
    PartOfDay: params.get('partOfDay') ?? undefined,
  });
  const cell =
    widget === undefined ||
    group !== undefined ||
    point !== undefined ||
    location !== undefined ||
    segment !== undefined ||
    !cellParsed.success
      ? undefined
      : cellParsed.data;
  return {
    range: clampRange(range, now, retentionMonths),
    timeColumn,
    panel,
    ...(widget === undefined ? {} : { widget }),
    ...(group === undefined ? {} : { group }),
    ...(point === undefined ? {} : { point }),
    ...(location === undefined ? {} : { location }),
    ...(segment === undefined ? {} : { segment }),
    ...(cell === undefined ? {} : { cell }),
  };
}

/** The address of a state. */
export function analyzerParams({
  range: [from, to],
  timeColumn,
  panel,
  widget,
  group,
  point,
  location,
  segment,
  cell,
}: AnalyzerState): URLSearchParams {
  const params = new URLSearchParams({
    from: from.format(DAY_FORMAT),
    to: to.format(DAY_FORMAT),
    timeColumn,
  });
  const filter = normaliseFilter(panel);
  if (Object.keys(filter).length > 0) params.set('filter', JSON.stringify(filter));
  if (widget !== undefined) params.set('widget', String(widget));
  if (widget !== undefined && group !== undefined) params.set('group', String(group));
  else if (widget !== undefined && point !== undefined) params.set('point', point);
  else if (widget !== undefined && location !== undefined) params.set('location', String(location));
  else if (widget !== undefined && segment !== undefined) params.set('segment', String(segment));
  else if (widget !== undefined && cell !== undefined) {
    params.set('weekday', String(cell.WeekOfDay));
    params.set('partOfDay', cell.PartOfDay);
  }
  return params;
}

/**
 * The body's `Widget.Group`: the bar (CategoryId), else the point (Category), else the region (LocationId), else
 * the segment (SegmentId), else the cell (WeekOfDay and PartOfDay), else none.
 */
function widgetGroup({
  group,
  point,
  location,
  segment,
  cell,
}: Pick<AnalyzerState, 'group' | 'point' | 'location' | 'segment' | 'cell'>): Pick<LineageWidget, 'Group'> {
  if (group !== undefined) return { Group: { CategoryId: group } };
  if (point !== undefined) return { Group: { Category: point } };
  if (location !== undefined) return { Group: { LocationId: location } };
  if (segment !== undefined) return { Group: { SegmentId: segment } };
  return cell === undefined ? {} : { Group: { WeekOfDay: cell.WeekOfDay, PartOfDay: cell.PartOfDay } };
}

type LineageWidget = NonNullable<ResponsesAnalyzerFilter['Widget']>;

/** The grid's body: the report filter with its TimeRange as calendar days, and the time column. */
export function analyzerBody({
  range: [from, to],
  timeColumn,
  panel,
  widget,
  ...part
}: AnalyzerState): ResponsesAnalyzerFilter {
  return {
    ...normaliseFilter(panel),
    TimeRange: [from.format(DAY_FORMAT), to.format(DAY_FORMAT)],
    TimeColumn: timeColumn,
    ...(widget === undefined ? {} : { Widget: { WidgetId: widget, ...widgetGroup(part) } }),
  };
}
