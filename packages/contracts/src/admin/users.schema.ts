import { z } from 'zod';
import { idList, int32Id, int32IdParam } from '../input-bounds.js';
import { LANGUAGES, type LanguageCode } from '../enums.js';
import { VALIDATION_MESSAGES, isEmail, passwordRule } from '../validators.js';

/*
 * Users and test users (shell spec §3, §5, §8). Lists answer through the grid (`GET /api/users`,
 * `GET /api/test-users`); a form creates or replaces one record. The same field schemas check the web form
 * (zodRule) and the API body.
 */

/** Text a form may leave empty: trimmed, and '' travels as null. */
function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));
}

const LANGUAGE_CODES = LANGUAGES.map((language) => language.code) as [LanguageCode, ...LanguageCode[]];

/** Sign-in name: letters, digits and . _ @ -, unique across the installation (10009). */
export const userNameField = z
  .string()
  .trim()
  .min(2)
  .max(100)
  .regex(/^[\p{L}\p{N}._@-]+$/u);
export const fullNameField = z.string().trim().min(1).max(200);
const userEmailField = optionalText(256).refine((value) => value === null || isEmail(value), {
  message: VALIDATION_MESSAGES.email,
});
/** An international phone number: an optional '+' and 7–15 digits. */
const msisdnField = optionalText(20).refine((value) => value === null || /^\+?\d{7,15}$/.test(value));
const userTitleField = optionalText(100);
const departmentField = optionalText(100);
const userLanguageField = z
  .enum(LANGUAGE_CODES)
  .nullish()
  .transform((value) => value ?? null);
/** The password rule (shell spec §5): 6+ characters, lower, upper, digit, no white space. */
export const initialPasswordField = passwordRule().max(256);
// A user's channel, product and employee restrictions: at most 5,000 ids each.
const restrictionIds = idList(5000);
/** Ordered role ids; the first is the user's role and decides the security level (shell spec §6). */
const userRolesField = z
  .array(int32Id)
  .min(1)
  .max(50)
  .refine((ids) => new Set(ids).size === ids.length);
/** ISO date-time; the user cannot sign in from then on (invalid_grant_trial_expired). */
const trialExpireDateField = z.iso
  .datetime({ offset: true })
  .nullish()
  .transform((value) => value ?? null);

const commonFormFields = {
  UserName: userNameField,
  FullName: fullNameField,
  Email: userEmailField,
  MSISDN: msisdnField,
  Title: userTitleField,
  Department: departmentField,
  Language: userLanguageField,
  /** Transaction channel ids the user is restricted to; empty means no restriction. */
  TransactionChannels: restrictionIds.optional().default([]),
  Products: restrictionIds.optional().default([]),
  Employees: restrictionIds.optional().default([]),
  Roles: userRolesField,
  /**
   * On create the initial password (required); on update a new password set by the administrator, or absent
   * to keep the current one.
   */
  Password: initialPasswordField.optional(),
  /** With a password: it expires at once, so the first sign-in asks for a new one (expired_password). */
  MustChangePassword: z.boolean().optional().default(true),
};

const tenantFormFields = {
  /**
   * The user's tenant: absent keeps it (update) or takes the caller's (create); null makes the user tenantless.
   * Choosing one needs a tenantless caller or alterna:manage (else 14005).
   */
  TenantId: int32Id.nullable().optional(),
  TrialExpireDate: trialExpireDateField,
};

const requirePassword = <T extends { Password?: string }>(value: T, context: z.RefinementCtx) => {
  if (value.Password === undefined)
    context.addIssue({ code: 'custom', path: ['Password'], message: VALIDATION_MESSAGES.required });
};

/** `PUT /api/users/{id}`: the whole form (roles and restrictions are replaced). */
export const userUpdateSchema = z.object({ ...commonFormFields, ...tenantFormFields });
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

/** `POST /api/users`: as the update, with the initial password required. */
export const userCreateSchema = userUpdateSchema.superRefine(requirePassword);

/** `PUT /api/test-users/{id}`: a user without tenant and trial, always in the caller's tenant. */
export const testUserUpdateSchema = z.object(commonFormFields);
export type TestUserUpdate = z.infer<typeof testUserUpdateSchema>;

/** `POST /api/test-users`. */
export const testUserCreateSchema = testUserUpdateSchema.superRefine(requirePassword);

/**
 * `GET /api/users/roleChoices?tenantId=`: the roles (`IdentityRole`) of the tenant a user form puts the user
 * in; without tenantId the tenantless roles. Another tenant than the caller's needs what choosing it needs
 * (14005).
 */
export const userRoleChoicesQuerySchema = z.object({
  tenantId: int32IdParam.optional(),
});

export const userIdParamsSchema = z.object({ id: int32IdParam });

const isoDate = z.string();

/** A row of the users grid (`GET|POST /api/users`, `POST /api/users/export`). */
export const userListItemSchema = z.object({
  Id: z.number().int(),
  UserName: z.string(),
  FullName: z.string(),
  Email: z.string().nullable(),
  MSISDN: z.string().nullable(),
  Title: z.string().nullable(),
  Department: z.string().nullable(),
  Language: z.string().nullable(),
  IsActive: z.boolean(),
  /** 0 Alterna, 1 Power, 2 Regular: the level of the user's first role. */
  SecurityLevel: z.number().int(),
  /** Every role's name in list order, joined with ', '. */
  Roles: z.string().nullable(),
  /** The user's role (the first); filter and sort by this. */
  RoleName: z.string().nullable(),
  TenantId: z.number().int().nullable(),
  TenantName: z.string().nullable(),
  TrialExpireDate: isoDate.nullable(),
  CreatedDate: isoDate,
  TwoFactorEnabled: z.boolean(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/** A row of the test-users grid (`GET|POST /api/test-users`): a user row without tenant and trial. */
export const testUserListItemSchema = userListItemSchema.omit({
  TenantId: true,
  TenantName: true,
  TrialExpireDate: true,
});
export type TestUserListItem = z.infer<typeof testUserListItemSchema>;

/** `GET /api/users/{id}` (and the answer of every write): what the form edits, plus read-only facts. */
export const userDetailSchema = z.object({
  Id: z.number().int(),
  UserName: z.string(),
  FullName: z.string(),
  Email: z.string().nullable(),
  MSISDN: z.string().nullable(),
  Title: z.string().nullable(),
  Department: z.string().nullable(),
  Language: z.string().nullable(),
  TransactionChannels: z.array(z.number().int()),
  Products: z.array(z.number().int()),
  Employees: z.array(z.number().int()),
  /** Role ids in order; the first is the user's role. */
  Roles: z.array(z.number().int()),
  TenantId: z.number().int().nullable(),
  TrialExpireDate: isoDate.nullable(),
  IsActive: z.boolean(),
  IsTestUser: z.boolean(),
  SecurityLevel: z.number().int(),
  TwoFactorEnabled: z.boolean(),
  /** The user must choose a new password at the next sign-in. */
  PasswordExpired: z.boolean(),
  CreatedDate: isoDate,
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** `GET /api/users/forSelect`, `GET /api/test-users/forSelect`: active users, by full name. */
export const userForSelectItemSchema = z.object({
  Id: z.number().int(),
  FullName: z.string(),
  UserName: z.string(),
});
export type UserForSelectItem = z.infer<typeof userForSelectItemSchema>;
