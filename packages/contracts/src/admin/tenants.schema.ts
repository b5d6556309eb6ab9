import { z } from 'zod';
import { VALIDATION_MESSAGES, isEmail } from '../validators.js';
import { fullNameField, initialPasswordField, userNameField } from './users.schema.js';
import { int32IdParam } from '../input-bounds.js';

/*
 * Tenants (shell spec §3 "Tenant: id, name, JSON config"; §8 14001–14004). Tenants are installation-level: only
 * tenantless installation operators (security level 0, alterna:manage) create, see and change them; alterna:manage
 * is an operator scope no tenant's role holds.
 */

/** The time zone a new tenant reads its reports in when the form names none. */
export const DEFAULT_TENANT_TIME_ZONE = 'Europe/Istanbul';

/**
 * The tenantless system configuration section that caps the number of tenants: `{ "MaxTenants": n }`;
 * absent, malformed or 0 means unlimited. Creating a tenant beyond it answers 14002.
 */
export const TENANT_LIMIT_SECTION = 'TenantLimit';

/** The largest tenant `Config` accepted, in characters of its JSON text. */
const TENANT_CONFIG_MAX_LENGTH = 65_536;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A tenant's configuration: a JSON object (not an array or a plain value). */
const tenantConfigSchema = z
  .record(z.string(), z.unknown())
  .refine((config) => JSON.stringify(config).length <= TENANT_CONFIG_MAX_LENGTH, {
    message: 'tenants.configTooLarge',
  });

/** `PUT /api/tenants/{id}`: the record the form saves (a create adds its first user, below). */
export const saveTenantSchema = z.object({
  Name: z.string().trim().min(1).max(100),
  Config: tenantConfigSchema.optional().default({}),
  /** IANA time zone of the tenant's reports. */
  TimeZone: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine(isTimeZone, { message: 'tenants.timeZoneInvalid' })
    .optional()
    .default(DEFAULT_TENANT_TIME_ZONE),
});
export type SaveTenant = z.infer<typeof saveTenantSchema>;
export type SaveTenantInput = z.input<typeof saveTenantSchema>;

/**
 * The new tenant's first user, created with it in one transaction: holds the tenant's first role,
 * `Administrator` (every tenant scope, security level 1). The password expires at once, so the first sign-in
 * asks for a new one. The user name is unique across the installation (10009).
 */
export const tenantAdministratorSchema = z.object({
  UserName: userNameField,
  FullName: fullNameField,
  Email: z.string().trim().max(256).refine(isEmail, { message: VALIDATION_MESSAGES.email }),
  Password: initialPasswordField,
});
export type TenantAdministrator = z.infer<typeof tenantAdministratorSchema>;

/** `POST /api/tenants`: the record and its first Administrator user. */
export const createTenantSchema = saveTenantSchema.extend({ Administrator: tenantAdministratorSchema });
export type CreateTenant = z.infer<typeof createTenantSchema>;
export type CreateTenantInput = z.input<typeof createTenantSchema>;

/** The name of the role a new tenant starts with. */
export const TENANT_ADMINISTRATOR_ROLE = 'Administrator';

/** One row of the tenants grid (`GET|POST /api/tenants`). */
export const tenantListItemSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  /** Users of the tenant, test users and inactive ones included. */
  UserCount: z.number().int(),
  CreatedDate: z.string(),
  /** The end of the tenant's licence; null when it has none. */
  LicenseValidUntil: z.string().nullable(),
});
export type TenantListItem = z.infer<typeof tenantListItemSchema>;

/** `GET /api/tenants/{id}` and the answer of a create or update. */
export const tenantSchema = tenantListItemSchema.extend({
  Config: z.record(z.string(), z.unknown()),
  TimeZone: z.string(),
});
export type Tenant = z.infer<typeof tenantSchema>;

/** `GET /api/tenants/forSelect`: tenant choices for forms (a tenant-bound caller gets only its own). */
export const tenantOptionSchema = z.object({ Id: z.number().int(), Name: z.string() });
export type TenantOption = z.infer<typeof tenantOptionSchema>;

export const tenantIdParamsSchema = z.object({ id: int32IdParam });
