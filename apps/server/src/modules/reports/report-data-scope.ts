import { eq } from 'drizzle-orm';
import type { ReportConfig, ReportFilter } from '@loupe/contracts';
import type { DataRestrictions } from '../../analytics/filter-compiler.js';
import type { Executor } from '../../db/executor.js';
import { users } from '../../db/schema/index.js';
import { unauthorized } from '../../errors.js';
import type { Actor } from '../../core/actor.js';

/*
 * Scoped data (reports spec §6, issue 6 deliverable 6), the server's half. Two layers:
 * - The caller's restrictions (users.transaction_channel_ids, product_ids, employee_ids) are ANDed to every
 *   widget query by the filter compiler (`compileFilter({ restrictions })`), whatever the report or filter says.
 * - A report whose Config has `scopedData: true` is, in addition, pre-filtered by the caller's FIRST channel and
 *   FIRST product when the filter names none (`scopedReportFilter`). The web does the same in the filter panel
 *   (values kept on Clear); the server repeats it so a request without them still gets the scoped view.
 *   `scopedDataForEmployee` needs nothing more: the employee restriction is in the first layer.
 * Restrictions are read from the database on every request — there is no cache — so a change counts at once
 * (the spec allows up to 5 minutes).
 */

/**
 * The caller's restrictions, read now (no cache). They fail closed: a caller whose user row cannot be read, or
 * belongs to another tenant, is refused (401) rather than read as unrestricted; a failed read fails the request.
 */
export async function loadDataRestrictions(executor: Executor, actor: Actor): Promise<DataRestrictions> {
  const [row] = await executor
    .select({
      transactionChannelIds: users.transactionChannelIds,
      productIds: users.productIds,
      employeeIds: users.employeeIds,
      tenantId: users.tenantId,
    })
    .from(users)
    .where(eq(users.id, actor.userId));
  // A tenantless installation operator's own lists apply wherever it acts; anyone else acts in their tenant only.
  if (!row || (row.tenantId !== null && row.tenantId !== actor.tenantId)) throw unauthorized();
  return {
    transactionChannelIds: row.transactionChannelIds,
    productIds: row.productIds,
    employeeIds: row.employeeIds,
  };
}

/** A report filter with the scoped report's pre-filter added (see above); the input is not changed. */
export function scopedReportFilter(
  filter: ReportFilter,
  config: Pick<ReportConfig, 'scopedData'>,
  restrictions: DataRestrictions,
): ReportFilter {
  if (config.scopedData !== true) return filter;
  const result: ReportFilter = { ...filter };
  const [channel] = restrictions.transactionChannelIds;
  const [product] = restrictions.productIds;
  if (channel !== undefined && !filter.ChannelSet?.Ids.length) result.ChannelSet = { Ids: [channel] };
  if (product !== undefined && !filter.ProductSet?.Ids.length) result.ProductSet = { Ids: [product] };
  return result;
}
