import { z } from 'zod';
import { int32IdParam, safeText } from '../input-bounds.js';

/*
 * The text-analytics module's own screens (issue 21 item 6; docs/ai-scheduled-jobs.md): AI logs `/api/ai-logs`,
 * AI system configurations `/api/ai-system-configurations` and the text-analytics bootstrap and languages.
 */

/** The spec's log levels (§9). */
const AI_LOG_LEVELS = ['ERROR', 'VERBOSE', 'DEBUG', 'INFO', 'WARNING', 'CRITICAL'] as const;

/** One row of `GET /api/ai-logs`: what a job's run or a worker did. */
export const aiLogSchema = z.object({
  Id: z.number().int(),
  Level: z.enum(AI_LOG_LEVELS),
  Source: z.string(),
  Message: z.string(),
  CreatedDate: z.string(),
});
export type AiLog = z.infer<typeof aiLogSchema>;

/** The languages the text models work in, with their names (`GET /api/text-analytics/languages`). */
export const TEXT_ANALYTICS_LANGUAGES = { tr: 'Türkçe', en: 'English' } as const;

type ConfigurationRule = { default: string; check: (value: string) => boolean };
const integerIn = (min: number, max: number) => (value: string) =>
  /^\d{1,9}$/.test(value) && Number(value) >= min && Number(value) <= max;

/**
 * The tenant's AI system configurations, one value per key (seeded for every tenant at its first read), each with
 * its default and its rule: ScoringBatchSize comments per scoring batch (100–10,000), MinimumCommentLength the
 * characters a comment needs to be scored (1–1,000), DefaultLanguage the language of a comment whose own cannot be
 * told (tr or en), MaxExportRows the most instances a model export writes (1–100,000, the spec's export limit).
 */
export const AI_SYSTEM_CONFIGURATIONS = {
  ScoringBatchSize: { default: '1000', check: integerIn(100, 10_000) },
  MinimumCommentLength: { default: '2', check: integerIn(1, 1_000) },
  DefaultLanguage: { default: 'tr', check: (value) => value in TEXT_ANALYTICS_LANGUAGES },
  MaxExportRows: { default: '100000', check: integerIn(1, 100_000) },
} as const satisfies Record<string, ConfigurationRule>;
export type AiSystemConfigurationKey = keyof typeof AI_SYSTEM_CONFIGURATIONS;

/** Whether `value` is a valid value of the configuration `key`. */
export function isAiSystemConfigurationValue(key: string, value: string): boolean {
  const rule = (AI_SYSTEM_CONFIGURATIONS as Record<string, ConfigurationRule>)[key];
  return rule !== undefined && rule.check(value);
}

/** One configuration (grid row and record). */
export const aiSystemConfigurationSchema = z.object({
  Id: z.number().int(),
  Key: z.string(),
  Value: z.string(),
  DefaultValue: z.string(),
  UpdatedDate: z.string(),
});
export type AiSystemConfiguration = z.infer<typeof aiSystemConfigurationSchema>;

/** `PUT /api/ai-system-configurations/{id}`: the new value, checked by the key's rule (19146). */
export const aiSystemConfigurationSaveSchema = z.strictObject({
  Value: safeText(100).pipe(z.string().trim()),
});
export type AiSystemConfigurationSave = z.input<typeof aiSystemConfigurationSaveSchema>;

export const aiSystemConfigurationParamsSchema = z.object({ id: int32IdParam });

const nameMap = z.record(z.string(), z.string());

/**
 * `GET /api/text-analytics/bootstrap`: the module's id → name maps. job_types and job_status by the values the
 * API uses, supported_languages by code, annotation_status by the works' status, topic_model_types by model type
 * (0, 1), auth_scopes the caller's AI scopes, roles the caller's roles by id; solr_core_names is empty (no Solr).
 */
export const textAnalyticsBootstrapSchema = z.object({
  version: z.string(),
  job_types: nameMap,
  job_status: nameMap,
  supported_languages: nameMap,
  annotation_status: nameMap,
  topic_model_types: nameMap,
  auth_scopes: nameMap,
  roles: nameMap,
  solr_core_names: z.array(z.string()),
});
export type TextAnalyticsBootstrap = z.infer<typeof textAnalyticsBootstrapSchema>;

/** `GET /api/text-analytics/languages`. */
export const textAnalyticsLanguageListSchema = z.array(z.object({ Code: z.string(), Name: z.string() }));
