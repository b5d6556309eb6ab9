import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RestDataRecordInput, RestDataResult } from '@loupe/contracts';
import { openDatabase } from '../../db/client.js';
import { passwordSignIn, seedIngestSurvey } from '../../test/ingest-survey.js';
import { freePort, SERVER_START_MS, ServerProcess } from '../../test/server-process.js';
import { createScratchDatabase } from '../../test/test-app.js';

// Acceptance (issue 14): the real server is killed with SIGKILL while batches with Idempotency-Keys are being
// ingested, started again and sent every batch once more: each batch must be in the database exactly once.
// PostgreSQL runs when TEST_DATABASE_URL is set (the api-postgres project); PGlite with its files in a data
// directory runs in the api-pglite project.

const engine = process.env.LOUPE_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const postgresUrl = process.env.TEST_DATABASE_URL;

// PGlite answers one statement at a time and starts slower: fewer, smaller batches keep its run short.
const BATCHES = engine === 'postgres' ? 16 : 10;
const RECORDS = engine === 'postgres' ? 300 : 150;
const IN_FLIGHT = 4;

if (engine === 'postgres' && !postgresUrl) {
  console.warn('kill -9 acceptance on PostgreSQL skipped: set TEST_DATABASE_URL to run it');
}

type Sent = { status: number; body: RestDataResult | undefined; replayed: boolean } | { error: string };

function batchBody(surveyId: number, batch: number): string {
  const records: RestDataRecordInput[] = Array.from({ length: RECORDS }, (_, i) => ({
    TransactionDate: '2024-05-01T10:00:00Z',
    TransactionChannel: 'BR-1',
    CustomData1: `batch-${batch}`,
    CustomData2: String(i),
    Answers: [{ Question: 'Q_NPS', Value: i % 11 }],
  }));
  return JSON.stringify({ SurveyId: surveyId, Records: records });
}

async function send(url: string, token: string, surveyId: number, batch: number): Promise<Sent> {
  try {
    const response = await fetch(`${url}/api/rest-data/responses`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': `crash-test-batch-${batch}`,
      },
      body: batchBody(surveyId, batch),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: response.ok ? (JSON.parse(text) as RestDataResult) : undefined,
      replayed: response.headers.get('idempotent-replayed') === 'true',
    };
  } catch (error) {
    return { error: String(error) };
  }
}

/** Sends every batch, IN_FLIGHT at a time; `onAnswer` may kill the server (then the rest fail). */
async function sendAll(
  url: string,
  token: string,
  surveyId: number,
  onAnswer?: (answered: number) => void,
): Promise<Sent[]> {
  const results: Sent[] = new Array(BATCHES);
  let next = 0;
  let answered = 0;
  const worker = async () => {
    while (next < BATCHES) {
      const batch = next++;
      results[batch] = await send(url, token, surveyId, batch);
      if ('status' in results[batch]) onAnswer?.(++answered);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return results;
}

async function crashAndRetry(
  env: Record<string, string>,
  surveyId: number,
  count: () => Promise<Map<string, number>>,
) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = new ServerProcess(
    {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      TOKEN_SECRET: randomBytes(32).toString('hex'),
      WEB_DIST: path.join(os.tmpdir(), 'loupe-no-web'),
    },
    url,
  );
  try {
    const mark = (what: string) =>
      process.env.CRASH_TRACE && process.stderr.write(`${new Date().toISOString()} ${what}\n`);
    mark('starting');
    await server.start();
    mark('started');
    const token = (await passwordSignIn(url)).access_token;
    let killing: Promise<void> | undefined;
    // SIGKILL once a few batches were answered: others are then being received, validated or committed.
    const first = await sendAll(url, token, surveyId, (answered) => {
      if (answered === 3) killing = server.kill();
    });
    await killing;
    mark('killed');
    const answeredBefore = first.filter((sent) => 'status' in sent && sent.status === 200).length;
    const lost = first.filter((sent) => 'error' in sent).length;
    expect(answeredBefore).toBeGreaterThanOrEqual(3);
    expect(lost).toBeGreaterThan(0);
    const storedAtCrash = await count();
    for (const sessions of storedAtCrash.values()) expect(sessions).toBe(RECORDS);

    mark('counted');
    await server.start();
    mark('restarted');
    const retried = await sendAll(url, token, surveyId);
    for (const [batch, sent] of retried.entries()) {
      expect(sent, `batch ${batch}`).toMatchObject({ status: 200, body: { Accepted: RECORDS, Rejected: 0 } });
      const before = first[batch]!;
      if ('status' in before && before.status === 200) {
        // Answered before the crash: the retry is the same answer, replayed.
        expect(sent).toMatchObject({ replayed: true, body: { LogId: before.body!.LogId } });
      }
      if (storedAtCrash.has(`batch-${batch}`)) expect(sent).toMatchObject({ replayed: true });
    }

    mark('retried');
    const stored = await count();
    expect(stored.size).toBe(BATCHES);
    for (let batch = 0; batch < BATCHES; batch++)
      expect(stored.get(`batch-${batch}`), `batch ${batch}`).toBe(RECORDS);
  } finally {
    await server.kill('SIGTERM');
  }
}

const SESSIONS_PER_BATCH = `
  SELECT i.custom_data1 AS batch, count(*)::int AS sessions
  FROM sessions s JOIN invitees i ON i.id = s.invitee_id
  WHERE s.survey_id = $1 GROUP BY i.custom_data1`;

describe('kill -9 during REST data ingest with Idempotency-Keys', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it.skipIf(engine !== 'postgres' || !postgresUrl)(
    'PostgreSQL: restart and retry leaves every batch stored exactly once',
    async () => {
      const scratch = await createScratchDatabase(postgresUrl!);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-crash-'));
      cleanups.push(async () => {
        await scratch.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      });
      const database = await openDatabase({ databaseUrl: scratch.url, dataDir: undefined });
      try {
        const { surveyId } = await seedIngestSurvey(database);
        const count = async () => {
          const rows = await database.raw<{ batch: string; sessions: number }>(SESSIONS_PER_BATCH, [
            surveyId,
          ]);
          return new Map(rows.map((row) => [row.batch, row.sessions]));
        };
        await crashAndRetry({ DATABASE_URL: scratch.url, DATA_DIR: dataDir }, surveyId, count);
        const [keys] = await database.raw<{ n: number }>(
          'SELECT count(*)::int AS n FROM rest_data_idempotency_keys WHERE log_id IS NOT NULL',
        );
        expect(keys!.n).toBe(BATCHES);
      } finally {
        await database.close();
      }
    },
    2 * SERVER_START_MS + 60_000,
  );

  it.skipIf(engine !== 'pglite')(
    'PGlite in DATA_DIR: restart and retry leaves every batch stored exactly once',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-crash-'));
      cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      // PGlite has one process at a time on its files: seed, close, then let the server open them.
      const seeding = await openDatabase({ databaseUrl: undefined, dataDir });
      const { surveyId } = await seedIngestSurvey(seeding);
      await seeding.close();
      let counted: Map<string, number> = new Map();
      const count = async () => {
        // Read between server runs only (the server is down at each call).
        const database = await openDatabase({ databaseUrl: undefined, dataDir });
        try {
          const rows = await database.raw<{ batch: string; sessions: number }>(SESSIONS_PER_BATCH, [
            surveyId,
          ]);
          counted = new Map(rows.map((row) => [row.batch, row.sessions]));
          return counted;
        } finally {
          await database.close();
        }
      };
      await crashAndRetry({ DATA_DIR: dataDir }, surveyId, count);
    },
    2 * SERVER_START_MS + 90_000,
  );
});
