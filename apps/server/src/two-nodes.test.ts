import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InvitationCreateAnswer, type JobServer, npsGaugeDataSchema } from '@loupe/contracts';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { READY_LAG } from './modules/health/health.routes.js';
import { invitationMessages, invitations, invitees, surveyFlows, surveys } from './db/schema/index.js';
import { passwordSignIn, seedIngestSurvey } from './test/ingest-survey.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './test/round-robin-proxy.js';
import { freePort, SERVER_START_MS, ServerProcess } from './test/server-process.js';
import { startSmtpCatcher, type SmtpCatcher } from './test/smtp-catcher.js';
import { startWebhookReceiver, type WebhookReceiver } from './test/webhook-receiver.js';
import { createScratchDatabase } from './test/test-app.js';

/*
 * Issue 26: two real server processes on one PostgreSQL behind a round-robin proxy (docs/scaling.md, "Two-node
 * test"). They start at the same moment on an empty database (one migrates, the other waits on the migration lock)
 * and are proven to serve one console: a token from one node works on the other, an answer ingested on one shows
 * on the other's widgets within 2 s, invitations queued on both go out once each, so does one webhook per completed
 * session, and a node killed with SIGKILL in the middle of sending loses no invitation. PostgreSQL only
 * (TEST_DATABASE_URL); the nodes share Redis for their rate limits when TEST_REDIS_URL is set.
 */

const postgresUrl = process.env.TEST_DATABASE_URL;
const engine = process.env.LOUPE_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const redisUrl = process.env.TEST_REDIS_URL;

/** How long a mail server takes to accept a mail: sending 100 takes seconds, so a kill lands mid-run. */
const SMTP_DELAY_MS = 100;
/** A dead node's claims are taken over after this lease (the server's minimum). */
const LEASE_SECONDS = 5;
/** Sends one node runs at once (invitation-sender's concurrency): the most a kill can leave half done. */
const SENDS_IN_FLIGHT = 16;

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let database: DatabaseHandle;
let smtp: SmtpCatcher;
let receiver: WebhookReceiver;
let proxy: RoundRobinProxy;
const nodes: ServerProcess[] = [];
const dataDirs: string[] = [];
let tenantId: number;
let surveyId: number;
let admin: { access_token: string; refresh_token: string };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function call(url: string, method: string, route: string, body?: unknown) {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: { ...bearer(admin.access_token), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) as unknown };
}

/** The NPS gauge's response count of the ingest survey, as node `url` computes it from its own replica. */
async function npsResponses(url: string): Promise<number> {
  const end = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const answer = await call(url, 'POST', '/api/widget-data/nps', {
    TimeRange: ['2020-01-01', end],
    DataSourceSurveyIds: [surveyId],
  });
  expect(answer.status, answer.text).toBe(200);
  return npsGaugeDataSchema.parse(answer.json()).Responses ?? 0;
}

/** A survey that invites by e-mail, and `count` invitees of it with addresses of their own. */
async function invitationSurvey(label: string, count: number): Promise<{ id: number; inviteeIds: number[] }> {
  const [survey] = await database.db
    .insert(surveys)
    .values({
      tenantId,
      title: `Two nodes ${label}`,
      language: 'en',
      channels: [1],
      primaryChannel: 1,
      channelSettings: {
        Templates: [
          { Channel: 1, Subject: 'Your visit', Body: '<p><a href="{{ExecutionLink}}">Start</a></p>' },
        ],
        ExpiryDays: 3,
      },
    })
    .returning({ id: surveys.id });
  await database.db.insert(surveyFlows).values({ tenantId, surveyId: survey!.id, name: 'Main' });
  const rows = await database.db
    .insert(invitees)
    .values(
      Array.from({ length: count }, (_, i) => ({
        tenantId,
        surveyId: survey!.id,
        fullName: `Invitee ${i}`,
        email: `${label}-${i}@two-nodes.test`,
        transactionDate: new Date(),
      })),
    )
    .returning({ id: invitees.id });
  return { id: survey!.id, inviteeIds: rows.map((row) => row.id) };
}

async function invite(url: string, survey: number, inviteeIds: number[]): Promise<void> {
  const answer = await call(url, 'POST', `/api/surveys/${survey}/invitations`, { InviteeIds: inviteeIds });
  expect(answer.status, answer.text).toBe(201);
  expect((answer.json() as InvitationCreateAnswer).Created).toHaveLength(inviteeIds.length);
}

/** Mails caught per recipient among `label`'s invitees. */
function mailsTo(label: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of smtp.mails)
    for (const to of mail.to) if (to.startsWith(`${label}-`)) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}

