import { AuditOperationType, type CreateAudit } from '@loupe/contracts';
import { z } from 'zod';
import { apiRequest } from './api-client';

/**
 * `POST /api/audits`. Auditing never interrupts the user: failures are logged to the console, not shown.
 */
async function recordAudit(audit: CreateAudit): Promise<void> {
  try {
    await apiRequest({
      path: '/api/audits',
      method: 'POST',
      body: audit,
      schema: z.unknown(),
      showErrorDialog: false,
    });
  } catch (error) {
    console.warn('audit not recorded', audit.OperationType, error);
  }
}

/** Type 7: a page visit, with the path as scope and the route name as data (shell spec §7). */
export function recordPageVisit({ path, routeName }: { path: string; routeName: string }): Promise<void> {
  return recordAudit({
    OperationType: AuditOperationType.PageVisit,
    OperationScope: path,
    OperationData: routeName,
  });
}

/** Type 6: a sign-out, with the user name as data. */
export function recordSignOut(userName: string): Promise<void> {
  return recordAudit({
    OperationType: AuditOperationType.Logout,
    OperationScope: 'Logout',
    OperationData: userName,
  });
}
