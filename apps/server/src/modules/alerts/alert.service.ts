import { hasAnyScope } from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import type { AlertRepository } from './alert.repository.js';

/** Alert read status: 0 unread, 1 read (`alertOperatorStatus` in the bell's count call). */
export type AlertReadStatus = 0 | 1;

export function createAlertService({ repository }: { repository: AlertRepository }) {
  return {
    /**
     * The bell's number: alerts of the caller's tenant with this read status. alert:readall sees every alert;
     * alert:read and alert:manage see those assigned to the caller or to one of the caller's roles.
     */
    count(actor: Actor, readStatus: AlertReadStatus): Promise<number> {
      const tenantId = requireTenant(actor);
      const seesAll = hasAnyScope(actor.scopes, ['alert:readall']);
      return repository.count({ tenantId, readStatus, assignedTo: seesAll ? 'anyone' : actor.userId });
    },
  };
}
