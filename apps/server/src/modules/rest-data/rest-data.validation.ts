import {
  CUSTOM_DATA_KEYS,
  ErrorCode,
  errorMessage,
  isMatrixQuestionType,
  parseRestDataRecord,
  type RestDataError,
  type RestDataRecord,
} from '@loupe/contracts';
import { isOnScale, scoreOf, type ResponseRow, type StoredAnswer } from '../responses/index.js';

// Checking one REST data record against the tenant's reference data, without touching the database: the
// service loads the catalogue once per call (one query per dimension) and runs every record through here.

/** A question of the target survey that can take an answer, keyed by its integration code in the catalogue. */
export type CatalogQuestion = {
  id: number;
  type: string;
  /** 11 for 0-10, 5 for 1-5, null without a score. */
  scale: number | null;
  /** Values of the question's live choices (a matrix sub-question inherits its group's). */
  choiceValues: ReadonlySet<number>;
};

/** The tenant's integration codes resolved to ids, for the codes a call used. */
export type RestDataCatalog = {
  channels: ReadonlyMap<string, number>;
  products: ReadonlyMap<string, number>;
  transactionTypes: ReadonlyMap<string, number>;
  employees: ReadonlyMap<string, number>;
  locations: ReadonlyMap<string, number>;
  /** Keyed 'GROUPCODE;CODE'. */
  segments: ReadonlyMap<string, number>;
  /** This survey's questions only, keyed by integration code. */
  questions: ReadonlyMap<string, CatalogQuestion>;
  /** Required questions of the session's flow; a session that answers them all is complete. */
  requiredQuestionIds: readonly number[];
};

/** The integration codes a call uses, per dimension, each once. */
export type RecordCodes = {
  channels: string[];
  products: string[];
  transactionTypes: string[];
  employees: string[];
  locations: string[];
  /** Segment references split into group code and code. */
  segments: { groupCode: string; code: string }[];
};

/** One thing wrong with a record: the REST data code and the offending values, for the message. */
type Problem = { code: ErrorCode; values: string[] };

export type ParsedRecord = { index: number; record: RestDataRecord };

/** The translated catalogue message, naming the offending values when there are any. */
function problemMessage(code: ErrorCode, values: readonly string[], language: string): string {
  const message = errorMessage(code, language);
  if (values.length === 0) return message;
  return `${message.replace(/\.$/, '')}: ${values.join(', ')}`;
}

/** Checks each record's shape; records that fail get 3333 with the fields at fault. */
export function parseRecords(
  records: readonly unknown[],
  language: string,
): { parsed: ParsedRecord[]; errors: RestDataError[] } {
  const parsed: ParsedRecord[] = [];
  const errors: RestDataError[] = [];
  records.forEach((raw, index) => {
    const result = parseRestDataRecord(raw);
    if (result.success) {
      parsed.push({ index, record: result.data });
      return;
    }
    const fields = result.error.issues.map((issue) =>
      issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    );
    errors.push({
      Index: index,
      Code: ErrorCode.ModelNotValid,
      Message: problemMessage(3333, fields, language),
    });
  });
  return { parsed, errors };
}

/** A segment reference 'GROUPCODE;CODE' split in two, or undefined when it is not of that form. */
export function splitSegment(reference: string): { groupCode: string; code: string } | undefined {
  const separator = reference.indexOf(';');
  if (separator <= 0 || separator === reference.length - 1) return undefined;
  const groupCode = reference.slice(0, separator).trim();
  const code = reference.slice(separator + 1).trim();
  return groupCode && code ? { groupCode, code } : undefined;
}

export function collectCodes(records: readonly RestDataRecord[]): RecordCodes {
  const sets = {
    channels: new Set<string>(),
    products: new Set<string>(),
    transactionTypes: new Set<string>(),
    employees: new Set<string>(),
    locations: new Set<string>(),
  };
  const segments = new Map<string, { groupCode: string; code: string }>();
  for (const record of records) {
    sets.channels.add(record.TransactionChannel);
    if (record.TransactionProduct) sets.products.add(record.TransactionProduct);
    if (record.TransactionType) sets.transactionTypes.add(record.TransactionType);
    if (record.Employee) sets.employees.add(record.Employee);
    if (record.InviteeLocation) sets.locations.add(record.InviteeLocation);
    for (const reference of record.Segments ?? []) {
      const segment = splitSegment(reference);
      if (segment) segments.set(`${segment.groupCode};${segment.code}`, segment);
    }
  }
  return {
    channels: [...sets.channels],
    products: [...sets.products],
    transactionTypes: [...sets.transactionTypes],
    employees: [...sets.employees],
    locations: [...sets.locations],
    segments: [...segments.values()],
  };
}

/** Resolves an optional code: null when absent, undefined when given but unknown. */
function resolveOptional(
  map: ReadonlyMap<string, number>,
  code: string | undefined,
): number | null | undefined {
  if (code === undefined) return null;
  return map.get(code);
}

