import { z } from 'zod';

const licenseInfoSchema = z.object({
  IsValid: z.boolean(),
  ExpireIn: z.number().int(),
  SessionLimitPerYear: z.number().int(),
  SessionCount: z.number().int(),
  ExternalSurveySessionLimitPerYear: z.number().int(),
  ExternalSurveySessionCount: z.number().int(),
  DataRetentionTimeInMonths: z.number().int(),
});
export type LicenseInfo = z.infer<typeof licenseInfoSchema>;

const signedInUserSchema = z.object({
  Id: z.number().int(),
  UserName: z.string(),
  FullName: z.string(),
  Email: z.string().nullable(),
  MSISDN: z.string().nullable(),
  Title: z.string().nullable(),
  Department: z.string().nullable(),
  Language: z.string().nullable(),
  Type: z.number().int(),
  UserType: z.string(),
  TenantId: z.number().int().nullable(),
  TwoFactorEnabled: z.boolean(),
  SecurityLevel: z.number().int(),
  Roles: z.array(z.object({ Id: z.number().int(), Name: z.string() })),
  Scopes: z.array(z.string()),
  TransactionChannels: z.array(z.number().int()),
  Products: z.array(z.number().int()),
  Employees: z.array(z.number().int()),
});
export type SignedInUser = z.infer<typeof signedInUserSchema>;

/** `GET /api/bootstrap/{locale}`: what the console needs before it draws anything (shell spec §3). */
export const bootstrapSchema = z.object({
  Version: z.string(),
  ManagementUiVersion: z.string(),
  CodeName: z.string(),
  LicenseInfo: licenseInfoSchema,
  MessageTemplates: z.array(
    z.object({ TypeName: z.string(), Channel: z.number().int(), Language: z.string() }),
  ),
  LanguagePreference: z.string().nullable(),
  StageExpireInDay: z.number().int(),
  StageExpireInHours: z.number().int(),
  IsAIModuleActive: z.boolean(),
  IsDataCollectorActive: z.boolean(),
  Translation: z.array(z.object({ Language: z.string(), Value: z.string() })),
  CustomDataMappings: z.array(z.object({ No: z.number().int(), Name: z.string() })),
  Configurations: z.array(z.object({ Section: z.string(), JsonConfig: z.string() })),
  User: signedInUserSchema,
});
export type Bootstrap = z.infer<typeof bootstrapSchema>;

export const localeParamsSchema = z.object({ locale: z.string().min(2).max(10) });

/** `GET /bootstrap/{locale}`: the bootstrap payload sealed with AES-256-GCM (see bootstrap-crypto.ts). */
export const sealedBootstrapSchema = z.object({ Iv: z.string(), Data: z.string() });
export type SealedBootstrap = z.infer<typeof sealedBootstrapSchema>;
