import { z } from 'zod';
import { LANGUAGES, toLanguageCode } from '../enums.js';
import { TENANT_LIMIT_SECTION } from './tenants.schema.js';
import { isEmail } from '../validators.js';

/*
 * The system configuration sections the console itself reads, each with the shape it must have. A save of one of
 * these sections is checked against it (17001 naming the field), and bootstrap leaves out a stored value that
 * breaks it, so one bad value cannot stop the console for a whole tenant. Other sections are free-form JSON.
 */

const INT32_MAX = 2_147_483_647;
const text = z.string().max(1000);

/** The texts of a refused field, in the languages the server answers in. */
type FieldMessage = { en: string; tr: string };

type SectionRule = {
  schema: z.ZodType;
  /** Per top-level field; `''` for the section as a whole. */
  messages: Record<string, FieldMessage>;
};

const wholeObject: FieldMessage = {
  en: 'The section must be a JSON object.',
  tr: 'Bölüm bir JSON nesnesi olmalıdır.',
};

const languageCodes = LANGUAGES.map((language) => language.code).join(', ');

/** The system configuration section of the tenant's analytics settings (`MinimumSampleSize`). */
export const ANALYTICS_SECTION = 'Analytics';

/** The sections the console reads, by name; each name is matched exactly, as the readers match it. */
const CONFIGURATION_SECTION_RULES = {
  /** `{ "Language": "en" }`: the interface language every user of the tenant starts in. */
  LanguagePreference: {
    schema: z.object({
      Language: z
        .string()
        .refine((value) => toLanguageCode(value) !== undefined)
        .optional(),
    }),
    messages: {
      Language: {
        en: `Language must be one of the console's language codes: ${languageCodes}.`,
        tr: `Language, konsolun dil kodlarından biri olmalıdır: ${languageCodes}.`,
      },
    },
  },
  /** `{ "Storage": "session" | "local" }`: where the browser keeps the tokens. */
  TokenStorage: {
    schema: z.object({ Storage: z.enum(['session', 'local']).optional() }),
    messages: {
      Storage: {
        en: 'Storage must be "session" or "local".',
        tr: 'Storage, "session" veya "local" olmalıdır.',
      },
    },
  },
  /** `{ "Email"?, "Phone"?, "Text"? }`: the support contact the error dialog lists. */
  Support: {
    schema: z.object({
      Email: z.string().refine(isEmail).optional(),
      Phone: text.optional(),
      Text: text.optional(),
    }),
    messages: {
      Email: { en: 'Email must be an email address.', tr: 'Email bir e-posta adresi olmalıdır.' },
      Phone: {
        en: 'Phone must be text of at most 1000 characters.',
        tr: 'Phone en fazla 1000 karakterlik bir metin olmalıdır.',
      },
      Text: {
        en: 'Text must be text of at most 1000 characters.',
        tr: 'Text en fazla 1000 karakterlik bir metin olmalıdır.',
      },
    },
  },
  /** `{ "SurveyId": 12 }`: the survey of the product-feedback button. */
  FeedbackSurvey: {
    schema: z.object({ SurveyId: z.number().int().min(1).max(INT32_MAX) }),
    messages: {
      SurveyId: {
        en: 'SurveyId must be a survey id, a whole number from 1.',
        tr: "SurveyId bir anket kimliği, 1'den büyük veya eşit bir tam sayı olmalıdır.",
      },
    },
  },
  /**
   * `{ "MinimumSampleSize": 30 }`: the tenant-wide minimum of answers below which a widget marks a figure as a
   * small sample (docs/metrics.md "Confidence intervals and small samples"; default 30).
   */
  [ANALYTICS_SECTION]: {
    schema: z.object({ MinimumSampleSize: z.number().int().min(1).max(INT32_MAX).optional() }),
    messages: {
      MinimumSampleSize: {
        en: 'MinimumSampleSize must be a whole number, 1 or more.',
        tr: 'MinimumSampleSize 1 veya daha büyük bir tam sayı olmalıdır.',
      },
    },
  },
  /** `{ "MaxTenants": 10 }`, installation-wide: how many tenants may exist; 0 is no limit. */
  [TENANT_LIMIT_SECTION]: {
    schema: z.object({ MaxTenants: z.number().int().min(0).max(INT32_MAX) }),
    messages: {
      MaxTenants: {
        en: 'MaxTenants must be a whole number, 0 or more (0: no limit).',
        tr: 'MaxTenants 0 veya daha büyük bir tam sayı olmalıdır (0: sınır yok).',
      },
    },
  },
} satisfies Record<string, SectionRule>;

/** One field of a section that breaks its shape: the path inside the JSON (`''` for the whole) and its texts. */
export type ConfigurationSectionIssue = { field: string; message: FieldMessage };

/** Whether the console reads `section`, so that its JSON is checked. */
export function isCheckedConfigurationSection(section: string): boolean {
  return Object.hasOwn(CONFIGURATION_SECTION_RULES, section);
}

/**
 * What is wrong with `json` as the value of `section`: nothing for a section the console does not read, or
 * for a good value; else one issue per wrong field. `json` that does not parse is one issue of the whole.
 */
export function configurationSectionIssues(section: string, json: string): ConfigurationSectionIssue[] {
  if (!isCheckedConfigurationSection(section)) return [];
  const rule: SectionRule = CONFIGURATION_SECTION_RULES[section as keyof typeof CONFIGURATION_SECTION_RULES];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [{ field: '', message: wholeObject }];
  }
  const parsed = rule.schema.safeParse(value);
  if (parsed.success) return [];
  const fields = new Set(parsed.error.issues.map((issue) => issue.path.map(String).join('.')));
  return [...fields].map((field) => {
    const top = field.split('.')[0] ?? '';
    return { field, message: rule.messages[top] ?? wholeObject };
  });
}
