import { z } from 'zod';
import { int32IdParam } from '../input-bounds.js';
import { SecurityLevel } from '../enums.js';
import { ALL_SCOPES } from '../scopes.js';

/*
 * Roles and the permission scopes they grant (shell spec §3, §5, §6, §7). A user's role is the first of the
 * user's roles; its security level is the user's (0 Alterna, 1 Power, 2 Regular).
 */

/** Every known scope, as a zod enum: a role or client may hold only these. */
export const scopeSchema = z.enum(ALL_SCOPES);

/** The security levels a role can have. */
const securityLevelSchema = z.union([
  z.literal(SecurityLevel.Alterna),
  z.literal(SecurityLevel.Power),
  z.literal(SecurityLevel.Regular),
]);

/** A list of distinct known scopes. */
export const scopeListSchema = z
  .array(scopeSchema)
  .max(ALL_SCOPES.length)
  .refine((scopes) => new Set(scopes).size === scopes.length);

/**
 * The order scopes are listed in ("sorted by name", shell spec §6): case-insensitive and ordinal, so it is the
 * same on every machine whatever its collation data.
 */
export function compareScopeNames(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  if (left !== right) return left < right ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `GET /api/authScopes`: every scope the console knows, sorted by name (descriptions are translated on the web). */
export const authScopeSchema = z.object({ Name: scopeSchema });
export type AuthScope = z.infer<typeof authScopeSchema>;

/** `GET /api/identityRoles`: the tenant's roles as a select list, sorted by name. */
export const identityRoleSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  SecurityLevel: securityLevelSchema,
});
export type IdentityRole = z.infer<typeof identityRoleSchema>;

/** A row of the roles grid (`/api/identity/roles`). */
export const roleListItemSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  SecurityLevel: securityLevelSchema,
  ScopeCount: z.number().int().min(0),
  /** Users holding the role (in any position). */
  UserCount: z.number().int().min(0),
  CreatedDate: z.iso.datetime({ offset: true }),
});
export type RoleListItem = z.infer<typeof roleListItemSchema>;

/** `GET /api/identity/roles/{id}` and the answer of a create or update. Scopes are sorted by name. */
export const roleSchema = roleListItemSchema
  .omit({ ScopeCount: true })
  .extend({ Scopes: z.array(scopeSchema) });
export type Role = z.infer<typeof roleSchema>;

const ROLE_NAME_MAX = 100;

/** The role's name: 1–100 characters, unique in the tenant (case-insensitive, 10010). */
const roleNameSchema = z.string().trim().min(1).max(ROLE_NAME_MAX);

/**
 * `POST /api/identity/roles` (create) and `PUT /api/identity/roles/{id}` (update). At least one scope.
 * Server rules: 10010 name exists; 10008 level-0 (Alterna) roles are created and changed by Alterna users only;
 * 10006 the scopes of a level-0 role cannot change; 10003 a level change would exceed the licence's power users.
 */
export const roleInputSchema = z.object({
  Name: roleNameSchema,
  SecurityLevel: securityLevelSchema,
  Scopes: scopeListSchema.min(1),
});
export type RoleInput = z.infer<typeof roleInputSchema>;

export const roleIdParamsSchema = z.object({ id: int32IdParam });
