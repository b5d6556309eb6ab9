import type { Db } from './client.js';

/** The database or an open transaction: the checks and writes of one request run inside its transaction. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
