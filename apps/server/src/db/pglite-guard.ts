import type { PGlite, Transaction } from '@electric-sql/pglite';

/*
 * The embedded PGlite connection is one in-process connection: if it ever falls out of step with its wire
 * protocol it answers every later statement with no rows and no error — an empty report, "no such user" at
 * sign-in, "no restriction" for a scoped user. Reproduced with a statement of 32,767 parameters (PGlite writes
 * the count as a signed 16-bit number). This guard
 * - refuses a statement with more parameters than the protocol carries before it reaches PGlite, and
 * - after any failed statement or transaction checks the connection with `SELECT 1`: a connection that does not
 *   answer it is closed and reopened from its files (a file-backed database), or, in memory, marked broken so
 *   every later statement fails loudly (and /api/health answers 503) instead of answering with nothing.
 */

/** Bind parameters per statement PGlite carries (a signed 16-bit count). */
export const PGLITE_MAX_PARAMETERS = 32_767;

/** Raised for a statement over the parameter limit: PostgreSQL's program_limit_exceeded. */
class TooManyParametersError extends Error {
  readonly code = '54000';
  constructor(count: number) {
    super(`a statement with ${count} parameters is over the limit of ${PGLITE_MAX_PARAMETERS}`);
  }
}

/** Raised for every statement once the in-memory connection was found broken. */
export class DatabaseBrokenError extends Error {
  constructor() {
    super('the embedded database connection is broken');
  }
}

export type PgliteGuardOptions = {
  /** Opens the connection again from its files; undefined for an in-memory database (cannot be reopened). */
  reopen: (() => Promise<PGlite>) | undefined;
  /** Test hook: the limit checked before a statement is sent (default PGLITE_MAX_PARAMETERS). */
  maxParameters?: number;
};

export type GuardedPglite = {
  /** What Drizzle and the raw helpers use in place of the PGlite instance (query, transaction and exec). */
  client: PGlite;
  /** Whether the connection answers `SELECT 1` now (reopening it first when it is broken and can be). */
  healthy(): Promise<boolean>;
  close(): Promise<void>;
};

async function answers(client: PGlite): Promise<boolean> {
  try {
    const result = await client.query<{ ok: number }>('SELECT 1 AS ok');
    return result.rows[0]?.ok === 1;
  } catch {
    return false;
  }
}

export function guardPglite(first: PGlite, options: PgliteGuardOptions): GuardedPglite {
  let current = first;
  let broken = false;
  const maxParameters = options.maxParameters ?? PGLITE_MAX_PARAMETERS;

  const checkParameters = (params: unknown[] | undefined) => {
    if (params && params.length > maxParameters) throw new TooManyParametersError(params.length);
  };

  /** After a failure: is the connection still in step? If not, reopen it or mark it broken. */
  async function verify(): Promise<boolean> {
    if (!broken && (await answers(current))) return true;
    broken = true;
    if (!options.reopen) return false;
    await current.close().catch(() => {});
    current = await options.reopen();
    broken = !(await answers(current));
    return !broken;
  }

  const guardedTransaction = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, property, receiver) {
        if (property === 'query')
          return (text: string, params?: unknown[], queryOptions?: object) => {
            checkParameters(params);
            return target.query(text, params, queryOptions);
          };
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? (value.bind(target) as unknown) : value;
      },
    });

  async function run<T>(work: (client: PGlite) => Promise<T>): Promise<T> {
    if (broken) throw new DatabaseBrokenError();
    try {
      return await work(current);
    } catch (error) {
      if (!(error instanceof TooManyParametersError)) await verify();
      throw error;
    }
  }

  const client = {
    query: (text: string, params?: unknown[], queryOptions?: object) => {
      checkParameters(params);
      return run((connection) => connection.query(text, params, queryOptions));
    },
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      run((connection) => connection.transaction((tx) => callback(guardedTransaction(tx)))),
    // Several statements without parameters (pg-boss's schema and its BEGIN … COMMIT blocks). One that fails
    // inside such a block leaves the transaction open and aborted: roll it back before the check, which would
    // otherwise find the connection refusing `SELECT 1` and take it for broken.
    exec: (text: string) =>
      run(async (connection) => {
        try {
          return await connection.exec(text);
        } catch (error) {
          await connection.query('ROLLBACK').catch(() => {});
          throw error;
        }
      }),
  } as unknown as PGlite;

  return {
    client,
    healthy: async () => (!broken && (await answers(current)) ? true : verify()),
    close: () => current.close(),
  };
}
