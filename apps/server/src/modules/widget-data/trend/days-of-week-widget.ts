import { PARTS_OF_DAY, type DaysOfWeekCell, type DaysOfWeekRow } from '@loupe/contracts';
import type { CompiledFilter } from '../../../analytics/filter-compiler.js';
import type { AnalyticsReplica } from '../../../analytics/replica.js';
import { factsWhere, scoreHistogramGroups, measureOf, timePrefix } from '../shared/score-histogram.js';
import { both, type WidgetQuery } from '../shared/widget-query.js';

/*
 * DaysOfWeekBubbleChart (`days-of-week`) — docs/widgets-performance.md "Days of week". Facts are grouped by the
 * chosen time column's ISO day of week (`<t>_dow`, 1 Monday … 7 Sunday) and part of day (`<t>_pod` 0..5 =
 * PARTS_OF_DAY 00-09, 09-12, 12-15, 15-18, 18-21, 21-00, tenant-local). One row per cell with answers, Monday
 * first, parts of day in order.
 */

/**
 * What the chart groups: the widget's facts within the filter that have a weekday and a part of day on its time
 * column, and those two columns. The cells and the lineage of one cell (`daysOfWeekCellFacts`) both read it, so
 * a cell's facts are its Responses.
 */
function daysOfWeekGrouping(query: WidgetQuery): { dow: string; pod: string; where: CompiledFilter } {
  const prefix = timePrefix(query.dataFilters);
  const dow = `f.${prefix}_dow`;
  const pod = `f.${prefix}_pod`;
  const where = both(factsWhere(query, 'f'), {
    where: `${dow} IS NOT NULL AND ${pod} IS NOT NULL`,
    params: [],
  });
  return { dow, pod, where };
}

/**
 * Lineage of one cell (docs/responses-analyzer.md "Lineage"): the facts the chart counts in the cell whose row's
 * WeekOfDay and PartOfDay are the given ones — the chart's own facts AND its weekday and part-of-day columns equal
 * to the cell's (the part of day's index in PARTS_OF_DAY, as the rows name it) — so their count is the cell's
 * Responses (none for a cell without answers).
 */
export function daysOfWeekCellFacts(query: WidgetQuery, cell: DaysOfWeekCell): CompiledFilter {
  const { dow, pod, where } = daysOfWeekGrouping(query);
  return both(where, {
    where: `${dow} = ? AND ${pod} = ?`,
    params: [cell.WeekOfDay, PARTS_OF_DAY.indexOf(cell.PartOfDay)],
  });
}

export async function daysOfWeekRows(
  replica: AnalyticsReplica,
  query: WidgetQuery,
): Promise<DaysOfWeekRow[]> {
  const { dow, pod, where } = daysOfWeekGrouping(query);
  const cells = (await scoreHistogramGroups<'dow' | 'pod', number>(replica, { dow, pod }, where)).sort(
    (a, b) => Number(a.dow) - Number(b.dow) || Number(a.pod) - Number(b.pod),
  );
  return cells.map((cell) => {
    const measure = measureOf(cell, query.dataFilters);
    return {
      WeekOfDay: Number(cell.dow),
      PartOfDay: PARTS_OF_DAY[Number(cell.pod)] ?? PARTS_OF_DAY[0],
      Value: measure.value,
      Responses: measure.responses,
    };
  });
}
