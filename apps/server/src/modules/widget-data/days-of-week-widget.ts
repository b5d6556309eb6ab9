import { PARTS_OF_DAY, type DaysOfWeekRow } from '@loupe/contracts';
import type { AnalyticsReplica } from '../../analytics/replica.js';
import {
  factsWhere,
  measureAggregates,
  measureOf,
  replicaRows,
  timePrefix,
  type MeasureRow,
} from './performance-measure.js';
import type { WidgetQuery } from './widget-query.js';

/*
 * DaysOfWeekBubbleChart (`days-of-week`) — docs/widgets-performance.md "Days of week". Facts are grouped by the
 * chosen time column's ISO day of week (`<t>_dow`, 1 Monday … 7 Sunday) and part of day (`<t>_pod` 0..5 =
 * PARTS_OF_DAY 00-09, 09-12, 12-15, 15-18, 18-21, 21-00, tenant-local). One row per cell with answers, Monday
 * first, parts of day in order.
 */

type CellRow = MeasureRow & { dow: number; pod: number };

export async function daysOfWeekRows(
  replica: AnalyticsReplica,
  query: WidgetQuery,
): Promise<DaysOfWeekRow[]> {
  const prefix = timePrefix(query.dataFilters);
  const where = factsWhere(query, 'f');
  const cells = await replicaRows<CellRow>(
    replica,
    `SELECT f.${prefix}_dow AS dow, f.${prefix}_pod AS pod, ${measureAggregates('f')}
       FROM facts f
      WHERE ${where.where} AND f.${prefix}_dow IS NOT NULL AND f.${prefix}_pod IS NOT NULL
      GROUP BY f.${prefix}_dow, f.${prefix}_pod
      ORDER BY dow, pod`,
    where,
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
