import { and, eq, isNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  PRODUCT_CODE_NAME,
  configurationSectionIssues,
  PRODUCT_VERSION,
  USER_TYPE_NAMES,
  type Bootstrap,
  type LicenseInfo,
  type SecurityLevel,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { licenses, systemConfigurations, translations } from '../../db/schema/index.js';
import { createSharedReads } from '../../db/share-running.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import type { IdentityRepository } from '../auth/index.js';
import { customDataNamesOf } from '../custom-data/index.js';
import { templateCoverage } from '../message-templates/index.js';

const DAY_MS = 86_400_000;

/** Counts the sessions a licence year has used; the survey data model supplies the real counter. */
export type SessionCounter = (
  tenantId: number,
  since: Date,
) => Promise<{ internal: number; external: number }>;

/** The `Language` of a LanguagePreference section that passed its check; null without one. */
function preferredLanguage(json: string | undefined): string | null {
  if (json === undefined) return null;
  const { Language } = JSON.parse(json) as { Language?: string };
  return Language ?? null;
}

type Deps = { db: Db; identity: IdentityRepository; countSessions: SessionCounter; now?: () => Date };

export function createBootstrapService({ db, identity, countSessions, now = () => new Date() }: Deps) {
  const shareRunning = createSharedReads();

  async function licenseInfo(
    tenantId: number | null,
  ): Promise<LicenseInfo & { aiActive: boolean; collectorActive: boolean }> {
    const [license] =
      tenantId === null ? [] : await db.select().from(licenses).where(eq(licenses.tenantId, tenantId));
    if (!license || tenantId === null) {
      return {
        IsValid: tenantId === null,
        ExpireIn: 0,
        SessionLimitPerYear: 0,
        SessionCount: 0,
        ExternalSurveySessionLimitPerYear: 0,
        ExternalSurveySessionCount: 0,
        DataRetentionTimeInMonths: 0,
        aiActive: false,
        collectorActive: false,
      };
    }
    const today = now();
    const yearStart = new Date(Date.UTC(today.getUTCFullYear(), 0, 1));
    const used = await countSessions(tenantId, yearStart);
    return {
      IsValid: license.validFrom <= today && today < license.validUntil,
      ExpireIn: Math.max(0, Math.ceil((license.validUntil.getTime() - today.getTime()) / DAY_MS)),
      SessionLimitPerYear: license.sessionLimitPerYear,
      SessionCount: used.internal,
      ExternalSurveySessionLimitPerYear: license.externalSessionLimitPerYear,
      ExternalSurveySessionCount: used.external,
      DataRetentionTimeInMonths: license.dataRetentionMonths,
      aiActive: license.isAiModuleActive,
      collectorActive: license.isDataCollectorActive,
    };
  }

  return {
    /** `log` hears of stored sections that break their shape; they are left out, so the console uses its defaults. */
    async get(actor: Actor, log: FastifyBaseLogger): Promise<Bootstrap> {
      const tenantFilter = (column: typeof systemConfigurations.tenantId | typeof translations.tenantId) =>
        actor.tenantId === null ? isNull(column) : or(isNull(column), eq(column, actor.tenantId));
      // What is the same for every user of the tenant (licence, synced sections, translations) is read once for
      // the tenant's bootstraps running at the time; the user's own rows are read alongside, not before.
      const tenantReads = () =>
        Promise.all([
          licenseInfo(actor.tenantId),
          db
            .select()
            .from(systemConfigurations)
            .where(
              and(eq(systemConfigurations.syncWithClient, true), tenantFilter(systemConfigurations.tenantId)),
            ),
          db.select().from(translations).where(tenantFilter(translations.tenantId)),
          templateCoverage(db, actor.tenantId),
          actor.tenantId === null ? undefined : customDataNamesOf(db, actor.tenantId),
        ]);
      const [user, roleRows, [license, configRows, translationRows, templateRows, customDataNames]] =
        await Promise.all([
          identity.findUserById(actor.userId),
          identity.rolesOfUser(actor.userId),
          shareRunning(`tenant:${actor.tenantId ?? 'none'}`, tenantReads),
        ]);
      if (!user || user.tenantId !== actor.tenantId) throw notFound();
      const configurations = configRows
        .filter((row) => {
          const issues = configurationSectionIssues(row.section, row.jsonConfig);
          if (issues.length === 0) return true;
          log.warn(
            { section: row.section, configurationId: row.id, fields: issues.map((issue) => issue.field) },
            'stored configuration section breaks its shape; bootstrap leaves it out',
          );
          return false;
        })
        .map((row) => ({ Section: row.section, JsonConfig: row.jsonConfig }));
      const preference = configurations.find((row) => row.Section === 'LanguagePreference');
      const securityLevel = user.securityLevel as SecurityLevel;
      const { aiActive, collectorActive, ...licenseFields } = license;
      return {
        Version: PRODUCT_VERSION,
        ManagementUiVersion: PRODUCT_VERSION,
        CodeName: PRODUCT_CODE_NAME,
        LicenseInfo: licenseFields,
        MessageTemplates: templateRows,
        LanguagePreference: preferredLanguage(preference?.JsonConfig),
        StageExpireInDay: 30,
        StageExpireInHours: 0,
        IsAIModuleActive: aiActive,
        IsDataCollectorActive: collectorActive,
        Translation: translationRows.map((row) => ({ Language: row.language, Value: row.value })),
        // The tenant's names of CustomData1–10; none until it names them (the console words "Custom data N").
        CustomDataMappings: (customDataNames ?? []).map((Name, index) => ({ No: index + 1, Name })),
        Configurations: configurations,
        User: {
          Id: user.id,
          UserName: user.userName,
          FullName: user.fullName,
          Email: user.email,
          MSISDN: user.msisdn,
          Title: user.title,
          Department: user.department,
          Language: user.language,
          Type: securityLevel,
          UserType: USER_TYPE_NAMES[securityLevel],
          TenantId: user.tenantId,
          TwoFactorEnabled: user.twoFactorEnabled,
          SecurityLevel: securityLevel,
          Roles: roleRows.map((role) => ({ Id: role.id, Name: role.name })),
          // The token's scopes: what this sign-in may do, as the guards see it.
          Scopes: [...actor.scopes],
          TransactionChannels: user.transactionChannelIds,
          Products: user.productIds,
          Employees: user.employeeIds,
        },
      };
    },
  };
}

export type BootstrapService = ReturnType<typeof createBootstrapService>;
