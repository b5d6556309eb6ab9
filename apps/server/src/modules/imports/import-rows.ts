import { sql } from 'drizzle-orm';
import {
  ErrorCode,
  IMPORT_FIELD_NAMES,
  INTERACTION_CHANNELS,
  STAGED_RECORD_STATUS,
  errorMessage,
  hasNoControlCharacters,
  type ImportColumnMappingItem,
  type ImportField,
} from '@loupe/contracts';
import type { Executor } from '../../db/executor.js';
import { splitSegment } from '../rest-data/index.js';
import { rowsOf } from '../../db/rows-of.js';

/*
 * One candidate invitee from a file row or the create-invitee form: its texts per field checked like REST data
 * (codes 3100-3106 for unknown integration codes, 3333 for a malformed value), and resolved to the staged row.
 */

/** The tenant's integration codes resolved to ids (all of them: one query per import). */
export type ImportCatalog = {
  channels: ReadonlyMap<string, number>;
  products: ReadonlyMap<string, number>;
  transactionTypes: ReadonlyMap<string, number>;
  locations: ReadonlyMap<string, number>;
  employees: ReadonlyMap<string, number>;
  /** 'GROUPCODE;CODE'. */
  segments: ReadonlyMap<string, number>;
};

/** A staged row before insertion (ids resolved; the date still text, resolved in the tenant's time zone by SQL). */
export type StagedValues = {
  rowNumber: number | null;
  fullName: string | null;
  email: string | null;
  msisdn: string | null;
  homeTel: string | null;
  workTel: string | null;
  language: string | null;
  locationId: number | null;
  transactionDate: string | null;
  transactionChannelId: number | null;
  productId: number | null;
  transactionTypeId: number | null;
  employeeId: number | null;
  transactionDuration: number | null;
  segmentIds: number[];
  inviteeChannelId: number | null;
  customConfigName: string | null;
  isTestUser: boolean;
  details: string | null;
  customData: (string | null)[];
  status: number;
  errorDetail: string | null;
};

/** One thing wrong with a row: its code, the field and the message. */
export type FieldProblem = { code: ErrorCode; field: ImportField; message: string };

export async function loadCatalog(db: Executor, tenantId: number): Promise<ImportCatalog> {
  const pairs = (table: string) =>
    sql.raw(`(SELECT coalesce(json_agg(json_build_array(code, id)), '[]') FROM ${table} WHERE tenant_id = `);
  const [row] = await rowsOf<Record<string, [string, number][]>>(
    db,
    sql`SELECT ${pairs('transaction_channels')}${tenantId}::integer) AS channels,
      ${pairs('products')}${tenantId}::integer) AS products,
      ${pairs('transaction_types')}${tenantId}::integer) AS types,
      ${pairs('locations')}${tenantId}::integer) AS locations,
      ${pairs('employees')}${tenantId}::integer) AS employees,
      (SELECT coalesce(json_agg(json_build_array(g.code || ';' || s.code, s.id)), '[]')
         FROM segments s JOIN segment_groups g ON g.id = s.group_id
         WHERE s.tenant_id = ${tenantId}::integer) AS segments`,
  );
  return {
    channels: new Map(row!.channels),
    products: new Map(row!.products),
    transactionTypes: new Map(row!.types),
    locations: new Map(row!.locations),
    employees: new Map(row!.employees),
    segments: new Map(row!.segments),
  };
}

const squash = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * Which column feeds each field: the mapping's columns found in the heading row (case-insensitively); without a
 * mapping, each heading that is a field's name (case, spaces, '_' and '-' ignored).
 */
export function resolveMapping(
  headers: readonly string[],
  mapping: readonly ImportColumnMappingItem[],
): Map<ImportField, number> {
  const columns = new Map<string, number>();
  headers.forEach((header, index) => {
    const key = squash(header);
    if (key && !columns.has(key)) columns.set(key, index);
  });
  const resolved = new Map<ImportField, number>();
  if (mapping.length > 0) {
    for (const item of mapping) {
      const index = columns.get(squash(item.Column));
      if (index !== undefined) resolved.set(item.Field, index);
    }
    return resolved;
  }
  for (const field of IMPORT_FIELD_NAMES) {
    const index = columns.get(squash(field));
    if (index !== undefined) resolved.set(field, index);
  }
  return resolved;
}

