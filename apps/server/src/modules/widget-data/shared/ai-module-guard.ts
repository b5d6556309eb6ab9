import { ErrorCode } from '@loupe/contracts';
import type { Executor } from '../../../db/executor.js';
import { AppError, forbidden } from '../../../errors.js';
import type { Actor } from '../../../core/actor.js';
import { aiModuleActive } from '../../widgets/index.js';

/**
 * The text-analytics endpoints' gate (reports spec §6; docs/metrics.md): they answer 403 with code 2507
 * (widget locked) unless the caller's tenant has the AI module in its licence. A tenantless caller reads no
 * tenant's widgets: plain 403, as `loadWidgetQuery` answers it.
 */
export async function assertAiModule(db: Executor, actor: Actor): Promise<void> {
  if (actor.tenantId === null) throw forbidden();
  if (!(await aiModuleActive(db, actor.tenantId))) {
    throw new AppError(403, ErrorCode.WidgetLocked);
  }
}