async function until(what: string, done: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(engine !== 'postgres' || !postgresUrl)(
  'two nodes on one PostgreSQL behind a load balancer',
  () => {
    beforeAll(
      async () => {
        scratch = await createScratchDatabase(postgresUrl!);
        smtp = await startSmtpCatcher({ delayMs: SMTP_DELAY_MS });
        receiver = await startWebhookReceiver();
        const keyPrefix = `loupe-two-nodes:${randomUUID()}:`;
        for (let node = 0; node < 2; node++) {
          const port = await freePort();
          const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `loupe-node-${node}-`));
          dataDirs.push(dataDir);
          const env = {
            DATABASE_URL: scratch.url,
            DATA_DIR: dataDir,
            PORT: String(port),
            HOST: '127.0.0.1',
            DEMO_DATA: 'off',
            LOG_LEVEL: 'warn',
            SMTP_URL: smtp.url,
            WEB_DIST: path.join(os.tmpdir(), 'loupe-no-web'),
            INVITATION_TICK_SECONDS: '1',
            INVITATION_LEASE_SECONDS: String(LEASE_SECONDS),
            // The webhook receiver listens on 127.0.0.1.
            INTEGRATION_ALLOW_PRIVATE_ADDRESSES: 'on',
            ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: keyPrefix } : {}),
          };
          nodes.push(new ServerProcess(env, `http://127.0.0.1:${port}`, { readyPath: '/api/health/ready' }));
        }
        // At the same moment, on an empty database: the migration lock lets one migrate while the other waits.
        await Promise.all(nodes.map((node) => node.start()));
        database = await openDatabase({ databaseUrl: scratch.url, dataDir: undefined });
        ({ tenantId, surveyId } = await seedIngestSurvey(database));
        proxy = await startRoundRobinProxy(nodes.map((node) => node.url));
        admin = await passwordSignIn(proxy.url);
      },
      2 * SERVER_START_MS + 60_000,
    );

    afterAll(async () => {
      for (const node of nodes) await node.kill('SIGTERM');
      await proxy?.close();
      await smtp?.close();
      await receiver?.close();
      await database?.close();
      await scratch?.drop();
      for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('signs a user in on one node and serves them on the other', async () => {
      const [a, b] = nodes as [ServerProcess, ServerProcess];
      const signedIn = await passwordSignIn(a.url);
      const bootstrap = await fetch(`${b.url}/api/bootstrap/en`, { headers: bearer(signedIn.access_token) });
      expect(bootstrap.status).toBe(200);
      expect(((await bootstrap.json()) as { User: { UserName: string } }).User.UserName).toBe('admin');
      // The refresh token from node A is honoured by node B, and B's new token by A.
      const refreshed = await fetch(`${b.url}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: signedIn.refresh_token,
          client_id: 'loupe-console',
        }).toString(),
      });
      expect(refreshed.status).toBe(200);
      const { access_token } = (await refreshed.json()) as { access_token: string };
      expect((await fetch(`${a.url}/api/bootstrap/en`, { headers: bearer(access_token) })).status).toBe(200);
      // The scheduled-jobs screen lists both nodes as workers of the shared queues.
      const servers = await call(proxy.url, 'GET', '/api/filters/hangfireServers');
      expect(servers.status, servers.text).toBe(200);
      expect((servers.json() as JobServer[]).map((server) => server.Pid).sort()).toEqual(
        [a.pid, b.pid].sort(),
      );
      // The bell polls PostgreSQL: each node gives the same count; the proxy spreads the calls over both.
      const before = proxy.answered();
      const counts = await Promise.all(
        [a.url, b.url, proxy.url, proxy.url].map(
          async (url) => (await call(url, 'GET', '/api/alerts/count')).text,
        ),
      );
      expect(new Set(counts).size).toBe(1);
      const after = proxy.answered();
      expect(after[0]! - before[0]!).toBe(1);
      expect(after[1]! - before[1]!).toBe(1);
    });

    it('shows an answer ingested on node A on node B’s widgets within 2 s', async () => {
      const [a, b] = nodes as [ServerProcess, ServerProcess];
      const before = await npsResponses(b.url);
      const ingested = await call(a.url, 'POST', '/api/rest-data/responses', {
        SurveyId: surveyId,
        Records: [
          {
            TransactionDate: new Date().toISOString(),
            TransactionChannel: 'BR-1',
            Answers: [{ Question: 'Q_NPS', Value: 10 }],
          },
        ],
      });
      expect(ingested.status, ingested.text).toBe(200);
      const started = performance.now();
      await until('the answer on node B', async () => (await npsResponses(b.url)) === before + 1, 2_000);
      expect(performance.now() - started).toBeLessThanOrEqual(2_000);
      // Node A follows the same change sequence with its own replica.
      await until('the answer on node A', async () => (await npsResponses(a.url)) === before + 1, 2_000);
    });

    it('sends 100 invitations queued on both nodes 100 times, not 200', async () => {
      const survey = await invitationSurvey('once', 100);
      // Four requests through the proxy: two reach each node, and each node works the shared queue.
      for (let part = 0; part < 4; part++)
        await invite(proxy.url, survey.id, survey.inviteeIds.slice(part * 25, part * 25 + 25));
      await until('100 mails', () => mailsTo('once').size === 100, 60_000);
      // Several reminder ticks later (each node asks for one every second), still one mail each.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const mails = mailsTo('once');
      expect(mails.size).toBe(100);
      expect([...mails.values()].every((count) => count === 1)).toBe(true);
      // Both nodes' timers asked for the tick every second: pg-boss made one job of each second's asks.
      const ticks = await database.raw<{ slots: number; jobs: number }>(
        `SELECT count(DISTINCT singleton_on)::int AS slots, count(*)::int AS jobs
       FROM pgboss.job WHERE name = 'invitation-tick' AND singleton_on IS NOT NULL`,
      );
      expect(ticks[0]!.slots).toBeGreaterThan(2);
      expect(ticks[0]!.jobs).toBe(ticks[0]!.slots);
    });

    it('posts one webhook per completed session, whichever node ingests it and fans it out', async () => {
      const source = await call(proxy.url, 'POST', '/api/integration-sources', {
        Name: 'Two nodes webhook',
        Type: 'webhook',
        Url: `${receiver.url}/two-nodes`,
        Secret: 'two-nodes-secret',
      });
      expect(source.status, source.text).toBe(201);
      const workflow = await call(proxy.url, 'POST', '/api/integration-workflows', {
        Name: 'Two nodes: completed sessions',
        SourceId: (source.json() as { Id: number }).Id,
        Event: 'session.completed',
        Action: 'webhook.post',
      });
      expect(workflow.status, workflow.text).toBe(201);
      // 100 answers in four batches through the proxy: two land on each node. Both nodes poll the outbox every
      // second and ask for the fan-out as a pg-boss singleton; either node's worker may post a delivery.
      for (let batch = 0; batch < 4; batch++) {
        const ingested = await call(proxy.url, 'POST', '/api/rest-data/responses', {
          SurveyId: surveyId,
          Records: Array.from({ length: 25 }, (_, i) => ({
            TransactionDate: new Date().toISOString(),
            TransactionChannel: 'BR-1',
            Answers: [{ Question: 'Q_NPS', Value: (batch * 25 + i) % 11 }],
          })),
        });
        expect(ingested.status, ingested.text).toBe(200);
      }
      await receiver.waitFor('/two-nodes', 100, 60_000);
      // Several outbox polls of both nodes later, still one post per session.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const posts = receiver.to('/two-nodes');
      expect(posts).toHaveLength(100);
      const sessions = new Set(
        posts.map(
          (post) => (JSON.parse(post.body) as { EventData: { SessionId: number } }).EventData.SessionId,
        ),
      );
      expect(sessions.size).toBe(100);
    });

    it('loses no invitation when a node is killed in the middle of sending', async () => {
      const [a, b] = nodes as [ServerProcess, ServerProcess];
      const survey = await invitationSurvey('killed', 100);
      // One request to node A: its job carries all 100 messages; A claims and starts sending them.
      await invite(a.url, survey.id, survey.inviteeIds);
      await until('the first mails from node A', () => mailsTo('killed').size >= 10, 30_000);
      await a.kill('SIGKILL');
      const sentBeforeKill = mailsTo('killed').size;
      expect(sentBeforeKill).toBeLessThan(100);
      // Node B's tick takes over A's claims once their lease has run out, and sends the rest.
      await until('every invitee mailed', () => mailsTo('killed').size === 100, 60_000);
      // Each message is recorded as delivered once its mail server answered (the last ones a moment after).
      const delivered = async () => {
        const rows = await database.db
          .select({ deliveredAt: invitationMessages.deliveredAt })
          .from(invitationMessages)
          .innerJoin(invitations, eq(invitations.id, invitationMessages.invitationId))
          .where(inArray(invitations.inviteeId, survey.inviteeIds));
        return rows.filter((row) => row.deliveredAt !== null).length;
      };
      await until('every message recorded as delivered', async () => (await delivered()) === 100, 10_000);
      // At least once: only a mail A had handed over but not yet recorded as sent can go twice.
      const total = [...mailsTo('killed').values()].reduce((sum, count) => sum + count, 0);
      expect(total - 100).toBeLessThanOrEqual(SENDS_IN_FLIGHT);
      // The proxy still serves, from the node that is left.
      expect((await fetch(`${proxy.url}/api/health/ready`)).status).toBe(200);
      expect((await fetch(`${b.url}/api/health/ready`)).status).toBe(200);
    });

    it('builds a new node’s replica from PostgreSQL at start, with progress, and serves once it has caught up', async () => {
      const [a, b] = nodes as [ServerProcess, ServerProcess];
      // Node A comes back as a new node: its data directory is empty, so its replica is built from PostgreSQL.
      fs.rmSync(dataDirs[0]!, { recursive: true, force: true });
      fs.mkdirSync(dataDirs[0]!);
      await a.start();
      expect(a.output).toMatch(/Building analytics\s*: 100%/);
      const ready = (await (await fetch(`${a.url}/api/health/ready`)).json()) as {
        Status: string;
        Lag: number;
      };
      expect(ready.Status).toBe('ready');
      expect(ready.Lag).toBeLessThanOrEqual(READY_LAG);
      // Its figures are the other node's: every answer ingested so far, on both.
      const onB = await npsResponses(b.url);
      expect(onB).toBeGreaterThanOrEqual(101);
      expect(await npsResponses(a.url)).toBe(onB);
    });
  },
);