/** The mapping an upload would use without one: headings that are field names. */
export function suggestedMapping(headers: readonly string[]): ImportColumnMappingItem[] {
  return [...resolveMapping(headers, []).entries()].map(([field, index]) => ({
    Column: headers[index]!,
    Field: field,
  }));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MSISDN = /^\+?[0-9]{6,15}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const EARLIEST_MS = Date.parse('2000-01-01T00:00:00Z');
const DAY_MS = 86_400_000;
const TRUE_TEXTS = new Set(['true', '1', 'yes', 'evet', 'y']);
const FALSE_TEXTS = new Set(['false', '0', 'no', 'hayır', 'hayir', 'n', '']);
const CUSTOM_DATA_FIELDS = IMPORT_FIELD_NAMES.filter((field) => field.startsWith('CustomData'));

/** The most characters each text field keeps (as the create-invitee schema). */
const TEXT_MAX: Partial<Record<ImportField, number>> = {
  InviteeFullName: 200,
  InviteeHomeTel: 50,
  InviteeWorkTel: 50,
  InviteeLanguage: 10,
  CustomConfigName: 100,
  Details: 4000,
};
const CUSTOM_DATA_MAX = 4000;

/**
 * Checks one record's texts (field → text, blank = absent) against the catalogue. Every problem is reported;
 * a row with any is staged removed (status 3) with errorDetail "code Field: message; …".
 */
export function checkValues(
  texts: Partial<Record<ImportField, string>>,
  catalog: ImportCatalog,
  language: string,
  rowNumber: number | null,
  now: number = Date.now(),
): { values: StagedValues; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const problem = (code: ErrorCode, field: ImportField, detail?: string) =>
    problems.push({
      code,
      field,
      message: detail === undefined ? errorMessage(code, language) : detail,
    });
  const get = (field: ImportField): string | null => {
    const text = texts[field]?.trim();
    if (!text) return null;
    if (!hasNoControlCharacters(text, field === 'Details')) {
      problem(ErrorCode.ModelNotValid, field, 'Must not contain NUL or other control characters');
      return null;
    }
    const max = field.startsWith('CustomData') ? CUSTOM_DATA_MAX : (TEXT_MAX[field] ?? 200);
    if (text.length > max) {
      problem(ErrorCode.ModelNotValid, field, `At most ${max} characters`);
      return null;
    }
    return text;
  };
  const code = (field: ImportField, map: ReadonlyMap<string, number>, refusal: ErrorCode): number | null => {
    const text = get(field);
    if (text === null) return null;
    const id = map.get(text);
    if (id === undefined)
      problem(refusal, field, `${errorMessage(refusal, language).replace(/\.$/, '')}: ${text}`);
    return id ?? null;
  };

  let email = get('InviteeEmail')?.toLowerCase() ?? null;
  if (email !== null && (!EMAIL.test(email) || email.length > 254)) {
    problem(ErrorCode.ModelNotValid, 'InviteeEmail', 'Expected an email address');
    email = null;
  }
  let msisdn = get('InviteeMSISDN')?.replace(/[\s().-]/g, '') ?? null;
  if (msisdn !== null && !MSISDN.test(msisdn)) {
    problem(ErrorCode.ModelNotValid, 'InviteeMSISDN', 'Expected 6 to 15 digits, optionally after +');
    msisdn = null;
  }
  let transactionDate = get('TransactionDate');
  if (transactionDate !== null) {
    const instant = Date.parse(transactionDate.replace(' ', 'T'));
    if (!ISO_DATE.test(transactionDate) || !Number.isFinite(instant)) {
      problem(ErrorCode.ModelNotValid, 'TransactionDate', 'Expected an ISO 8601 date or date-time');
      transactionDate = null;
    } else if (instant < EARLIEST_MS || instant > now + DAY_MS) {
      problem(
        ErrorCode.ModelNotValid,
        'TransactionDate',
        'Expected a date from 2000-01-01 to one day after today',
      );
      transactionDate = null;
    } else transactionDate = transactionDate.replace(' ', 'T');
  }
  let transactionDuration: number | null = null;
  const duration = get('TransactionDuration');
  if (duration !== null) {
    if (/^\d{1,9}$/.test(duration)) transactionDuration = Number(duration);
    else problem(ErrorCode.ModelNotValid, 'TransactionDuration', 'Expected a whole number of seconds');
  }
  let inviteeChannelId: number | null = null;
  const channel = get('InviteeChannel');
  if (channel !== null) {
    const value = Number(channel);
    if (INTERACTION_CHANNELS.some((known) => known === value)) inviteeChannelId = value;
    else
      problem(
        ErrorCode.RestInvalidInviteeChannels,
        'InviteeChannel',
        `${errorMessage(ErrorCode.RestInvalidInviteeChannels, language).replace(/\.$/, '')}: ${channel}`,
      );
  }
  let isTestUser = false;
  const testUser = (texts.IsTestUser ?? '').trim().toLowerCase();
  if (TRUE_TEXTS.has(testUser)) isTestUser = true;
  else if (!FALSE_TEXTS.has(testUser))
    problem(ErrorCode.ModelNotValid, 'IsTestUser', 'Expected true or false');

  const segmentIds: number[] = [];
  const unknownSegments: string[] = [];
  for (const reference of (get('InviteeSegments') ?? '').split(/[|,]/)) {
    if (!reference.trim()) continue;
    const segment = splitSegment(reference);
    const id = segment && catalog.segments.get(`${segment.groupCode};${segment.code}`);
    if (id === undefined) unknownSegments.push(reference.trim());
    else if (!segmentIds.includes(id)) segmentIds.push(id);
  }
  if (unknownSegments.length > 0)
    problem(
      ErrorCode.RestInvalidSegments,
      'InviteeSegments',
      `${errorMessage(ErrorCode.RestInvalidSegments, language).replace(/\.$/, '')}: ${unknownSegments.join(', ')}`,
    );

  const values: StagedValues = {
    rowNumber,
    fullName: get('InviteeFullName'),
    email,
    msisdn,
    homeTel: get('InviteeHomeTel'),
    workTel: get('InviteeWorkTel'),
    language: get('InviteeLanguage'),
    locationId: code('InviteeLocation', catalog.locations, ErrorCode.RestInvalidInviteeLocations),
    transactionDate,
    transactionChannelId: code(
      'TransactionChannel',
      catalog.channels,
      ErrorCode.RestInvalidTransactionChannels,
    ),
    productId: code('TransactionProduct', catalog.products, ErrorCode.RestInvalidProducts),
    transactionTypeId: code(
      'TransactionType',
      catalog.transactionTypes,
      ErrorCode.RestInvalidTransactionTypes,
    ),
    employeeId: code('Employee', catalog.employees, ErrorCode.RestInvalidEmployees),
    transactionDuration,
    segmentIds,
    inviteeChannelId,
    customConfigName: get('CustomConfigName'),
    isTestUser,
    details: get('Details'),
    customData: CUSTOM_DATA_FIELDS.map((field) => get(field)),
    status: STAGED_RECORD_STATUS.New,
    errorDetail: null,
  };
  if (problems.length > 0) {
    values.status = STAGED_RECORD_STATUS.Removed;
    values.errorDetail = problems.map((item) => `${item.code} ${item.field}: ${item.message}`).join('; ');
  }
  return { values, problems };
}

/** A file row's texts per mapped field. */
export function rowTexts(row: readonly string[], columns: ReadonlyMap<ImportField, number>) {
  const texts: Partial<Record<ImportField, string>> = {};
  for (const [field, index] of columns) texts[field] = row[index] ?? '';
  return texts;
}

const list = (values: readonly unknown[]) => sql.param(values);

/**
 * Inserts staged rows with one statement (one array parameter per column, unnested), answering their ids in
 * order. `importDataLogId` null: a single record (create invitee).
 */
export async function insertStaged(
  db: Executor,
  target: { tenantId: number; surveyId: number; importDataLogId: number | null; timeZone: string },
  rows: readonly StagedValues[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const column = <T>(pick: (row: StagedValues) => T) => list(rows.map(pick));
  const custom = Array.from({ length: 10 }, (_, index) => column((row) => row.customData[index] ?? null));
  const result = await rowsOf<{ id: string | number }>(
    db,
    sql`INSERT INTO staged_invitees (tenant_id, survey_id, import_data_log_id, row_number, full_name, email, msisdn,
        home_tel, work_tel, language, location_id, transaction_date, transaction_channel_id, product_id,
        transaction_type_id, employee_id, transaction_duration, segment_ids, invitee_channel_id, custom_config_name,
        is_test_user, details, custom_data1, custom_data2, custom_data3, custom_data4, custom_data5, custom_data6,
        custom_data7, custom_data8, custom_data9, custom_data10, status, error_detail)
      SELECT ${target.tenantId}::integer, ${target.surveyId}::integer, ${target.importDataLogId}::bigint, u.rn,
        u.full_name, u.email, u.msisdn, u.home_tel, u.work_tel, u.language, u.location_id,
        CASE WHEN u.tdate IS NULL THEN now()
             WHEN u.tdate ~ '(Z|[+-]\\d{2}:?\\d{2})$' THEN u.tdate::timestamptz
             ELSE u.tdate::timestamp AT TIME ZONE ${target.timeZone}::text END,
        u.channel_id, u.product_id, u.type_id, u.employee_id, u.duration, u.segments::integer[], u.invitee_channel,
        u.config_name, u.is_test, u.details, u.c1, u.c2, u.c3, u.c4, u.c5, u.c6, u.c7, u.c8, u.c9, u.c10,
        u.status, u.error_detail
      FROM unnest(${column((row) => row.rowNumber)}::integer[], ${column((row) => row.fullName)}::text[],
        ${column((row) => row.email)}::text[], ${column((row) => row.msisdn)}::text[],
        ${column((row) => row.homeTel)}::text[], ${column((row) => row.workTel)}::text[],
        ${column((row) => row.language)}::text[], ${column((row) => row.locationId)}::integer[],
        ${column((row) => row.transactionDate)}::text[], ${column((row) => row.transactionChannelId)}::integer[],
        ${column((row) => row.productId)}::integer[], ${column((row) => row.transactionTypeId)}::integer[],
        ${column((row) => row.employeeId)}::integer[], ${column((row) => row.transactionDuration)}::integer[],
        ${column((row) => `{${row.segmentIds.join(',')}}`)}::text[],
        ${column((row) => row.inviteeChannelId)}::smallint[], ${column((row) => row.customConfigName)}::text[],
        ${column((row) => row.isTestUser)}::boolean[], ${column((row) => row.details)}::text[],
        ${custom[0]}::text[], ${custom[1]}::text[], ${custom[2]}::text[], ${custom[3]}::text[], ${custom[4]}::text[],
        ${custom[5]}::text[], ${custom[6]}::text[], ${custom[7]}::text[], ${custom[8]}::text[], ${custom[9]}::text[],
        ${column((row) => row.status)}::smallint[], ${column((row) => row.errorDetail)}::text[])
        AS u(rn, full_name, email, msisdn, home_tel, work_tel, language, location_id, tdate, channel_id,
             product_id, type_id, employee_id, duration, segments, invitee_channel, config_name, is_test, details,
             c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, status, error_detail)
      RETURNING id`,
  );
  return result.map((row) => Number(row.id));
}
