import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  type AiJobRun,
  type AiLog,
  type AiScheduledJob,
  type AiScheduledJobSave,
  type AiScoringLog,
  type AiSystemConfiguration,
  type TextAnalyticsBootstrap,
} from '@loupe/contracts';
import {
  aiDatasets,
  aiJobRuns,
  aiScheduledJobs,
  aiSentimentModels,
  aiSentimentModelVersions,
  alerts,
  answers,
  audits,
  tenants,
  textAnalyses,
  textTopics,
  topics,
  users,
} from '../../db/schema/index.js';
import { trainSentimentModel, type LabelledText } from '../../text-models/sentiment-classifier.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../test/widget-fixture.js';

/*
 * Scheduled text-analytics jobs, AI logs, AI system configurations and the text-analytics bootstrap (issue 21 items
 * 5 and 6, docs/ai-scheduled-jobs.md) through the real routes, the real pg-boss queues and the database. The tick
 * runs as the scheduler would queue it (`scheduler.runNow`); the scoring worker is the real one.
 */

const JOBS = '/api/ai-scheduled-jobs';
const TICK = 'ai-scheduled-jobs';

let t: TestApp;
let f: WidgetFixture;
let manager: string;
let reader: string;
let monitor: string;
let outsider: string;
let other: string;
let sentimentModelId: number;
let untrainedModelId: number;
let topicModel: { id: number; topics: Record<string, number> };
let emotionModel: { id: number; topics: Record<string, number> };
let otherTopicModel: number;
/** Planted comments' session ids by name. */
const s: Record<string, number> = {};

const day = (d: number) => `2026-03-${String(d).padStart(2, '0')}T12:00:00+03:00`;

// A Turkish sentiment model trained on planted labels: praise is positive, complaints negative.
const LABELLED: LabelledText[] = [
  ...['harika hizmet', 'çok güzel ilgi', 'personel harika', 'güzel ve hızlı', 'teşekkürler harika'].map(
    (text) => ({
      text,
      label: 'positive' as const,
    }),
  ),
  ...['çok kötü hizmet', 'berbat bekleme', 'kötü ve yavaş', 'berbat personel', 'yavaş ve kötü'].map(
    (text) => ({
      text,
      label: 'negative' as const,
    }),
  ),
  ...['normal', 'idare eder', 'fena değil normal', 'ortalama bir deneyim'].map((text) => ({
    text,
    label: 'neutral' as const,
  })),
];

async function plant(name: string, comment: string, language: string | null, d = 2): Promise<number> {
  const sessionId = await f.addSession({ transactionAt: day(d), answeredAt: day(d), comment });
  s[name] = sessionId;
  if (language !== null) await f.labelComment({ sessionId, language });
  return sessionId;
}

const answerOf = async (session: number) => {
  const [row] = await t.database.db
    .select({ id: answers.id })
    .from(answers)
    .where(eq(answers.sessionId, session));
  return Number(row!.id);
};

const analysisOf = async (session: number) => {
  const [row] = await t.database.db
    .select({ language: textAnalyses.language, score: textAnalyses.sentimentScore })
    .from(textAnalyses)
    .where(eq(textAnalyses.sessionId, session));
  return row;
};

const topicsOf = async (session: number, modelId: number) =>
  t.database.db
    .select({
      topicId: textTopics.topicId,
      sentiment: textTopics.sentimentScore,
      intensity: textTopics.intensity,
    })
    .from(textTopics)
    .where(and(eq(textTopics.sessionId, session), eq(textTopics.modelId, modelId)));

const auditCount = async () =>
  (
    await t.database.db
      .select({ id: audits.id })
      .from(audits)
      .where(eq(audits.operationScope, 'AiScheduledJob'))
  ).length;

const job = (extra: Partial<AiScheduledJobSave> = {}): AiScheduledJobSave => ({
  Name: 'Score comments',
  Type: 'scoring',
  SentimentModelId: sentimentModelId,
  TopicModelId: topicModel.id,
  CronText: '* * * * *',
  ...extra,
});

