/** Security levels of users and roles (shell spec §1). Level 0 users are left out of analytics identification. */
export const SecurityLevel = { Alterna: 0, Power: 1, Regular: 2 } as const;
export type SecurityLevel = (typeof SecurityLevel)[keyof typeof SecurityLevel];

export const USER_TYPE_NAMES = { 0: 'Alterna', 1: 'Power', 2: 'Regular' } as const satisfies Record<
  SecurityLevel,
  string
>;

/**
 * Audit operation types. 6 (logout) and 7 (page visit) are the console's own (shell spec §7) and the only ones a
 * client may write; the server records the others itself (docs/admin-tenants-license-audit.md).
 */
export const AuditOperationType = {
  Create: 1,
  Update: 2,
  Delete: 3,
  SignIn: 4,
  SignInFailed: 5,
  Logout: 6,
  PageVisit: 7,
  /** The server ended a sign-in: its refresh token was revoked. */
  SignOut: 8,
  Export: 9,
  /** A user's channel, product or employee restrictions changed. */
  RestrictionChange: 10,
} as const;
export type AuditOperationType = (typeof AuditOperationType)[keyof typeof AuditOperationType];

/** Client application types for OAuth clients. */
export const ClientApplicationType = { Public: 0, Confidential: 1 } as const;

/** The interface languages, Turkish first as the default (shell spec §1). */
export const LANGUAGES = [
  { code: 'tr', name: 'Türkçe', dir: 'ltr' },
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'ru', name: 'Русский', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
  { code: 'fr', name: 'Français', dir: 'ltr' },
  { code: 'uk', name: 'Українська', dir: 'ltr' },
  { code: 'bg', name: 'Български', dir: 'ltr' },
  { code: 'ro', name: 'Română', dir: 'ltr' },
  { code: 'mk', name: 'Македонски', dir: 'ltr' },
  { code: 'sq', name: 'Shqip', dir: 'ltr' },
  { code: 'bs', name: 'Bosanski', dir: 'ltr' },
  { code: 'hi', name: 'हिन्दी', dir: 'ltr' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: LanguageCode = 'tr';

/** Reduces 'tr-TR', 'en_us', 'EN' to a supported language code, or undefined. */
export function toLanguageCode(value: string | undefined | null): LanguageCode | undefined {
  if (!value) return undefined;
  const base = value.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language.code === base)?.code;
}

export const PRODUCT_VERSION = '1.9.5';
export const PRODUCT_CODE_NAME = 'Loupe Halcyon';

/** The console's own OAuth client, seeded on every installation. */
export const CONSOLE_CLIENT_ID = 'loupe-console';

export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${String(value)}`);
}
