import { z } from 'zod';
import { AuditOperationType } from '../enums.js';

/**
 * `POST /api/audits`: type 6 logout (scope 'Logout', data the user name), type 7 page visit (scope the path).
 * No other type: everything else is recorded by the server itself, so a client cannot forge it (400 / 3333).
 */
export const createAuditSchema = z.object({
  OperationType: z.union([z.literal(AuditOperationType.Logout), z.literal(AuditOperationType.PageVisit)]),
  OperationScope: z.string().trim().min(1).max(500),
  OperationData: z.string().max(4000).optional().default(''),
});
export type CreateAudit = z.infer<typeof createAuditSchema>;
