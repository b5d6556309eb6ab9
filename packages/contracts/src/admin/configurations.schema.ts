import { z } from 'zod';
import { int32IdParam } from '../input-bounds.js';
import { VALIDATION_MESSAGES, integerNumber, isAtLeast, isAtMost, jsonText } from '../validators.js';

/*
 * System configurations, service configurations and system rules (shell spec §3, §5, §8: 17001, 17002).
 * A configuration is a named section of JSON text per tenant. Credential sections are never sent to the
 * browser as stored: every non-empty string in them reads back as CREDENTIAL_MASK, and a CREDENTIAL_MASK
 * sent back in a save keeps the stored value at that path.
 */

/** What a credential section's strings read back as; sent back unchanged it means "keep the stored value". */
export const CREDENTIAL_MASK = '******';
/** The longest JSON text a configuration may hold. */
const CONFIGURATION_JSON_MAX_LENGTH = 100_000;
/** The most CATI opt-out reasons a tenant's system rules may list. */
export const CATI_OPTOUT_FREQUENCIES_MAX = 50;

/**
 * The configuration JSON rule (spec §5 "json"): the text parses, and is an object or an array — not a plain
 * number, string, boolean or null, which no configuration section can be.
 */
export function isConfigurationJson(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null;
  } catch {
    return false;
  }
}

/**
 * The JSON text of a configuration as a form checks it: the json rule, narrowed to objects and arrays. The API
 * answers 17001 for the same failure.
 */
export const configurationJsonSchema = jsonText()
  .max(CONFIGURATION_JSON_MAX_LENGTH)
  .refine(isConfigurationJson, { message: VALIDATION_MESSAGES.json });

const section = z.string().trim().min(1).max(200);
// The route checks the JSON rule itself, to answer 17001 rather than the generic 3333.
const jsonConfig = z.string().max(CONFIGURATION_JSON_MAX_LENGTH);

/** A system configuration as lists and the form read it (`JsonConfig` masked when `IsCredential`). */
export const systemConfigurationSchema = z.object({
  Id: z.number().int(),
  Section: z.string(),
  JsonConfig: z.string(),
  SyncWithClient: z.boolean(),
  IsCredential: z.boolean(),
});
export type SystemConfiguration = z.infer<typeof systemConfigurationSchema>;

/**
 * `POST /api/system-configurations`, `PUT /api/system-configurations/{id}`. Sections with `SyncWithClient` go
 * to every signed-in browser in bootstrap, so a credential section cannot be one.
 */
export const saveSystemConfigurationSchema = z
  .object({
    Section: section,
    JsonConfig: jsonConfig,
    SyncWithClient: z.boolean().optional().default(false),
    IsCredential: z.boolean().optional().default(false),
  })
  .refine((value) => !(value.IsCredential && value.SyncWithClient), {
    path: ['SyncWithClient'],
    message: 'configurations:validation.credentialNotSynced',
  });
export type SaveSystemConfiguration = z.infer<typeof saveSystemConfigurationSchema>;

/** A service configuration; `ConfigType` narrows a section to one variant of the service, '*' to all. */
export const serviceConfigurationSchema = z.object({
  Id: z.number().int(),
  Section: z.string(),
  JsonConfig: z.string(),
  IsCredential: z.boolean(),
  ServiceType: z.string(),
  SubServiceType: z.string(),
  ConfigType: z.string(),
});
export type ServiceConfiguration = z.infer<typeof serviceConfigurationSchema>;

/** `POST /api/service-configurations`, `PUT /api/service-configurations/{id}`; unique by section and config type. */
export const saveServiceConfigurationSchema = z.object({
  Section: section,
  JsonConfig: jsonConfig,
  IsCredential: z.boolean().optional().default(false),
  ServiceType: z.string().trim().max(200).optional().default(''),
  SubServiceType: z.string().trim().max(200).optional().default(''),
  ConfigType: z.string().trim().min(1).max(200).optional().default('*'),
});
export type SaveServiceConfiguration = z.infer<typeof saveServiceConfigurationSchema>;

/** `{ id }` of the configuration routes. */
export const configurationIdParamsSchema = z.object({ id: int32IdParam });

/** Blank create-form values (spec §3). */
export const BLANK_SYSTEM_CONFIGURATION: SaveSystemConfiguration = {
  Section: '',
  JsonConfig: '{}',
  SyncWithClient: false,
  IsCredential: false,
};
export const BLANK_SERVICE_CONFIGURATION: SaveServiceConfiguration = {
  Section: '',
  JsonConfig: '{}',
  IsCredential: false,
  ServiceType: '',
  SubServiceType: '',
  ConfigType: '*',
};

/** A whole number from 0 to `max`, worded by the validators' messages. */
const wholeNumber = (max: number) =>
  integerNumber()
    .refine((value) => isAtLeast(value, 0), { message: VALIDATION_MESSAGES.minValue, params: { min: 0 } })
    .refine((value) => isAtMost(value, max), { message: VALIDATION_MESSAGES.maxValue, params: { max } });

/** The most days a contact rule may wait (ten years). */
const SYSTEM_RULE_MAX_DAYS = 3650;
/** The highest invitation limit. */
const SYSTEM_RULE_MAX_INVITATION_LIMIT = 1_000_000;

const days = wholeNumber(SYSTEM_RULE_MAX_DAYS);

/** One CATI opt-out reason and the days before a customer who gave it may be called again. */
export const catiOptoutFrequencySchema = z.object({
  Reason: z.string().trim().min(1).max(200),
  Days: days,
});

/** Reasons compare without surrounding spaces and case. */
export const reasonKey = (reason: string) => reason.trim().toLocaleLowerCase('tr');

/**
 * `GET|PUT /api/system-rules`: the tenant's contact rules. `InvitationLimit` 0 means no limit; reasons are
 * distinct ("This value already exists").
 */
export const systemRulesSchema = z.object({
  InvitationLimit: wholeNumber(SYSTEM_RULE_MAX_INVITATION_LIMIT),
  ContactFrequencyDays: days,
  CatiOptoutFrequencies: z
    .array(catiOptoutFrequencySchema)
    .max(CATI_OPTOUT_FREQUENCIES_MAX)
    .superRefine((rows, context) => {
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        const key = reasonKey(row.Reason);
        if (seen.has(key))
          context.addIssue({ code: 'custom', path: [index, 'Reason'], message: VALIDATION_MESSAGES.unique });
        seen.add(key);
      });
    }),
});
export type SystemRules = z.infer<typeof systemRulesSchema>;

/** What a tenant without saved rules has: no invitation limit, no waiting days, no opt-out reasons. */
export const DEFAULT_SYSTEM_RULES: SystemRules = {
  InvitationLimit: 0,
  ContactFrequencyDays: 0,
  CatiOptoutFrequencies: [],
};
