// `npm run bench:invitations` (never part of `npm test`; docs/invitations.md, bench/RESULTS.md): 10,000 e-mail
// invitations made through `POST /api/surveys/{id}/invitations`, rendered and delivered by the built server's
// pg-boss jobs to a local SMTP server in this process, on the local PostgreSQL. Then the same mails sent straight
// through nodemailer (no queue, no database) as the baseline. Then a second run whose server is killed (SIGKILL)
// half way and started again: every message must arrive exactly once, or be marked as sent again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { createMailer } from '../apps/server/src/core/mailer.js';
import { createLogger } from '../apps/server/src/logger.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { ensureConsoleClient, seedDemoIdentity } from '../apps/server/src/demo/seed-identity.js';
import { databaseUrl } from './bench-database.js';
import { signIn } from './ingest-harness.js';
import { startServer, type ServerProcess } from './server-process.js';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '10000' },
    server: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    port: { type: 'string', default: '3901' },
  },
});
const COUNT = Number(args.count);
const PORT = Number(args.port);
const DB_NAME = 'loupe_bench_invitations';
const CHUNK = 1_000;
const POOL = 4;

/** The local SMTP server: counts every message by its Message-ID (a copy of one is a duplicate). */
async function startSmtp() {
  const seen = new Map<string, number>();
  let received = 0;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    maxClients: 64,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 8_192) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? `none-${received}`;
        seen.set(id, (seen.get(id) ?? 0) + 1);
        received++;
        callback();
      });
    },
  });
  // The crash run cuts connections mid-message: a reset is expected, not fatal.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    get received() {
      return received;
    },
    /** Counts among the ids with `prefix`: distinct messages and extra copies. */
    countOf(ids: Set<string>) {
      let distinct = 0;
      let copies = 0;
      for (const id of ids) {
        const times = seen.get(id) ?? 0;
        if (times > 0) distinct++;
        if (times > 1) copies += times - 1;
      }
      return { distinct, copies };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Db = pg.Pool;

async function prepareDatabase(server: string) {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME} TEMPLATE template0`);
  await admin.end();
  const url = databaseUrl(server, DB_NAME);
  const handle = await openDatabase({ databaseUrl: url, dataDir: undefined });
  await handle.migrate();
  await ensureConsoleClient(handle.db);
  const { tenantId } = await seedDemoIdentity(handle.db);
  await handle.close();
  return { url, tenantId };
}

/** A survey with an e-mail template and `COUNT` invitees (addresses unique to `run`). */
async function makeSurvey(
  db: Db,
  tenantId: number,
  run: string,
): Promise<{ surveyId: number; inviteeIds: number[] }> {
  const settings = {
    Templates: [
      {
        Channel: 1,
        Subject: 'How was your visit, {{FullName}}?',
        Body:
          '<p>Dear {{FullName}},</p><p>Thank you for visiting {{TransactionChannelName}} on {{TransactionDate}}.</p>' +
          '<p><a href="{{ExecutionLink}}">Tell us in two minutes</a></p><p>{{UnsubscribeLinkHtml}}</p>',
      },
    ],
    ExpiryDays: 7,
    Reminder: null,
  };
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO surveys (tenant_id, title, language, channels, primary_channel, channel_settings)
     VALUES ($1, $2, 'en', '{1}', 1, $3) RETURNING id`,
    [tenantId, `Invitation bench ${run}`, JSON.stringify(settings)],
  );
  const surveyId = rows[0]!.id;
  await db.query(`INSERT INTO survey_flows (tenant_id, survey_id, name) VALUES ($1, $2, 'Main')`, [
    tenantId,
    surveyId,
  ]);
  const invitees = await db.query<{ id: string }>(
    `INSERT INTO invitees (tenant_id, survey_id, full_name, email, transaction_date)
     SELECT $1, $2, 'Customer ' || n, 'customer' || n || '.' || $3 || '@bench.test', now()
     FROM generate_series(1, $4) AS n RETURNING id`,
    [tenantId, surveyId, run, COUNT],
  );
  return { surveyId, inviteeIds: invitees.rows.map((row) => Number(row.id)).sort((a, b) => a - b) };
}

async function invite(baseUrl: string, token: string, surveyId: number, inviteeIds: number[]) {
  for (let start = 0; start < inviteeIds.length; start += CHUNK) {
    const response = await fetch(`${baseUrl}/api/surveys/${surveyId}/invitations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ InviteeIds: inviteeIds.slice(start, start + CHUNK) }),
    });
    if (response.status !== 201) throw new Error(`invite: ${response.status} ${await response.text()}`);
  }
}

type Outcome = { delivered: number; failed: number; pending: number; attempts: number; ids: Set<string> };

async function outcome(db: Db, surveyId: number): Promise<Outcome> {
  const { rows } = await db.query<{ delivered: number; failed: number; pending: number; attempts: number }>(
    `SELECT count(*) FILTER (WHERE m.delivered_at IS NOT NULL)::int AS delivered,
            count(*) FILTER (WHERE m.failed_at IS NOT NULL)::int AS failed,
            count(*) FILTER (WHERE m.delivered_at IS NULL AND m.failed_at IS NULL)::int AS pending,
            coalesce(sum(m.attempts), 0)::int AS attempts
     FROM invitation_messages m JOIN invitations i ON i.id = m.invitation_id WHERE i.survey_id = $1`,
    [surveyId],
  );
  const ids = await db.query<{ provider_message_id: string | null; id: string; tenant_id: number }>(
    `SELECT m.id, m.tenant_id FROM invitation_messages m JOIN invitations i ON i.id = m.invitation_id
     WHERE i.survey_id = $1`,
    [surveyId],
  );
  return {
    ...rows[0]!,
    ids: new Set(ids.rows.map((row) => `<inv-${row.id}.${row.tenant_id}@127.0.0.1>`)),
  };
}

async function waitSettled(db: Db, surveyId: number, timeoutMs: number): Promise<Outcome> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await outcome(db, surveyId);
    if (state.delivered + state.failed >= COUNT && state.pending === 0) return state;
    if (Date.now() > deadline) return state;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function baseline(smtpUrl: string): Promise<number> {
  // The server's own mailer with the invitations' pool: nodemailer alone, no queue, no database.
  const mailer = createMailer({
    smtpUrl,
    from: 'Loupe <no-reply@bench.test>',
    logger: createLogger('silent'),
    pool: POOL,
  });
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < COUNT) {
      const n = next++;
      await mailer.send({
        to: `baseline${n}@bench.test`,
        subject: `How was your visit, Customer ${n}?`,
        html: `<p>Dear Customer ${n},</p><p><a href="http://127.0.0.1/s/${n}">Tell us in two minutes</a></p>`,
        text: `Dear Customer ${n},\nTell us in two minutes (http://127.0.0.1/s/${n})`,
        messageId: `<baseline-${n}@bench.test>`,
        headers: { 'List-Unsubscribe': `<http://127.0.0.1/s/${n}?unsubscribe=1>` },
      });
    }
  };
  await Promise.all(Array.from({ length: POOL * 2 }, worker));
  mailer.close();
  return (performance.now() - started) / 1000;
}

