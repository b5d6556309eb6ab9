import { z } from 'zod';

/** Most records one `POST /api/rest-data/responses` call may carry; more are refused with 413. */
export const REST_DATA_MAX_RECORDS = 10_000;

/** Largest body the REST data API reads (about 3 KB per record at the record limit); larger bodies get 413. */
export const REST_DATA_MAX_BODY_BYTES = 32 * 1024 * 1024;

const isoDateTime = z.iso.datetime({ local: true, offset: true });
const isoDate = z.iso.date();

/**
 * An ISO 8601 date or date-time. With an offset (or Z) it is that instant; without one it is the tenant's local
 * time. A space between date and time is accepted, as SQL exports write it.
 */
const transactionTime = z
  .string()
  .trim()
  .transform((value) => (/^\d{4}-\d{2}-\d{2} \d/.test(value) ? value.replace(' ', 'T') : value))
  .refine((value) => isoDateTime.safeParse(value).success || isoDate.safeParse(value).success, {
    message: 'Expected an ISO 8601 date or date-time, e.g. 2024-05-01T10:30:00+03:00',
  });

/** An integration code; blank counts as absent, since exporting systems often send "" for "none". */
const optionalCode = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((value) => value || undefined);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || undefined);

/** Custom data slots take text; numbers are kept as their text. */
const customData = z
  .union([z.string().max(4000), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined || value === '' ? undefined : String(value)));

/** One answer: `Question` is the question's integration code; `Value` a choice value or score; `Text` for OETX. */
export const restDataAnswerSchema = z.object({
  Question: z.string().trim().min(1).max(200),
  Value: z.number().int().nullish(),
  Text: z.string().max(20_000).nullish(),
});
export type RestDataAnswer = z.infer<typeof restDataAnswerSchema>;

/**
 * One pushed transaction with its answers. Channel, product, type, location, employee and question are
 * integration codes; segments are 'GROUPCODE;CODE'. A record that fails this schema is rejected with 3333.
 */
export const restDataRecordSchema = z.object({
  TransactionDate: transactionTime,
  AnsweredDate: transactionTime.nullish(),
  TransactionChannel: z.string().trim().min(1).max(200),
  TransactionProduct: optionalCode,
  TransactionType: optionalCode,
  InviteeLocation: optionalCode,
  Employee: optionalCode,
  Segments: z.array(z.string().trim().max(500)).max(100).nullish(),
  InviteeFullName: optionalText(200),
  InviteeEmail: z
    .union([z.literal(''), z.email().max(320)])
    .nullish()
    .transform((value) => value || undefined),
  InviteeMSISDN: optionalText(50),
  InviteeLanguage: optionalText(10),
  CustomData1: customData,
  CustomData2: customData,
  CustomData3: customData,
  CustomData4: customData,
  CustomData5: customData,
  CustomData6: customData,
  CustomData7: customData,
  CustomData8: customData,
  CustomData9: customData,
  CustomData10: customData,
  /** Missing or empty answers are rejected with 3107, not 3333. */
  Answers: z.array(restDataAnswerSchema).max(1000).nullish(),
});
/** A record as the caller writes it. */
export type RestDataRecordInput = z.input<typeof restDataRecordSchema>;
/** A record after validation (codes trimmed, blanks dropped, dates normalised). */
export type RestDataRecord = z.output<typeof restDataRecordSchema>;

/**
 * The envelope of `POST /api/rest-data/responses`. Records are checked one by one after the envelope (see
 * `restDataRecordSchema`), so one bad record never refuses the others.
 */
export const restDataRequestSchema = z.object({
  SurveyId: z.number().int().positive(),
  Records: z.array(z.unknown()).min(1),
});
/** What a pushing system sends. */
export type RestDataRequest = { SurveyId: number; Records: RestDataRecordInput[] };

/** Why one record was rejected: its 0-based position in `Records`, a REST data code and a translated message. */
export const restDataErrorSchema = z.object({
  Index: z.number().int(),
  Code: z.number().int(),
  Message: z.string(),
});
export type RestDataError = z.infer<typeof restDataErrorSchema>;

/**
 * The answer: valid records were stored (`Accepted`), the others were not (`Rejected`, with one error per
 * problem found). `LogId` is the call's entry in the data validation log.
 */
export const restDataResultSchema = z.object({
  LogId: z.number().int(),
  Accepted: z.number().int(),
  Rejected: z.number().int(),
  Errors: z.array(restDataErrorSchema),
});
export type RestDataResult = z.infer<typeof restDataResultSchema>;