function checkAnswers(
  record: RestDataRecord,
  catalog: RestDataCatalog,
): { answers: StoredAnswer[]; problems: Problem[] } {
  const answers: StoredAnswer[] = [];
  const invalid: string[] = [];
  // Which values each question already got: a single-answer question may appear once, a multi-select
  // question once per distinct value.
  const seen = new Map<number, Set<number | null>>();

  for (const answer of record.Answers ?? []) {
    const question = catalog.questions.get(answer.Question);
    if (!question || isMatrixQuestionType(question.type)) {
      invalid.push(answer.Question);
      continue;
    }
    const text = answer.Text?.trim() ? answer.Text : null;
    const previous = seen.get(question.id);

    if (question.type === 'OETX') {
      if (text === null || previous) {
        invalid.push(answer.Question);
        continue;
      }
      seen.set(question.id, new Set([null]));
      answers.push({ questionId: question.id, choiceValue: null, score: null, text });
      continue;
    }

    const value = answer.Value;
    const valid =
      value !== undefined && value !== null && isAllowedValue(question, value) && !previous?.has(value);
    const repeatAllowed = question.type === 'MCMS' || !previous;
    if (!valid || !repeatAllowed) {
      invalid.push(value === undefined || value === null ? answer.Question : `${answer.Question}=${value}`);
      continue;
    }
    seen.set(question.id, (previous ?? new Set()).add(value));
    answers.push({
      questionId: question.id,
      choiceValue: value,
      score: scoreOf(question.scale, value),
      text,
    });
  }

  return {
    answers,
    problems: invalid.length > 0 ? [{ code: ErrorCode.RestInvalidQuestion, values: invalid }] : [],
  };
}

/** A value is one of the question's choices; a question without choices takes any value on its scale. */
function isAllowedValue(question: CatalogQuestion, value: number): boolean {
  if (question.choiceValues.size > 0) return question.choiceValues.has(value);
  return isOnScale(question.scale, value);
}

/** Checks one well-formed record against the catalogue: every problem found, or the row to store. */
export function checkRecord(
  record: RestDataRecord,
  catalog: RestDataCatalog,
): { row: ResponseRow; problems: [] } | { row?: undefined; problems: Problem[] } {
  const problems: Problem[] = [];

  const segmentIds: number[] = [];
  const unknownSegments: string[] = [];
  for (const reference of record.Segments ?? []) {
    const segment = splitSegment(reference);
    const id = segment && catalog.segments.get(`${segment.groupCode};${segment.code}`);
    if (id === undefined) unknownSegments.push(reference);
    else if (!segmentIds.includes(id)) segmentIds.push(id);
  }
  if (unknownSegments.length > 0)
    problems.push({ code: ErrorCode.RestInvalidSegments, values: unknownSegments });

  const channelId = catalog.channels.get(record.TransactionChannel);
  if (channelId === undefined) {
    problems.push({ code: ErrorCode.RestInvalidTransactionChannels, values: [record.TransactionChannel] });
  }
  const transactionTypeId = resolveOptional(catalog.transactionTypes, record.TransactionType);
  if (transactionTypeId === undefined) {
    problems.push({ code: ErrorCode.RestInvalidTransactionTypes, values: [record.TransactionType ?? ''] });
  }
  const productId = resolveOptional(catalog.products, record.TransactionProduct);
  if (productId === undefined) {
    problems.push({ code: ErrorCode.RestInvalidProducts, values: [record.TransactionProduct ?? ''] });
  }
  const employeeId = resolveOptional(catalog.employees, record.Employee);
  if (employeeId === undefined) {
    problems.push({ code: ErrorCode.RestInvalidEmployees, values: [record.Employee ?? ''] });
  }
  const locationId = resolveOptional(catalog.locations, record.InviteeLocation);
  if (locationId === undefined) {
    problems.push({ code: ErrorCode.RestInvalidInviteeLocations, values: [record.InviteeLocation ?? ''] });
  }

  if (!record.Answers || record.Answers.length === 0) {
    problems.push({ code: ErrorCode.RestInviteeWithoutAnswers, values: [] });
  }
  const { answers, problems: answerProblems } = checkAnswers(record, catalog);
  problems.push(...answerProblems);

  if (
    problems.length > 0 ||
    channelId === undefined ||
    transactionTypeId === undefined ||
    productId === undefined ||
    employeeId === undefined ||
    locationId === undefined
  ) {
    return { problems };
  }

  const answered = new Set(answers.map((answer) => answer.questionId));
  const complete = catalog.requiredQuestionIds.every((id) => answered.has(id));
  return {
    problems: [],
    row: {
      transactionDate: record.TransactionDate,
      answeredDate: record.AnsweredDate ?? null,
      channelId,
      productId,
      transactionTypeId,
      employeeId,
      locationId,
      segmentIds,
      fullName: record.InviteeFullName ?? null,
      email: record.InviteeEmail ?? null,
      msisdn: record.InviteeMSISDN ?? null,
      language: record.InviteeLanguage ?? null,
      customData: CUSTOM_DATA_KEYS.map((key) => record[key] ?? null),
      completion: complete ? 1 : 2,
      answers,
    },
  };
}

/** Runs every parsed record through `checkRecord`, keeping each row's position; errors come out in record order. */
export function checkRecords(
  parsed: readonly ParsedRecord[],
  catalog: RestDataCatalog,
  language: string,
): { rows: { index: number; row: ResponseRow }[]; errors: RestDataError[] } {
  const rows: { index: number; row: ResponseRow }[] = [];
  const errors: RestDataError[] = [];
  for (const { index, record } of parsed) {
    const result = checkRecord(record, catalog);
    if (result.row) {
      rows.push({ index, row: result.row });
      continue;
    }
    for (const problem of result.problems) {
      errors.push({
        Index: index,
        Code: problem.code,
        Message: problemMessage(problem.code, problem.values, language),
      });
    }
  }
  return { rows, errors };
}
