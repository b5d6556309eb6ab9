import { z } from 'zod';
import { int32IdParam } from '../input-bounds.js';

/*
 * `GET /api/license-info` (scope license; shell spec §3 "Licence info"): the caller's tenant's licence with what
 * it has used. Limits of 0 mean unlimited; DataRetentionTimeInMonths 0 keeps data for ever.
 */

/** A tenantless caller names the tenant whose licence it reads; a tenant-bound caller reads its own. */
export const licenseInfoQuerySchema = z.object({ tenantId: int32IdParam.optional() });

export const licenseDetailsSchema = z.object({
  TenantId: z.number().int(),
  TenantName: z.string(),
  /** False when the tenant has no licence, or today is outside ValidFrom–ValidUntil. */
  IsValid: z.boolean(),
  /** Whole days until ValidUntil (0 once passed). */
  ExpireIn: z.number().int(),
  ValidFrom: z.string().nullable(),
  ValidUntil: z.string().nullable(),
  PackageName: z.string().nullable(),
  /** Sessions of the calendar year (UTC) against the yearly limits, as the bootstrap's LicenseInfo counts them. */
  SessionLimitPerYear: z.number().int(),
  SessionCount: z.number().int(),
  ExternalSurveySessionLimitPerYear: z.number().int(),
  ExternalSurveySessionCount: z.number().int(),
  DataRetentionTimeInMonths: z.number().int(),
  /** Active users of the tenant (test users not counted). */
  UserLimit: z.number().int(),
  UserCount: z.number().int(),
  /** Active users of security level 1 (Power User). */
  PowerUserLimit: z.number().int(),
  PowerUserCount: z.number().int(),
  IsAIModuleActive: z.boolean(),
  IsDataCollectorActive: z.boolean(),
  /** Saved reports of the tenant. */
  ReportCount: z.number().int(),
});
export type LicenseDetails = z.infer<typeof licenseDetailsSchema>;
