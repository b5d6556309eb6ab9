import { z } from 'zod';

/** `POST /api/audits`: type 6 logout (scope 'Logout', data the user name), type 7 page visit (scope the path). */
export const createAuditSchema = z.object({
  OperationType: z.number().int().min(0).max(1000),
  OperationScope: z.string().trim().min(1).max(500),
  OperationData: z.string().max(4000).optional().default(''),
});
export type CreateAudit = z.infer<typeof createAuditSchema>;

export const auditSchema = z.object({
  Id: z.number().int(),
  OperationType: z.number().int(),
  OperationScope: z.string(),
  OperationData: z.string(),
  UserId: z.number().int().nullable(),
  UserName: z.string().nullable(),
  TenantId: z.number().int().nullable(),
  CreatedDate: z.string(),
});
export type Audit = z.infer<typeof auditSchema>;
