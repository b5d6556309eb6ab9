import {
  CREDENTIAL_MASK,
  ErrorCode,
  configurationSectionIssues,
  isConfigurationJson,
  smsGatewayConfigSchema,
} from '@loupe/contracts';
import { badRequest } from '../../errors.js';

/*
 * Credential sections (IsCredential) hold secrets: passwords, API keys, tokens. They leave the server masked —
 * every non-empty string replaced by CREDENTIAL_MASK, whatever its key — and a mask sent back in a save is
 * replaced by the stored value at the same path, so saving the form does not wipe the secrets.
 */

/** The configuration JSON rule, answered with 17001 (spec §8) when the text breaks it. */
export function checkConfigurationJson(text: string): void {
  if (!isConfigurationJson(text)) throw badRequest(ErrorCode.ConfigurationNotJson);
}

/**
 * The shape of a section the console reads (contracts' CONFIGURATION_SECTION_RULES), answered with 17001 and
 * each wrong field as `JsonConfig.<field>` with its text in the caller's language.
 */
export function checkSectionJson(section: string, text: string): void {
  const issues = configurationSectionIssues(section, text);
  if (issues.length === 0) return;
  throw badRequest(ErrorCode.ConfigurationNotJson, (language: string) =>
    issues.map(({ field, message }) => ({
      Path: field === '' ? 'JsonConfig' : `JsonConfig.${field}`,
      Message: language === 'tr' ? message.tr : message.en,
    })),
  );
}

/** The service sections the server itself reads, each with its shape (docs/invitations.md for SmsGateway). */
const SERVICE_SECTION_SCHEMAS = { SmsGateway: smsGatewayConfigSchema } as const;

/**
 * The shape of a service section the server reads (the SMS gateway the invitations module posts to), answered
 * with 17001 and each wrong field as `JsonConfig.<path>`; other sections are free-form.
 */
export function checkServiceSectionJson(section: string, text: string): void {
  if (!Object.hasOwn(SERVICE_SECTION_SCHEMAS, section)) return;
  const schema = SERVICE_SECTION_SCHEMAS[section as keyof typeof SERVICE_SECTION_SCHEMAS];
  const parsed = schema.safeParse(JSON.parse(text));
  if (parsed.success) return;
  throw badRequest(ErrorCode.ConfigurationNotJson, (language: string) =>
    parsed.error.issues.map((issue) => ({
      Path: ['JsonConfig', ...issue.path.map(String)].join('.'),
      Message:
        language === 'tr'
          ? `${section} bölümünün bu alanı geçerli değil.`
          : `This field of the ${section} section is not valid.`,
    })),
  );
}

function maskValue(value: unknown): unknown {
  if (typeof value === 'string') return value === '' ? value : CREDENTIAL_MASK;
  if (Array.isArray(value)) return value.map(maskValue);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskValue(item)]));
  return value;
}

/**
 * A credential section's JSON as callers may see it: the same shape, numbers, booleans and empty strings kept,
 * every other string masked. Text that does not parse (stored before the rule existed) is masked whole.
 */
export function maskCredentialJson(text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return CREDENTIAL_MASK;
  }
  return JSON.stringify(maskValue(parsed), null, 2);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Restored = { value: unknown; replaced: boolean };

function restoreValue(incoming: unknown, stored: unknown): Restored {
  if (incoming === CREDENTIAL_MASK)
    // A mask where nothing was stored is text the user typed, kept as it is.
    return typeof stored === 'string'
      ? { value: stored, replaced: true }
      : { value: incoming, replaced: false };
  if (Array.isArray(incoming)) {
    const items = incoming.map((item, index) =>
      restoreValue(item, Array.isArray(stored) ? stored[index] : undefined),
    );
    return { value: items.map((item) => item.value), replaced: items.some((item) => item.replaced) };
  }
  if (isRecord(incoming)) {
    const entries = Object.entries(incoming).map(
      ([key, item]) =>
        [
          key,
          restoreValue(item, isRecord(stored) && Object.hasOwn(stored, key) ? stored[key] : undefined),
        ] as const,
    );
    return {
      // fromEntries defines keys as own properties, so a "__proto__" key stays data.
      value: Object.fromEntries(entries.map(([key, item]) => [key, item.value])),
      replaced: entries.some(([, item]) => item.replaced),
    };
  }
  return { value: incoming, replaced: false };
}

/** A stored section's JSON as callers see it: masked when it is a credential section, else as stored. */
export const shownJson = (row: { isCredential: boolean; jsonConfig: string }): string =>
  row.isCredential ? maskCredentialJson(row.jsonConfig) : row.jsonConfig;

/**
 * The JSON text to store when a credential section is saved: each CREDENTIAL_MASK at a path where the stored
 * section has a string becomes that string (deep, by object key and array index). `incoming` must already pass
 * the JSON rule. Text without a mask to restore is kept exactly as typed.
 */
export function restoreMaskedJson(incoming: string, stored: string): string {
  let storedValue: unknown;
  try {
    storedValue = JSON.parse(stored);
  } catch {
    storedValue = undefined;
  }
  const restored = restoreValue(JSON.parse(incoming), storedValue);
  return restored.replaced ? JSON.stringify(restored.value, null, 2) : incoming;
}

/**
 * The JSON text a save of `stored` keeps: the caller saw a credential section masked, so its masks stand for the
 * stored secrets (restoreMaskedJson); any other section is stored as sent.
 */
export const savedJson = (incoming: string, stored: { isCredential: boolean; jsonConfig: string }): string =>
  stored.isCredential ? restoreMaskedJson(incoming, stored.jsonConfig) : incoming;
