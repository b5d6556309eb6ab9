import { and, count, eq } from 'drizzle-orm';
import { ErrorCode, SecurityLevel, type LicenseDetails } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { licenses, reports, tenants, users } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { invalidField } from '../../core/refusals.js';
import { activeUsersOf, countUsers } from '../users/index.js';
import type { SessionCounter } from '../bootstrap/index.js';

const DAY_MS = 86_400_000;

type Deps = { db: Db; countSessions: SessionCounter; now?: () => Date };

/**
 * The licence screen's figures (shell spec §3): the licence of one tenant with what it has used. Validity,
 * ExpireIn and the session counts are computed as the bootstrap's LicenseInfo computes them (calendar year, UTC).
 */
export function createLicenseService({ db, countSessions, now = () => new Date() }: Deps) {
  /** The tenant whose licence the caller reads: its own, or for a tenantless caller the one it names. */
  function tenantOf(actor: Actor, requested: number | undefined): number {
    if (actor.tenantId !== null) {
      if (requested !== undefined && requested !== actor.tenantId)
        throw new AppError(403, ErrorCode.SameTenantRequired);
      return actor.tenantId;
    }
    if (requested === undefined)
      throw invalidField('querystring/tenantId', 'A tenantless caller names the tenant.');
    return requested;
  }

  /** Unlike the power-user cap (users/power-users.ts), the licence screen leaves test users out. */
  function activeUsers(tenantId: number, powerOnly: boolean): Promise<number> {
    return countUsers(
      db,
      and(
        activeUsersOf(tenantId),
        eq(users.isTestUser, false),
        powerOnly ? eq(users.securityLevel, SecurityLevel.Power) : undefined,
      ),
    );
  }

  return {
    async info(actor: Actor, requestedTenantId?: number): Promise<LicenseDetails> {
      const tenantId = tenantOf(actor, requestedTenantId);
      const [row] = await db
        .select({ tenantName: tenants.name, license: licenses })
        .from(tenants)
        .leftJoin(licenses, eq(licenses.tenantId, tenants.id))
        .where(eq(tenants.id, tenantId));
      if (!row) throw notFound(ErrorCode.TenantNotFound);
      const today = now();
      const yearStart = new Date(Date.UTC(today.getUTCFullYear(), 0, 1));
      const [sessions, userCount, powerUserCount, [reportRow]] = await Promise.all([
        countSessions(tenantId, yearStart),
        activeUsers(tenantId, false),
        activeUsers(tenantId, true),
        db.select({ count: count() }).from(reports).where(eq(reports.tenantId, tenantId)),
      ]);
      const { license } = row;
      return {
        TenantId: tenantId,
        TenantName: row.tenantName,
        IsValid: license !== null && license.validFrom <= today && today < license.validUntil,
        ExpireIn: license
          ? Math.max(0, Math.ceil((license.validUntil.getTime() - today.getTime()) / DAY_MS))
          : 0,
        ValidFrom: license?.validFrom.toISOString() ?? null,
        ValidUntil: license?.validUntil.toISOString() ?? null,
        PackageName: license?.packageName ?? null,
        SessionLimitPerYear: license?.sessionLimitPerYear ?? 0,
        SessionCount: sessions.internal,
        ExternalSurveySessionLimitPerYear: license?.externalSessionLimitPerYear ?? 0,
        ExternalSurveySessionCount: sessions.external,
        DataRetentionTimeInMonths: license?.dataRetentionMonths ?? 0,
        UserLimit: license?.userLimit ?? 0,
        UserCount: userCount,
        PowerUserLimit: license?.powerUserLimit ?? 0,
        PowerUserCount: powerUserCount,
        IsAIModuleActive: license?.isAiModuleActive ?? false,
        IsDataCollectorActive: license?.isDataCollectorActive ?? false,
        ReportCount: reportRow?.count ?? 0,
      };
    },
  };
}