async function main() {
  const smtp = await startSmtp();
  const { url, tenantId } = await prepareDatabase(args.server);
  const db = new pg.Pool({ connectionString: url, max: 4 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-invitations-'));
  const env = {
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://127.0.0.1',
    // The crash run: a dead node's claims run out after 30 s and the tick (every 5 s) queues them again.
    INVITATION_LEASE_SECONDS: '30',
    INVITATION_TICK_SECONDS: '5',
    INVITATION_RETRY_SECONDS: '2',
  };
  const start = () => startServer({ databaseUrl: url, dataDir, port: PORT, env });
  let server: ServerProcess | undefined = await start();
  try {
    // ---- run 1: 10,000 invitations end to end
    const first = await makeSurvey(db, tenantId, 'a');
    let token = await signIn(server.baseUrl, 'admin');
    const t0 = performance.now();
    await invite(server.baseUrl, token, first.surveyId, first.inviteeIds);
    const queuedSeconds = (performance.now() - t0) / 1000;
    const run1 = await waitSettled(db, first.surveyId, 600_000);
    const run1Seconds = (performance.now() - t0) / 1000;
    const run1Mail = smtp.countOf(run1.ids);

    // ---- baseline: the same number of mails straight through nodemailer
    const baselineSeconds = await baseline(smtp.url);

    // ---- run 2: the server killed half way, then started again
    const second = await makeSurvey(db, tenantId, 'b');
    const before = smtp.received;
    const t1 = performance.now();
    await invite(server.baseUrl, token, second.surveyId, second.inviteeIds);
    while (smtp.received - before < COUNT / 2) await new Promise((resolve) => setTimeout(resolve, 5));
    process.kill(server.pid, 'SIGKILL');
    const receivedAtKill = smtp.received - before;
    const atKill = await outcome(db, second.surveyId);
    await server.stop().catch(() => undefined);
    server = await start();
    token = await signIn(server.baseUrl, 'admin');
    const run2 = await waitSettled(db, second.surveyId, 600_000);
    const run2Seconds = (performance.now() - t1) / 1000;
    const run2Mail = smtp.countOf(run2.ids);
    const resent = run2.attempts - COUNT;

    const rows = [
      [
        'run',
        'messages',
        'delivered',
        'failed',
        'pending',
        'received (distinct)',
        'copies',
        'seconds',
        'mails/s',
      ],
      [
        '1 queue + SMTP',
        COUNT,
        run1.delivered,
        run1.failed,
        run1.pending,
        run1Mail.distinct,
        run1Mail.copies,
        run1Seconds.toFixed(1),
        (COUNT / run1Seconds).toFixed(0),
      ],
      [
        'baseline nodemailer',
        COUNT,
        COUNT,
        0,
        0,
        COUNT,
        0,
        baselineSeconds.toFixed(1),
        (COUNT / baselineSeconds).toFixed(0),
      ],
      [
        '2 killed + restarted',
        COUNT,
        run2.delivered,
        run2.failed,
        run2.pending,
        run2Mail.distinct,
        run2Mail.copies,
        run2Seconds.toFixed(1),
        (COUNT / run2Seconds).toFixed(0),
      ],
    ];
    console.log(rows.map((row) => row.map(String).join(' | ')).join('\n'));
    console.log(
      `\nrun 1: the ${COUNT / CHUNK} POSTs took ${queuedSeconds.toFixed(1)} s; end to end ${run1Seconds.toFixed(1)} s (target <= 60 s)`,
    );
    console.log(`ratio run 1 / baseline: ${(run1Seconds / baselineSeconds).toFixed(2)}x`);
    console.log(
      `run 2: killed after ${receivedAtKill} mails received (${atKill.delivered} recorded delivered); ` +
        `attempts beyond one per message: ${resent}; lost: ${COUNT - run2Mail.distinct}; duplicated: ${run2Mail.copies}`,
    );
    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync(
      `bench/results/invitations-${new Date().toISOString().slice(0, 10)}.json`,
      `${JSON.stringify({ count: COUNT, queuedSeconds, run1Seconds, baselineSeconds, run1, run1Mail, run2Seconds, run2, run2Mail, receivedAtKill, atKill, resent }, (_key, value: unknown) => (value instanceof Set ? value.size : value), 2)}\n`,
    );
  } finally {
    await server?.stop().catch(() => undefined);
    await db.end();
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