/** The tenant's last answer id: where a new job's cursor starts. */
async function lastAnswerId(): Promise<number> {
  const [row] = await t.database.raw<{ id: string | null }>(
    'SELECT max(id) AS id FROM answers WHERE tenant_id = $1',
    [f.tenantId],
  );
  return Number(row?.id ?? 0);
}

/**
 * Creates a job through the API, which starts its cursor after the tenant's last answer (checked), then moves the
 * cursor back to 0 unless `keepCursor`, so the fixture's comments count as new for the job (the tests score them).
 */
async function create(
  body: AiScheduledJobSave,
  token = manager,
  keepCursor = false,
): Promise<AiScheduledJob> {
  const last = await lastAnswerId();
  const response = await t.call('POST', JOBS, { token, body });
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json<AiScheduledJob>();
  expect(created.ScoredThroughAnswerId).toBe(last);
  if (keepCursor) return created;
  await t.database.db
    .update(aiScheduledJobs)
    .set({ scoredThroughAnswerId: 0 })
    .where(eq(aiScheduledJobs.id, created.Id));
  return { ...created, ScoredThroughAnswerId: 0 };
}

/** Makes the job due, runs the minute tick as the scheduler queues it, and waits until the tick has worked. */
async function tick(...jobIds: number[]): Promise<void> {
  for (const id of jobIds)
    await t.database.db
      .update(aiScheduledJobs)
      .set({ nextRunAt: new Date(Date.now() - 1_000) })
      .where(eq(aiScheduledJobs.id, id));
  await t.app.scheduler.runNow(TICK);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [row] = await t.database.raw<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
      [TICK],
    );
    if (row!.n === 0) return;
    if (Date.now() > deadline) throw new Error('tick not worked');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The job's runs once none is Running. */
