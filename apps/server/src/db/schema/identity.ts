import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const tenants = pgTable('tenants', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  /** IANA time zone the tenant reads its reports in: report days and months are its days; times are instants. */
  timeZone: text('time_zone').notNull().default('Europe/Istanbul'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const licenses = pgTable('licenses', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  sessionLimitPerYear: integer('session_limit_per_year').notNull().default(0),
  externalSessionLimitPerYear: integer('external_session_limit_per_year').notNull().default(0),
  dataRetentionMonths: integer('data_retention_months').notNull().default(0),
  userLimit: integer('user_limit').notNull().default(0),
  powerUserLimit: integer('power_user_limit').notNull().default(0),
  isAiModuleActive: boolean('is_ai_module_active').notNull().default(true),
  isDataCollectorActive: boolean('is_data_collector_active').notNull().default(false),
  packageName: text('package_name').notNull().default('Enterprise'),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').references(() => tenants.id),
    userName: text('user_name').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email'),
    msisdn: text('msisdn'),
    title: text('title'),
    department: text('department'),
    language: text('language'),
    securityLevel: smallint('security_level').notNull().default(2),
    isActive: boolean('is_active').notNull().default(true),
    isTestUser: boolean('is_test_user').notNull().default(false),
    emailConfirmed: boolean('email_confirmed').notNull().default(true),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** Base32 TOTP secret; set during two-factor set-up, confirmed when twoFactorEnabled turns true. */
    twoFactorSecret: text('two_factor_secret'),
    /** SHA-256 hashes of the unused recovery codes. */
    recoveryCodeHashes: text('recovery_code_hashes')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The OpenID Connect subject (`iss|sub`) this user signs in as through SSO. */
    ssoSubject: text('sso_subject'),
    trialExpireDate: timestamp('trial_expire_date', { withTimezone: true }),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    passwordExpireDate: timestamp('password_expire_date', { withTimezone: true }),
    /**
     * Carried in every access token (`ver`); raised to end the user's sessions (password, activation, roles,
     * tenant, "sign out everywhere"), so older tokens are refused (modules/auth/session-state.ts).
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Restrictions that trim what the user may see: transaction channel, product and employee ids. */
    transactionChannelIds: integer('transaction_channel_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    productIds: integer('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    employeeIds: integer('employee_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_user_name_key').on(sql`lower(${t.userName})`),
    index('users_email_idx').on(sql`lower(${t.email})`),
    index('users_tenant_idx').on(t.tenantId),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').references(() => tenants.id),
    name: text('name').notNull(),
    securityLevel: smallint('security_level').notNull().default(2),
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_tenant_name_key').on(t.tenantId, t.name)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    tenantId: integer('tenant_id').references(() => tenants.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    /** The first role (lowest position) is the user's role (shell spec §6). */
    position: smallint('position').notNull().default(0),
  },
  (t) => [uniqueIndex('user_roles_key').on(t.userId, t.roleId), index('user_roles_role_idx').on(t.roleId)],
);

export const oauthClients = pgTable('oauth_clients', {
  id: text('id').primaryKey(),
  tenantId: integer('tenant_id').references(() => tenants.id),
  name: text('name').notNull(),
  secretHash: text('secret_hash'),
  applicationType: smallint('application_type').notNull().default(0),
  active: boolean('active').notNull().default(true),
  allowedOrigin: text('allowed_origin').notNull().default('*'),
  accessTokenLifetime: integer('access_token_lifetime').notNull().default(900),
  refreshTokenLifetime: integer('refresh_token_lifetime').notNull().default(2_592_000),
  /** Scopes the client may carry; an empty list means every scope the user holds. */
  scopes: text('scopes')
    .array()
    .notNull()
    .default(sql`'{}'`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    tenantId: integer('tenant_id').references(() => tenants.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    /** Every token rotated from one sign-in shares a family; replaying a used token revokes the family. */
    familyId: uuid('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

export const audits = pgTable(
  'audits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id').references(() => tenants.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name'),
    operationType: integer('operation_type').notNull(),
    operationScope: text('operation_scope').notNull(),
    operationData: text('operation_data').notNull().default(''),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audits_tenant_created_idx').on(t.tenantId, t.createdAt)],
);

/** Per-tenant configuration sections; those with syncWithClient travel in the bootstrap payload. */
export const systemConfigurations = pgTable(
  'system_configurations',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').references(() => tenants.id),
    section: text('section').notNull(),
    jsonConfig: text('json_config').notNull().default('{}'),
    syncWithClient: boolean('sync_with_client').notNull().default(false),
    isCredential: boolean('is_credential').notNull().default(false),
  },
  (t) => [uniqueIndex('system_configurations_key').on(t.tenantId, t.section)],
);

/** Translation overrides applied over the console's catalogues (one JSON document per language). */
export const translations = pgTable(
  'translations',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').references(() => tenants.id),
    language: text('language').notNull(),
    value: text('value').notNull().default('{}'),
  },
  (t) => [uniqueIndex('translations_key').on(t.tenantId, t.language)],
);

/** Installation-wide secrets (the token signing key), shared by every API node through the database. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Single-use links sent by email: password reset and email confirmation, valid 12 hours. Only the SHA-256 of the
 * token is stored.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey(),
    tenantId: integer('tenant_id').references(() => tenants.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Failed password sign-ins, by lower-cased login and by address; enough of them recently ask for a captcha. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    login: text('login').notNull(),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_failures_login_idx').on(t.login, t.createdAt),
    index('sign_in_failures_ip_idx').on(t.ipAddress, t.createdAt),
  ],
);

/** Captcha challenges: the expected answer, single use, short-lived. */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    id: uuid('id').primaryKey(),
    answer: text('answer').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  // Expired challenges are deleted, and the newest beyond a cap too (sign-in-guard.service.ts).
  (t) => [index('captcha_challenges_expires_idx').on(t.expiresAt)],
);
