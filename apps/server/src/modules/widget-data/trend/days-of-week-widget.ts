import { PARTS_OF_DAY, type DaysOfWeekRow } from '@loupe/contracts';
import type { AnalyticsReplica } from '../../../analytics/replica.js';
import { factsWhere, scoreHistogramGroups, measureOf, timePrefix } from '../shared/score-histogram.js';
import { both, type WidgetQuery } from '../shared/widget-query.js';

/*
 * DaysOfWeekBubbleChart (`days-of-week`) — docs/widgets-performance.md "Days of week". Facts are grouped by the
 * chosen time column's ISO day of week (`<t>_dow`, 1 Monday … 7 Sunday) and part of day (`<t>_pod` 0..5 =
 * PARTS_OF_DAY 00-09, 09-12, 12-15, 15-18, 18-21, 21-00, tenant-local). One row per cell with answers, Monday
 * first, parts of day in order.
 */

export async function daysOfWeekRows(
  replica: AnalyticsReplica,
  query: WidgetQuery,
): Promise<DaysOfWeekRow[]> {
  const prefix = timePrefix(query.dataFilters);
  const where = both(factsWhere(query, 'f'), {
    where: `f.${prefix}_dow IS NOT NULL AND f.${prefix}_pod IS NOT NULL`,
    params: [],
  });
  const cells = (
    await scoreHistogramGroups<'dow' | 'pod', number>(
      replica,
      { dow: `f.${prefix}_dow`, pod: `f.${prefix}_pod` },
      where,
    )
  ).sort((a, b) => Number(a.dow) - Number(b.dow) || Number(a.pod) - Number(b.pod));
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