async function settledRuns(jobId: number): Promise<AiJobRun[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const runs = (await t.call('GET', `${JOBS}/${jobId}/logs`, { token: reader })).json<{
      Items: AiJobRun[];
    }>().Items;
    if (runs.every((run) => run.Status !== 'Running')) return runs;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still running`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createWidgetFixture(t);
  const { db } = t.database;
  const model = trainSentimentModel(LABELLED, { language: 'tr', epochSize: 30 });
  const [sentiment] = await db
    .insert(aiSentimentModels)
    .values({ tenantId: f.tenantId, name: 'TR sentiment', language: 'tr', status: 'Ready' })
    .returning({ id: aiSentimentModels.id });
  sentimentModelId = sentiment!.id;
  const [version] = await db
    .insert(aiSentimentModelVersions)
    .values({
      tenantId: f.tenantId,
      modelId: sentimentModelId,
      version: 1,
      model: JSON.stringify(model),
      report: {},
      labelCount: LABELLED.length,
      accepted: true,
      trainingMs: 1,
    })
    .returning({ id: aiSentimentModelVersions.id });
  await db
    .update(aiSentimentModels)
    .set({ currentVersionId: version!.id })
    .where(eq(aiSentimentModels.id, sentimentModelId));
  const [untrained] = await db
    .insert(aiSentimentModels)
    .values({ tenantId: f.tenantId, name: 'Untrained', language: 'tr' })
    .returning({ id: aiSentimentModels.id });
  untrainedModelId = untrained!.id;
  topicModel = await f.addTopicModel({ name: 'Jobs topics', topics: ['Personel', 'Bekleme'] });
  await db
    .update(topics)
    .set({ positiveSeedWords: ['personel'] })
    .where(eq(topics.id, topicModel.topics.Personel!));
  await db
    .update(topics)
    .set({ positiveSeedWords: ['bekleme', 'yavaş'], threshold: 0.5 })
    .where(eq(topics.id, topicModel.topics.Bekleme!));
  emotionModel = await f.addTopicModel({ name: 'Jobs emotions', isEmotionModel: true, topics: ['Öfke'] });
  await db
    .update(topics)
    .set({ positiveSeedWords: ['berbat', 'kötü'] })
    .where(eq(topics.id, emotionModel.topics['Öfke']!));

  // Planted: two Turkish comments labelled tr, one whose invitee says nothing (guessed Turkish by its letters), an
  // English one (the Turkish models leave its sentiment and topics alone), and a blank one (never scored).
  await plant('praise', 'Personel harika, çok güzel ilgi', 'tr');
  await plant('complaint', 'Berbat bekleme, çok yavaş ve kötü', 'tr');
  await plant('guessed', 'Kötü hizmet, personel ilgisiz ve yavaş', null);
  await plant('english', 'The staff were great', 'en');
  await plant('blank', '   ', null);

  await t.app.ready();
  manager = await signInNewUser(t, { userName: 'aj-manager', tenantId: t.tenantId, scopes: ['job:manage'] });
  reader = await signInNewUser(t, { userName: 'aj-reader', tenantId: t.tenantId, scopes: ['job:read'] });
  monitor = await signInNewUser(t, {
    userName: 'aj-monitor',
    tenantId: t.tenantId,
    scopes: ['log:monitor', 'aisystem:manage'],
  });
  outsider = await signInNewUser(t, {
    userName: 'aj-outsider',
    tenantId: t.tenantId,
    scopes: ['survey:read'],
  });
  const [tenant] = await db.insert(tenants).values({ name: 'Other Jobs Co' }).returning({ id: tenants.id });
  const [foreignTopicModel] = await t.database.raw<{ id: number }>(
    `INSERT INTO topic_models (tenant_id, name, language) VALUES ($1, 'Foreign', 'tr') RETURNING id`,
    [tenant!.id],
  );
  otherTopicModel = foreignTopicModel!.id;
  other = await signInNewUser(t, {
    userName: 'aj-other',
    tenantId: tenant!.id,
    scopes: ['job:manage', 'log:monitor', 'aisystem:manage'],
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('scheduled jobs: records and rules', () => {
  it('creates a recurrent scoring job, Active with its next minute, audited; reads need job:read', async () => {
    // A new job scores what arrives from now on: its cursor starts after the tenant's last answer.
    const created = await create(job(), manager, true);
    expect(created).toMatchObject({
      Type: 'scoring',
      Status: 'Active',
      IsRecurrent: true,
      ScoredThroughAnswerId: await lastAnswerId(),
    });
    expect(created.ScoredThroughAnswerId).toBeGreaterThan(0);
    expect(Date.parse(created.NextRunDate!)).toBeGreaterThan(Date.now());
    expect(Date.parse(created.NextRunDate!) - Date.now()).toBeLessThanOrEqual(60_000);
    expect(await auditCount()).toBeGreaterThan(0);
    const grid = await t.call('GET', `${JOBS}?$filter=Id eq ${created.Id}&$count=true`, { token: reader });
    expect(grid.json()).toMatchObject({ Count: 1, Items: [{ Id: created.Id, Status: 'Active' }] });
    expect((await t.call('POST', JOBS, { token: reader, body: job() })).statusCode).toBe(403);
    expect((await t.call('GET', JOBS, { token: outsider })).statusCode).toBe(403);
  });

  it('refuses a type without its model or dataset (19142), a wrong emotion flag (19143), a past one-time cron (19141), a bad cron and foreign models (3333)', async () => {
    const refusals: [Partial<AiScheduledJobSave>, number, string?][] = [
      [{ SentimentModelId: null, TopicModelId: null }, ErrorCode.AiJobTargetRequired],
      [{ Type: 'training' }, ErrorCode.AiJobTargetRequired],
      [{ Type: 'dataset' }, ErrorCode.AiJobTargetRequired],
      [{ IsEmotionModel: true }, ErrorCode.AiJobEmotionMismatch],
      [{ TopicModelId: emotionModel.id }, ErrorCode.AiJobEmotionMismatch],
      [{ IsRecurrent: false, CronText: '0 0 0 1 1 * 2020' }, ErrorCode.AiJobNoNextRun],
      [{ CronText: 'every minute' }, ErrorCode.ModelNotValid, 'body/CronText'],
      [{ TopicModelId: otherTopicModel }, ErrorCode.ModelNotValid, 'body/TopicModelId'],
      [{ DatasetId: 2_000_000_000 }, ErrorCode.ModelNotValid, 'body/DatasetId'],
    ];
    const before = await t.database.raw<{ n: number }>('SELECT count(*)::int AS n FROM ai_scheduled_jobs');
    for (const [extra, code, path] of refusals) {
      const response = await t.call('POST', JOBS, { token: manager, body: job(extra) });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json()).toMatchObject({ Code: code, ...(path ? { Details: [{ Path: path }] } : {}) });
    }
    const translated = await t.call('POST', JOBS, {
      token: manager,
      body: job({ IsEmotionModel: true }),
      headers: { language: 'tr' },
    });
    expect(translated.json<{ Message: string }>().Message).toBe(
      'Duygu modeli ayarı konu modeliyle eşleşmiyor.',
    );
    const after = await t.database.raw<{ n: number }>('SELECT count(*)::int AS n FROM ai_scheduled_jobs');
    expect(after).toEqual(before);
    // An emotion job names an emotion model and says so.
    await create(job({ TopicModelId: emotionModel.id, IsEmotionModel: true, SentimentModelId: null }));
  });

  it('pause stops the timer, resume restarts it; each only from the status it needs (19145); all audited', async () => {
    const created = await create(job({ Name: 'Pausable' }));
    const audited = await auditCount();
    const paused = await t.call('POST', `${JOBS}/${created.Id}/pause`, { token: manager });
    expect(paused.json()).toMatchObject({ Status: 'Paused', NextRunDate: null });
    const again = await t.call('POST', `${JOBS}/${created.Id}/pause`, { token: manager });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ Code: ErrorCode.AiJobCommandNotAllowed });
    // A paused job is not run by the tick even when its time has passed.
    await t.database.db
      .update(aiScheduledJobs)
      .set({ nextRunAt: new Date(Date.now() - 1_000) })
      .where(eq(aiScheduledJobs.id, created.Id));
    await t.app.scheduler.runNow(TICK);
    await tick();
    expect(await settledRuns(created.Id)).toEqual([]);
    const resumed = await t.call('POST', `${JOBS}/${created.Id}/resume`, { token: manager });
    expect(resumed.json()).toMatchObject({ Status: 'Active' });
    expect(Date.parse(resumed.json<AiScheduledJob>().NextRunDate!)).toBeGreaterThan(Date.now());
    expect((await t.call('POST', `${JOBS}/${created.Id}/resume`, { token: manager })).json()).toMatchObject({
      Code: ErrorCode.AiJobCommandNotAllowed,
    });
    expect(await auditCount()).toBe(audited + 2);
    expect((await t.call('POST', `${JOBS}/${created.Id}/pause`, { token: reader })).statusCode).toBe(403);
    await t.call('DELETE', `${JOBS}/${created.Id}`, { token: manager });
  });

  it('a running job cannot be run again, changed or deleted (409 19144)', async () => {
    const created = await create(job({ Name: 'Busy' }));
    await t.database.db
      .insert(aiJobRuns)
      .values({ tenantId: f.tenantId, jobId: created.Id, trigger: 'manual' });
    const grid = await t.call('GET', `${JOBS}?$filter=Id eq ${created.Id}`, { token: reader });
    expect(grid.json()).toMatchObject({ Items: [{ Status: 'Running' }] });
    for (const [method, url, body] of [
      ['POST', `${JOBS}/${created.Id}/run`, undefined],
      ['PUT', `${JOBS}/${created.Id}`, job({ Name: 'Busy 2' })],
      ['DELETE', `${JOBS}/${created.Id}`, undefined],
    ] as const) {
      const response = await t.call(method, url, { token: manager, ...(body ? { body } : {}) });
      expect(response.statusCode, url).toBe(409);
      expect(response.json()).toMatchObject({ Code: ErrorCode.AiJobRunning });
    }
    await t.database.db.delete(aiJobRuns).where(eq(aiJobRuns.jobId, created.Id));
    expect((await t.call('DELETE', `${JOBS}/${created.Id}`, { token: manager })).statusCode).toBe(204);
  });
});

describe('scoring', () => {
  it('a due job runs once per time across ticks; its run scores the new comments, writes topics, logs, and moves the cursor', async () => {
    const created = await create(job({ Name: 'Every minute' }));
    // Two ticks for the same time (as two nodes would queue): one run.
    await t.database.db
      .update(aiScheduledJobs)
      .set({ nextRunAt: new Date(Date.now() - 1_000) })
      .where(eq(aiScheduledJobs.id, created.Id));
    await Promise.all([t.app.scheduler.runNow(TICK), t.app.scheduler.runNow(TICK)]);
    await tick();
    const runs = await settledRuns(created.Id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ Trigger: 'cron', Status: 'Succeeded', ProcessedCount: 4 });

    expect(await analysisOf(s.praise!)).toEqual({ language: 'tr', score: 4 });
    expect(await analysisOf(s.complaint!)).toEqual({ language: 'tr', score: 0 });
    expect(await analysisOf(s.guessed!)).toEqual({ language: 'tr', score: 0 });
    // English: language kept, the Turkish model gives it no sentiment and no topic.
    expect(await analysisOf(s.english!)).toEqual({ language: 'en', score: -1 });
    expect(await topicsOf(s.english!, topicModel.id)).toEqual([]);
    expect(await analysisOf(s.blank!)).toBeUndefined();
    // Topics carry the comment's sentiment.
    expect(await topicsOf(s.praise!, topicModel.id)).toEqual([
      { topicId: topicModel.topics.Personel, sentiment: 4, intensity: null },
    ]);
    expect((await topicsOf(s.complaint!, topicModel.id)).map((row) => row.topicId)).toEqual([
      topicModel.topics.Bekleme,
    ]);

    const after = (await t.call('GET', `${JOBS}/${created.Id}`, { token: reader })).json<AiScheduledJob>();
    expect(after.ScoredThroughAnswerId).toBe(await answerOf(s.english!));
    expect(after.LastRunDate).not.toBeNull();
    const scoring = await t.call('GET', `${JOBS}/${created.Id}/logs/${runs[0]!.Id}/scoring-logs`, {
      token: reader,
    });
    expect(
      scoring
        .json<{ Items: AiScoringLog[] }>()
        .Items.map((log) => [log.ModelKind, log.ScoredCount])
        .sort(),
    ).toEqual([
      ['sentiment', 3],
      ['topic', 3],
    ]);

    // A new comment: the next run scores it alone.
    await plant('late', 'Personel çok güzel', 'tr', 3);
    await tick(created.Id);
    const second = (await settledRuns(created.Id)).find((run) => run.Id !== runs[0]!.Id)!;
    expect(second).toMatchObject({ Status: 'Succeeded', ProcessedCount: 1 });
    expect(await analysisOf(s.late!)).toEqual({ language: 'tr', score: 4 });
    expect((await t.call('GET', `${JOBS}/${created.Id}`, { token: reader })).json()).toMatchObject({
      ScoredThroughAnswerId: await answerOf(s.late!),
    });
    const logs = await t.call('GET', `/api/ai-logs?$filter=Source eq 'job ${created.Id} Every minute'`, {
      token: monitor,
    });
    expect(logs.json<{ Items: AiLog[] }>().Items.map((log) => log.Message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^run \d+ started \(cron, scoring\)$/),
        expect.stringMatching(/^run \d+ finished: 4 comments scored$/),
      ]),
    );
    await t.call('POST', `${JOBS}/${created.Id}/pause`, { token: manager });
  });

  it('a one-time job runs at its time and is then Completed; run-now is manual and audited', async () => {
    const once = await create(
      job({ Name: 'Once', IsRecurrent: false, IsFromScratch: true, SentimentModelId: null }),
    );
    await tick(once.Id);
    expect(await settledRuns(once.Id)).toMatchObject([{ Trigger: 'cron', Status: 'Succeeded' }]);
    const done = (await t.call('GET', `${JOBS}/${once.Id}`, { token: reader })).json<AiScheduledJob>();
    expect(done).toMatchObject({ Status: 'Completed', NextRunDate: null });
    const audited = await auditCount();
    const run = await t.call('POST', `${JOBS}/${once.Id}/run`, { token: manager });
    expect(run.statusCode, run.body).toBe(200);
    expect(await auditCount()).toBe(audited + 1);
    const runs = await settledRuns(once.Id);
    expect(runs.map((r) => r.Trigger).sort()).toEqual(['cron', 'manual']);
    // From scratch: every comment again.
    expect(runs.every((r) => r.ProcessedCount >= 5)).toBe(true);
  });

  it('an emotion model writes intensities; a model without a trained version is skipped and logged', async () => {
    const emotions = await create(
      job({
        Name: 'Emotions',
        SentimentModelId: untrainedModelId,
        TopicModelId: emotionModel.id,
        IsEmotionModel: true,
      }),
    );
    const run = await t.call('POST', `${JOBS}/${emotions.Id}/run`, { token: manager });
    expect(run.statusCode).toBe(200);
    expect(await settledRuns(emotions.Id)).toMatchObject([{ Status: 'Succeeded' }]);
    expect(await topicsOf(s.complaint!, emotionModel.id)).toEqual([
      { topicId: emotionModel.topics['Öfke'], sentiment: 0, intensity: 0.75 },
    ]);
    const logs = await t.call('GET', `/api/ai-logs?$filter=Level eq 'WARNING'`, { token: reader });
    expect(logs.json<{ Items: AiLog[] }>().Items.map((log) => log.Message)).toContainEqual(
      expect.stringContaining(
        `sentiment model ${untrainedModelId} has no trained version; sentiment skipped`,
      ),
    );
  });

  it('the batch size configuration splits a run into batches, each logged', async () => {
    const grid = await t.call('GET', '/api/ai-system-configurations', { token: monitor });
    const items = grid.json<{ Items: AiSystemConfiguration[] }>().Items;
    expect(items.map((item) => item.Key)).toEqual([
      'DefaultLanguage',
      'MaxExportRows',
      'MinimumCommentLength',
      'ScoringBatchSize',
    ]);
    const batch = items.find((item) => item.Key === 'ScoringBatchSize')!;
    const bad = await t.call('PUT', `/api/ai-system-configurations/${batch.Id}`, {
      token: monitor,
      body: { Value: '5' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      Code: ErrorCode.AiSystemConfigurationInvalid,
      Details: [{ Path: 'body/Value' }],
    });
    expect(
      (await t.call('GET', `/api/ai-system-configurations/${batch.Id}`, { token: monitor })).json(),
    ).toMatchObject({
      Value: '1000',
      DefaultValue: '1000',
    });
    const language = items.find((item) => item.Key === 'DefaultLanguage')!;
    expect(
      (
        await t.call('PUT', `/api/ai-system-configurations/${language.Id}`, {
          token: monitor,
          body: { Value: 'fr' },
        })
      ).statusCode,
    ).toBe(400);
    const saved = await t.call('PUT', `/api/ai-system-configurations/${batch.Id}`, {
      token: monitor,
      body: { Value: '100' },
    });
    expect(saved.json()).toMatchObject({ Value: '100' });
    for (let i = 0; i < 101; i++) await plant(`bulk${i}`, `Personel güzel ${i}`, 'tr', 4);
    const bulk = await create(job({ Name: 'Bulk', SentimentModelId: null }));
    await t.database.db
      .update(aiScheduledJobs)
      .set({ scoredThroughAnswerId: await answerOf(s.late!) })
      .where(eq(aiScheduledJobs.id, bulk.Id));
    await t.call('POST', `${JOBS}/${bulk.Id}/run`, { token: manager });
    const [run] = await settledRuns(bulk.Id);
    expect(run).toMatchObject({ Status: 'Succeeded', ProcessedCount: 101 });
    const logs = await t.call('GET', `${JOBS}/${bulk.Id}/logs/${run!.Id}/scoring-logs`, { token: reader });
    expect(logs.json<{ Items: AiScoringLog[] }>().Items.map((log) => log.ScoredCount)).toEqual([100, 1]);
    await t.call('PUT', `/api/ai-system-configurations/${batch.Id}`, {
      token: monitor,
      body: { Value: '1000' },
    });
    expect((await t.call('GET', '/api/ai-system-configurations', { token: manager })).statusCode).toBe(403);
  });
});

describe('alerts on scored comments', () => {
  it('a sentiment alert rule fires when the scoring run finds a negative comment, once', async () => {
    const { db } = t.database;
    const [owner] = await db
      .insert(users)
      .values({ tenantId: f.tenantId, userName: 'aj.owner', fullName: 'Jobs Owner', passwordHash: 'x' })
      .returning({ id: users.id });
    const ruleManager = await signInNewUser(t, {
      userName: 'aj-rules',
      tenantId: t.tenantId,
      scopes: ['alert:manage'],
    });
    const rule = await t.call('POST', '/api/alert-rules', {
      token: ruleManager,
      body: {
        Title: 'Negative comments',
        SurveyIds: [f.surveyId],
        ProductIds: [f.products.cards],
        TransactionChannelIds: [f.channels.bank],
        Conditions: [{ Kind: 'sentiment', Operator: 'eq', Value: 'negative' }],
        OwnerType: 'user',
        OwnerId: owner!.id,
        DueHours: 24,
      },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const ruleId = rule.json<{ Id: number }>().Id;
    const alertsOfRule = async () =>
      (await db.select({ id: alerts.id }).from(alerts).where(eq(alerts.ruleId, ruleId))).length;
    s.angry = await f.addSession({
      transactionAt: day(5),
      answeredAt: day(5),
      channelId: f.channels.north1,
      productId: f.products.creditCard,
      comment: 'Berbat ve kötü hizmet',
    });
    await f.labelComment({ sessionId: s.angry, language: 'tr' });
    expect(await alertsOfRule()).toBe(0);
    const scoring = await create(job({ Name: 'Alerting', TopicModelId: null }));
    await t.database.db
      .update(aiScheduledJobs)
      .set({ scoredThroughAnswerId: (await answerOf(s.angry)) - 1 })
      .where(eq(aiScheduledJobs.id, scoring.Id));
    await t.call('POST', `${JOBS}/${scoring.Id}/run`, { token: manager });
    expect(await settledRuns(scoring.Id)).toMatchObject([{ Status: 'Succeeded', ProcessedCount: 1 }]);
    expect(await analysisOf(s.angry)).toEqual({ language: 'tr', score: 0 });
    expect(await alertsOfRule()).toBe(1);
    // Scoring it again raises nothing new.
    await t.database.db
      .update(aiScheduledJobs)
      .set({ scoredThroughAnswerId: 0, isFromScratch: true })
      .where(eq(aiScheduledJobs.id, scoring.Id));
    await t.call('POST', `${JOBS}/${scoring.Id}/run`, { token: manager });
    await settledRuns(scoring.Id);
    expect(await alertsOfRule()).toBe(1);
  });
});

describe('training and dataset jobs', () => {
  it('a training run goes to the sentiment worker with its run id, which finishes the run and logs it', async () => {
    const training = await create(
      job({ Name: 'Train', Type: 'training', TopicModelId: null, IsFromScratch: true }),
    );
    const run = await t.call('POST', `${JOBS}/${training.Id}/run`, { token: manager });
    expect(run.json()).toMatchObject({ Status: 'Running' });
    // The fixture's model has no annotation work: the worker (modules/ai-sentiment-models) fails the run with why.
    const [failed] = await settledRuns(training.Id);
    expect(failed).toMatchObject({ Status: 'Failed', Message: 'The model has no annotation work.' });
    const [queued] = await t.database.raw<{ data: Record<string, unknown> }>(
      `SELECT data FROM pgboss.job WHERE name = 'ai-sentiment-train'`,
    );
    expect(queued!.data).toEqual({
      tenantId: f.tenantId,
      modelId: sentimentModelId,
      fromScratch: true,
      runId: failed!.Id,
    });
    const running = failed!;
    // The worker's experiment log is read back through the run's grid.
    const experiments = await t.call('GET', `${JOBS}/${training.Id}/logs/${running.Id}/experiment-logs`, {
      token: reader,
    });
    expect(experiments.json()).toMatchObject({
      Count: 1,
      Items: [{ ModelKind: 'sentiment', Accepted: false, Message: 'The model has no annotation work.' }],
    });
  });

  it('a dataset run rebuilds the dataset and is finished by the tick after the build', async () => {
    const [dataset] = await t.database.db
      .insert(aiDatasets)
      .values({
        tenantId: f.tenantId,
        name: 'Jobs dataset',
        language: 'tr',
        surveyIds: [f.surveyId],
        questionIds: [],
        sources: [],
        status: 'Ready',
      })
      .returning({ id: aiDatasets.id });
    const built = await create(
      job({
        Name: 'Build',
        Type: 'dataset',
        DatasetId: dataset!.id,
        SentimentModelId: null,
        TopicModelId: null,
      }),
    );
    await t.call('POST', `${JOBS}/${built.Id}/run`, { token: manager });
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [row] = await t.database.db
        .select({ status: aiDatasets.status })
        .from(aiDatasets)
        .where(eq(aiDatasets.id, dataset!.id));
      if (row!.status === 'Ready') break;
      if (Date.now() > deadline) throw new Error('dataset not built');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await tick();
    const [run] = await settledRuns(built.Id);
    expect(run!.Status).toBe('Succeeded');
    expect(run!.ProcessedCount).toBeGreaterThan(100);
  });
});

describe('tenant confinement, bootstrap and languages', () => {
  it("another tenant's job, run and logs answer 404; its lists show nothing of this tenant", async () => {
    const mine = (await t.call('GET', `${JOBS}?$top=1`, { token: reader })).json<{
      Items: AiScheduledJob[];
    }>().Items[0]!;
    const [run] = await t.database.db
      .select({ id: aiJobRuns.id })
      .from(aiJobRuns)
      .where(eq(aiJobRuns.jobId, mine.Id))
      .limit(1);
    for (const [method, url] of [
      ['GET', `${JOBS}/${mine.Id}`],
      ['PUT', `${JOBS}/${mine.Id}`],
      ['DELETE', `${JOBS}/${mine.Id}`],
      ['POST', `${JOBS}/${mine.Id}/run`],
      ['POST', `${JOBS}/${mine.Id}/pause`],
      ['GET', `${JOBS}/${mine.Id}/logs`],
      ['GET', `${JOBS}/${mine.Id}/logs/${run?.id ?? 1}/scoring-logs`],
    ] as const) {
      const body =
        method === 'PUT' ? { body: job({ SentimentModelId: null, TopicModelId: otherTopicModel }) } : {};
      expect((await t.call(method, url, { token: other, ...body })).statusCode, url).toBe(404);
    }
    expect((await t.call('GET', JOBS, { token: other })).json()).toMatchObject({ Items: [] });
    expect((await t.call('GET', '/api/ai-logs', { token: other })).json()).toMatchObject({ Items: [] });
    expect((await t.call('GET', `${JOBS}/99999999999/logs`, { token: reader })).statusCode).toBe(400);
  });

  it('the bootstrap answers the id → name maps and languages to any AI scope, 403 to others', async () => {
    const bootstrap = await t.call('GET', '/api/text-analytics/bootstrap', { token: reader });
    expect(bootstrap.statusCode).toBe(200);
    expect(bootstrap.json<TextAnalyticsBootstrap>()).toMatchObject({
      version: '1.9.5',
      job_types: { training: 'training', scoring: 'scoring', dataset: 'dataset' },
      job_status: { Active: 'Active', Running: 'Running', Paused: 'Paused', Completed: 'Completed' },
      supported_languages: { tr: 'Türkçe', en: 'English' },
      topic_model_types: { 0: expect.any(String), 1: expect.any(String) },
      auth_scopes: { 'job:read': 'job:read' },
      solr_core_names: [],
    });
    expect((await t.call('GET', '/api/text-analytics/languages', { token: monitor })).json()).toEqual([
      { Code: 'tr', Name: 'Türkçe' },
      { Code: 'en', Name: 'English' },
    ]);
    expect((await t.call('GET', '/api/text-analytics/bootstrap', { token: outsider })).statusCode).toBe(403);
  });
});
