/** PostgreSQL SQLSTATE codes the modules turn into product codes. */
const PgErrorCode = { UniqueViolation: '23505', ForeignKeyViolation: '23503' } as const;
type PgErrorCode = (typeof PgErrorCode)[keyof typeof PgErrorCode];

/**
 * Whether a failed statement carries this SQLSTATE, on PGlite and node-postgres alike: Drizzle wraps the driver's
 * error, so the code may sit on the error or on one of its causes.
 */
function hasPgErrorCode(error: unknown, code: PgErrorCode): boolean {
  for (let current = error; typeof current === 'object' && current !== null;) {
    if ((current as { code?: unknown }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A unique index refused the row (a name saved meanwhile by someone else, say). */
export const isUniqueViolation = (error: unknown): boolean =>
  hasPgErrorCode(error, PgErrorCode.UniqueViolation);

/** A foreign key refused the change (a row started using the record meanwhile, say). */
export const isForeignKeyViolation = (error: unknown): boolean =>
  hasPgErrorCode(error, PgErrorCode.ForeignKeyViolation);

/**
 * A value PostgreSQL refused as data (SQLSTATE class 22: a number out of range, NUL in text, an impossible date):
 * the request's input, not the server, was wrong. The input bounds refuse such values first; this is the backstop.
 */
export function isDataException(error: unknown): boolean {
  for (let current = error; typeof current === 'object' && current !== null;) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code.length === 5 && code.startsWith('22')) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
