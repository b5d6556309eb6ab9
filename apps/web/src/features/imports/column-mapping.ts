import {
  IMPORT_FIELDS,
  IMPORT_FIELD_NAMES,
  type ImportColumnMappingItem,
  type ImportField,
} from '@loupe/contracts';

/*
 * The mapping step of an upload (surveys spec §2 imports): each column of the file's heading row is mapped to
 * one invitee field, or left out. What the step starts with, and how a choice changes the others, are pure
 * functions here.
 */

/** One column of the file and the field it fills (null: not imported). */
export type MappingRow = { Column: string; Field: ImportField | null };

/** A heading or a field name compared loosely: lower case, without spaces, dashes, underscores or dots. */
function loose(text: string): string {
  return text
    .toLocaleLowerCase('en')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s_.-]+/g, '');
}

/** Each field by its loose name and by its loose labels (English and Turkish headings). */
const FIELD_BY_NAME = new Map<string, ImportField>(
  IMPORT_FIELDS.flatMap((field) => [
    [loose(field.Field), field.Field] as const,
    [loose(field.names.en), field.Field] as const,
    [loose(field.names.tr), field.Field] as const,
  ]),
);

const isField = (value: string): value is ImportField =>
  (IMPORT_FIELD_NAMES as readonly string[]).includes(value);

/**
 * The mapping the step starts with, column by column: the source's saved mapping first (its column named the
 * same, case aside), then the server's suggestion, then a heading that names a field or its label. A field is
 * given to one column only, the first that claims it.
 */
export function prefillMapping({
  headers,
  saved = [],
  suggested = [],
}: {
  headers: readonly string[];
  saved?: readonly ImportColumnMappingItem[];
  suggested?: readonly ImportColumnMappingItem[];
}): MappingRow[] {
  const fieldOf = (mapping: readonly ImportColumnMappingItem[], column: string) =>
    mapping.find((item) => item.Column.trim().toLowerCase() === column.trim().toLowerCase())?.Field;
  const taken = new Set<ImportField>();
  return headers.map((column) => {
    const candidates = [fieldOf(saved, column), fieldOf(suggested, column), FIELD_BY_NAME.get(loose(column))];
    const field = candidates.find(
      (candidate): candidate is ImportField =>
        candidate !== undefined && isField(candidate) && !taken.has(candidate),
    );
    if (field === undefined) return { Column: column, Field: null };
    taken.add(field);
    return { Column: column, Field: field };
  });
}

/** The mapping after `column` is given `field` (null: left out); another column holding that field loses it. */
export function chooseField(
  rows: readonly MappingRow[],
  column: string,
  field: ImportField | null,
): MappingRow[] {
  return rows.map((row) => {
    if (row.Column === column) return { ...row, Field: field };
    return field !== null && row.Field === field ? { ...row, Field: null } : row;
  });
}

/** What is sent: the mapped columns only. */
export function mappingOf(rows: readonly MappingRow[]): ImportColumnMappingItem[] {
  return rows.flatMap((row) => (row.Field === null ? [] : [{ Column: row.Column, Field: row.Field }]));
}

/** The fields an invitee is reached by: a mapping without one of them would eliminate every row (reason 2). */
const CONTACT_FIELDS: readonly ImportField[] = ['InviteeEmail', 'InviteeMSISDN'];

/** Why the mapping cannot be sent yet: nothing mapped, or no email or mobile column. */
export function mappingProblem(rows: readonly MappingRow[]): 'nothingMapped' | 'noContact' | null {
  const fields = new Set(rows.map((row) => row.Field));
  if (![...fields].some((field) => field !== null)) return 'nothingMapped';
  if (!CONTACT_FIELDS.some((field) => fields.has(field))) return 'noContact';
  return null;
}
