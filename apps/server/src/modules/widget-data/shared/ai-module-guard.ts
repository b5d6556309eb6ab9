import { AI_TIME_COLUMN_IDS, ErrorCode, type WidgetDataRequest } from '@loupe/contracts';
import type { Executor } from '../../../db/executor.js';
import { AppError, forbidden, invalidValue } from '../../../errors.js';
import type { Actor } from '../../../core/actor.js';
import { aiModuleActive } from '../../widgets/index.js';

/**
 * The text-analytics endpoints' gate (reports spec §6; docs/metrics.md): they answer 403 with code 2507
 * (widget locked) unless the caller's tenant has the AI module in its licence. A tenantless caller reads no
 * tenant's widgets: plain 403, as `loadWidgetQuery` answers it. A request past the gate may pick only the time
 * columns of an AI widget (reports spec §5, AI_TIME_COLUMN_IDS): another is 400 3333 on DataFilters.TimeColumn.
 */
export async function assertAiModule(db: Executor, actor: Actor, body: WidgetDataRequest): Promise<void> {
  if (actor.tenantId === null) throw forbidden();
  if (!(await aiModuleActive(db, actor.tenantId))) {
    throw new AppError(403, ErrorCode.WidgetLocked);
  }
  const timeColumn = body.DataFilters?.TimeColumn;
  if (timeColumn && !AI_TIME_COLUMN_IDS.includes(timeColumn)) {
    throw invalidValue('DataFilters.TimeColumn');
  }
}
