import { eq } from 'drizzle-orm';
import { DEFAULT_SYSTEM_RULES, type SystemRules } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { systemRules } from '../../db/schema/index.js';
import { requireTenant, type Actor } from '../../core/actor.js';

/**
 * A tenant's contact rules, one row per tenant; a tenant that never saved them has the defaults. Rules belong
 * to a tenant, so a tenantless caller is refused (403, 2100).
 */
export function createSystemRulesService({ db }: { db: Db }) {
  return {
    async get(actor: Actor): Promise<SystemRules> {
      const tenantId = requireTenant(actor);
      const [row] = await db.select().from(systemRules).where(eq(systemRules.tenantId, tenantId));
      if (!row) return DEFAULT_SYSTEM_RULES;
      return {
        InvitationLimit: row.invitationLimit,
        ContactFrequencyDays: row.contactFrequencyDays,
        CatiOptoutFrequencies: row.catiOptoutFrequencies,
      };
    },

    async save(actor: Actor, rules: SystemRules): Promise<SystemRules> {
      const tenantId = requireTenant(actor);
      const values = {
        invitationLimit: rules.InvitationLimit,
        contactFrequencyDays: rules.ContactFrequencyDays,
        // Stored as the body schema trimmed them.
        catiOptoutFrequencies: rules.CatiOptoutFrequencies.map(({ Reason, Days }) => ({ Reason, Days })),
      };
      await db
        .insert(systemRules)
        .values({ tenantId, ...values })
        .onConflictDoUpdate({ target: systemRules.tenantId, set: values });
      return this.get(actor);
    },
  };
}
