import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.js';
import { DatabaseBrokenError, PGLITE_MAX_PARAMETERS } from './pglite-guard.js';

/*
 * What happens to the embedded PGlite connection after a statement breaks it. A statement of 32,768 to 65,535
 * parameters fails with a RangeError and leaves PGlite's connection out of step: from then on it answers every
 * statement with no rows (measured: `SELECT 1` answers []). The guard refuses
 * such a statement before PGlite sees it; with the refusal switched off (the test hook raises the limit), it
 * notices the broken connection and reopens it from its files, or fails loudly in memory.
 */

const TOO_MANY = PGLITE_MAX_PARAMETERS + 1;
const manyParameters = (count: number) => ({
  text: `SELECT count(*)::int AS n FROM (VALUES (1)) v(x) WHERE x IN (${Array.from({ length: count }, (_, index) => `$${index + 1}`).join(', ')})`,
  params: Array.from({ length: count }, (_, index) => index + 1),
});

// These tests open PGlite themselves; they belong to the PGlite pass only.
const pglite = (process.env.LOUPE_TEST_DB ?? 'pglite') === 'pglite';

let open: DatabaseHandle | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await open?.close().catch(() => {});
  open = undefined;
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

async function countRows(database: DatabaseHandle) {
  return database.raw<{ n: number }>('SELECT count(*)::int AS n FROM generate_series(1, 3)');
}

describe.runIf(pglite)('the embedded database after a statement that breaks it', () => {
  it('refuses a statement over the parameter limit and keeps answering', async () => {
    open = await openDatabase({ databaseUrl: undefined, dataDir: undefined });
    const { text, params } = manyParameters(TOO_MANY);
    await expect(open.raw(text, params)).rejects.toMatchObject({ code: '54000' });
    expect(await countRows(open)).toEqual([{ n: 3 }]);
    // The largest statement that fits still runs.
    const fits = manyParameters(PGLITE_MAX_PARAMETERS);
    expect(await open.raw(fits.text, fits.params)).toEqual([{ n: 1 }]);
    expect(await open.healthy()).toBe(true);
  });

  it('in memory: a broken connection fails every later statement and the health check, never answers empty', async () => {
    open = await openDatabase({ databaseUrl: undefined, dataDir: undefined, pgliteMaxParameters: 100_000 });
    const { text, params } = manyParameters(TOO_MANY);
    await expect(open.raw(text, params)).rejects.toThrow();
    await expect(countRows(open)).rejects.toBeInstanceOf(DatabaseBrokenError);
    expect(await open.healthy()).toBe(false);
  });

  it('on files: a broken connection is reopened and answers again, with the data it held', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-pglite-guard-'));
    open = await openDatabase({ databaseUrl: undefined, dataDir, pgliteMaxParameters: 100_000 });
    await open.raw('CREATE TABLE kept (id int)');
    await open.raw('INSERT INTO kept VALUES (1), (2)');
    const { text, params } = manyParameters(TOO_MANY);
    await expect(open.raw(text, params)).rejects.toThrow();
    expect(await open.raw('SELECT count(*)::int AS n FROM kept')).toEqual([{ n: 2 }]);
    expect(await open.healthy()).toBe(true);
  });

  it('rolls back a block of statements that fails half-way (pg-boss runs such blocks) and keeps answering', async () => {
    open = await openDatabase({ databaseUrl: undefined, dataDir: undefined });
    await open.executeSql('CREATE TABLE block (id int primary key)');
    await expect(
      open.executeSql('BEGIN; INSERT INTO block VALUES (1); INSERT INTO block VALUES (1); COMMIT;'),
    ).rejects.toThrow(/duplicate key/);
    expect(await open.healthy()).toBe(true);
    expect(await open.raw('SELECT count(*)::int AS n FROM block')).toEqual([{ n: 0 }]);
    // Several statements answer with the last one's rows; one with parameters goes alone.
    const last = await open.executeSql('INSERT INTO block VALUES (2); SELECT id FROM block');
    expect(last).toEqual({ rows: [{ id: 2 }], rowCount: 1 });
    expect(await open.executeSql('DELETE FROM block WHERE id = $1', [2])).toEqual({ rows: [], rowCount: 1 });
  });
});
