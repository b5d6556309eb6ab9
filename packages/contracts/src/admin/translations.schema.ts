import { z } from 'zod';
import { LANGUAGES, type LanguageCode } from '../enums.js';
import { safeText } from '../input-bounds.js';

/*
 * Translation overrides (issue 23 item 1, shell spec §3 "Translation"; docs/translations.md): a tenant rewords the
 * console's texts per language. Stored as one JSON document per tenant and language (bootstrap's `Translation`,
 * `{ "<namespace>": { nested keys } }`); the API speaks of single texts: a namespace, a dotted key, a value.
 * Scopes: config:read or config:manage to read, config:manage to write.
 */

export const TRANSLATION_LIMITS = {
  /** Characters of one text at most. */
  valueMax: 2000,
  /** Characters of a dotted key at most. */
  keyMax: 200,
  /** Texts in one save at most. */
  batchMax: 500,
  /** Texts in one import at most (the catalogue holds about 4,000 keys a language). */
  importMax: 10_000,
  /** Unknown keys an import answer lists at most (UnknownCount says how many there were). */
  unknownListed: 200,
} as const;

/** The JSON body of an import (the document, within `Translations`) at most, in bytes. */
export const TRANSLATION_IMPORT_BODY_LIMIT = 2 * 1024 * 1024;

const LANGUAGE_CODES = LANGUAGES.map((language) => language.code) as [LanguageCode, ...LanguageCode[]];

/** One of the spec's 12 language codes. */
const translationLanguageSchema = z.enum(LANGUAGE_CODES);

/** A catalogue namespace as the web's locale files name them (`shell`, `aiTopicModels`). */
const translationNamespaceSchema = z
  .string()
  .max(50)
  .regex(/^[A-Za-z][A-Za-z0-9]*$/);

/** A dotted key within a namespace (`screens.overview`, `rows_other`, `errorCodes.2500`). */
const translationKeySchema = z
  .string()
  .max(TRANSLATION_LIMITS.keyMax)
  .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/);

/** An override's text: multi-line, no control character (NUL refused), at most 2000 characters. */
const translationValueSchema = safeText(TRANSLATION_LIMITS.valueMax, { multiline: true });

/** One override as `GET /api/translations` lists it. */
const translationSchema = z.object({
  Language: translationLanguageSchema,
  Namespace: z.string(),
  Key: z.string(),
  Value: z.string(),
});
export type Translation = z.infer<typeof translationSchema>;

/** `GET /api/translations?Language=xx`: the tenant's overrides of one language, or of all when none is named. */
export const translationsQuerySchema = z.object({ Language: translationLanguageSchema.optional() });
export const translationsSchema = z.object({ Items: z.array(translationSchema) });

/** `GET /api/translations/export?Language=xx`: the language's document as a JSON download. */
export const translationExportQuerySchema = z.object({ Language: translationLanguageSchema });

/**
 * `PUT /api/translations`: a batch of texts. An empty Value removes that override. Namespace defaults to
 * `common`. Each key must be in the shipped catalogue (19401).
 */
export const translationSaveSchema = z.strictObject({
  Items: z
    .array(
      z.strictObject({
        Language: translationLanguageSchema,
        Namespace: translationNamespaceSchema.default('common'),
        Key: translationKeySchema,
        Value: translationValueSchema,
      }),
    )
    .min(1)
    .max(TRANSLATION_LIMITS.batchMax),
});
export type TranslationSave = z.input<typeof translationSaveSchema>;

/** `DELETE /api/translations/{language}/{namespace}/{key}`: one override. */
export const translationParamsSchema = z.object({
  language: translationLanguageSchema,
  namespace: translationNamespaceSchema,
  key: translationKeySchema,
});

/**
 * `POST /api/translations/import`: `Translations` is the document as export gives it, nested
 * (`{ "shell": { "screens": { "overview": "Home" } } }`) or flat (`{ "shell.screens.overview": "Home" }`), or
 * both; a first segment that names no namespace means `common`. Every leaf must be a string (19402); an empty
 * one removes the override.
 */
export const translationImportSchema = z.strictObject({
  Language: translationLanguageSchema,
  Translations: z.record(z.string(), z.unknown()),
});
export type TranslationImport = z.input<typeof translationImportSchema>;

/** What an import did: texts stored, overrides removed, and the keys the catalogue does not have (not stored). */
export const translationImportResultSchema = z.object({
  Stored: z.number().int(),
  Removed: z.number().int(),
  /** At most TRANSLATION_LIMITS.unknownListed dotted keys (`namespace.key`). */
  Unknown: z.array(z.string()),
  UnknownCount: z.number().int(),
});
export type TranslationImportResult = z.infer<typeof translationImportResultSchema>;
