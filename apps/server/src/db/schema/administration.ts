import { boolean, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from './identity.js';

/**
 * Configuration of the services the console talks to (mail, SMS, FTP, AI, …), per tenant. `configType` narrows a
 * section to one variant ('*' applies to all). Credential sections are masked when read back.
 */
export const serviceConfigurations = pgTable(
  'service_configurations',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').references(() => tenants.id),
    section: text('section').notNull(),
    jsonConfig: text('json_config').notNull().default('{}'),
    isCredential: boolean('is_credential').notNull().default(false),
    serviceType: text('service_type').notNull().default(''),
    subServiceType: text('sub_service_type').notNull().default(''),
    configType: text('config_type').notNull().default('*'),
  },
  (t) => [uniqueIndex('service_configurations_key').on(t.tenantId, t.section, t.configType)],
);

/**
 * A tenant's contact rules (shell spec §3): how many invitations a customer may get, the days between two
 * contacts, and per CATI opt-out reason the days before the customer may be called again.
 */
export const systemRules = pgTable('system_rules', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  invitationLimit: integer('invitation_limit').notNull().default(0),
  contactFrequencyDays: integer('contact_frequency_days').notNull().default(0),
  catiOptoutFrequencies: jsonb('cati_optout_frequencies')
    .$type<{ Reason: string; Days: number }[]>()
    .notNull()
    .default([]),
});
