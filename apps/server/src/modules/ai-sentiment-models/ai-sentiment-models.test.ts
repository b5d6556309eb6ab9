// eslint-disable-next-line import-x/default -- exceljs is CommonJS: Node's ESM loader offers it as the default export only
import ExcelJS from 'exceljs';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  type AiSentimentChoices,
  type AiSentimentModel,
  type AiSentimentModelSave,
  type AiSentimentStatistics,
} from '@loupe/contracts';
import { insertLabelledWork, type LabelledAnswer } from '../../demo/demo-sentiment-models.js';
import {
  aiAnnotationWorks,
  aiExperimentLogs,
  aiJobRuns,
  aiScheduledJobs,
  aiSentimentModels,
  aiSentimentModelVersions,
  answers,
  audits,
  tenants,
} from '../../db/schema/index.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../test/widget-fixture.js';
import { runTrainJob } from './training.js';

/*
 * Sentiment models (issue 21 item 3, docs/ai-sentiment-models.md) through the real routes, the pg-boss training job
 * and the database. The planted works are sentences of ours: "<subject> was <word>." with five clearly positive,
 * five negative and five neutral words. The training work's subjects and the golden work's subjects are disjoint,
 * so the golden set's sentences were never seen: only the opinion word carries the class, and a working model
 * classifies every golden sentence right.
 */

const PATH = '/api/ai-sentiment-models';
const WORDS = {
  positive: ['excellent', 'wonderful', 'great', 'fantastic', 'superb'],
  negative: ['terrible', 'awful', 'horrible', 'dreadful', 'bad'],
  neutral: ['average', 'ordinary', 'okay', 'typical', 'acceptable'],
} as const;
const TRAIN_SUBJECTS = [
  'The service',
  'The staff',
  'The branch',
  'The app',
  'The website',
  'The queue',
  'The advisor',
  'The loan offer',
  'The card delivery',
  'The call centre',
  'The cashier',
  'The ATM',
  'The transfer',
  'The fee',
  'The manager',
  'The waiting room',
  'The login',
  'The statement',
  'The interest rate',
  'The support',
];
const GOLDEN_SUBJECTS = [
  'My visit',
  'The mortgage',
  'The chat',
  'The parking',
  'The notification',
  'The teller',
  'The form',
  'The helpline',
  'The refund',
  'The meeting',
];

let t: TestApp;
let f: WidgetFixture;
let manager: string;
let reader: string;
let outsider: string;
let other: string;
let sessionId: number;
const works: Record<string, number> = {};

/** One answer per sentence in one session of the fixture, labelled with its class. */
async function plantAnswers(sentences: { text: string; label: string | null }[]): Promise<LabelledAnswer[]> {
  const rows = await t.database.db
    .insert(answers)
    .values(
      sentences.map((s) => ({
        tenantId: t.tenantId,
        sessionId,
        questionId: f.questions.comment,
        text: s.text,
      })),
    )
    .returning({ id: answers.id });
  return rows.map((row, i) => ({ answerId: row.id, sessionId, ...sentences[i]! }));
}

const sentencesOf = (subjects: string[]) =>
  (Object.keys(WORDS) as (keyof typeof WORDS)[]).flatMap((label) =>
    subjects.flatMap((subject) => WORDS[label].map((word) => ({ text: `${subject} was ${word}.`, label }))),
  );

async function plantWork(
  name: string,
  sentences: { text: string; label: string | null }[],
  language: 'tr' | 'en' = 'en',
) {
  const items = await plantAnswers(sentences);
  const { workId } = await insertLabelledWork(t.database.db, {
    tenantId: t.tenantId,
    name,
    language,
    surveyIds: [f.surveyId],
    items,
  });
  return workId;
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createWidgetFixture(t);
  sessionId = await f.addSession({
    transactionAt: '2026-03-02T12:00:00+03:00',
    answeredAt: '2026-03-02T12:00:00+03:00',
    scores: [[f.questions.nps, 9]],
  });
  works.training = await plantWork('Planted training', sentencesOf(TRAIN_SUBJECTS)); // 300 labels
  works.golden = await plantWork('Planted golden', sentencesOf(GOLDEN_SUBJECTS)); // 150 labels
  // 12 labels and 3 instances nobody agreed on yet.
  works.small = await plantWork('Planted small', [
    ...sentencesOf(['The tram']).slice(0, 12),
    ...['a', 'b', 'c'].map((x) => ({ text: `Pending ${x}.`, label: null })),
  ]);
  works.turkish = await plantWork(
    'Planted Turkish',
    [{ text: 'Hizmet harikaydı.', label: 'positive' }],
    'tr',
  );
  await t.app.ready();
  manager = await signInNewUser(t, {
    userName: 'sm-manager',
    tenantId: t.tenantId,
    scopes: ['sentiment:manage'],
  });
  reader = await signInNewUser(t, {
    userName: 'sm-reader',
    tenantId: t.tenantId,
    scopes: ['sentiment:read'],
  });
  outsider = await signInNewUser(t, {
    userName: 'sm-outsider',
    tenantId: t.tenantId,
    scopes: ['survey:read'],
  });
  const [tenant] = await t.database.db
    .insert(tenants)
    .values({ name: 'Other SM Co' })
    .returning({ id: tenants.id });
  other = await signInNewUser(t, {
    userName: 'sm-other',
    tenantId: tenant!.id,
    scopes: ['sentiment:manage'],
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

let serial = 0;
const body = (extra: Partial<AiSentimentModelSave> = {}): AiSentimentModelSave => ({
  Name: `Model ${++serial}`,
  Language: 'en',
  AnnotationWorkId: works.training!,
  GoldenAnnotationWorkId: works.golden!,
  MinLabels: 20,
  LearningRate: 0.5,
  EpochSize: 30,
  TrainAll: true,
  ...extra,
});

async function create(extra: Partial<AiSentimentModelSave> = {}): Promise<AiSentimentModel> {
  const response = await t.call('POST', PATH, { token: manager, body: body(extra) });
  expect(response.statusCode).toBe(201);
  return response.json<AiSentimentModel>();
}

/** Queues a training and waits for the job to finish (status no longer Training). */
async function train(id: number, fromScratch = false): Promise<AiSentimentModel> {
  const queued = await t.call('POST', `${PATH}/${id}/train`, {
    token: manager,
    body: { FromScratch: fromScratch },
  });
  expect(queued.statusCode).toBe(202);
  expect(queued.json<AiSentimentModel>().Status).toBe('Training');
  const deadline = Date.now() + 60_000;
  for (;;) {
    const model = (await t.call('GET', `${PATH}/${id}`, { token: manager })).json<AiSentimentModel>();
    if (model.Status !== 'Training') return model;
    if (Date.now() > deadline) throw new Error(`model ${id} still Training`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const statistics = async (id: number, query = '') =>
  (await t.call('GET', `${PATH}/${id}/statistics${query}`, { token: reader })).json<AiSentimentStatistics>();

let trained: AiSentimentModel;

describe('sentiment models', () => {
  it('trains on the planted set as a job and reaches macro-F1 1 on the unseen golden sentences', async () => {
    const model = await create({ Name: 'Planted' });
    expect(model).toMatchObject({ Status: 'New', CurrentVersion: null, MacroF1: null, LabelCount: null });
    trained = await train(model.Id, true);
    expect(trained).toMatchObject({
      Status: 'Ready',
      CurrentVersion: 1,
      LabelCount: 300,
      TrainingError: null,
    });
    // Every golden sentence carries one of the trained opinion words: a working model gets them all.
    expect(trained.MacroF1).toBe(1);
    expect(trained.TrainedDate).not.toBeNull();
    const stats = await statistics(model.Id);
    expect(stats).toMatchObject({ Version: 1, Evaluation: 'golden', MacroF1: 1 });
    expect(stats.Versions).toEqual([
      expect.objectContaining({
        Version: 1,
        LabelCount: 300,
        Accepted: true,
        RejectedReason: null,
        IsCurrent: true,
      }),
    ]);
    expect(stats.Classes.map((c) => [c.Label, c.Precision, c.Recall, c.F1, c.Support])).toEqual([
      ['negative', 1, 1, 1, 50],
      ['neutral', 1, 1, 1, 50],
      ['positive', 1, 1, 1, 50],
    ]);
    expect(stats.Confusion).toEqual([
      [50, 0, 0],
      [0, 50, 0],
      [0, 0, 50],
    ]);
    const grid = await t.call('GET', `${PATH}?$filter=Name eq 'Planted'`, { token: reader });
    expect(grid.json()).toMatchObject({
      Count: 1,
      Items: [{ Name: 'Planted', CurrentVersion: 1, MacroF1: 1, LabelCount: 300 }],
    });
    const trail = await t.database.db
      .select({ id: audits.id })
      .from(audits)
      .where(inArray(audits.operationScope, ['AiSentimentModel']));
    expect(trail.length).toBeGreaterThanOrEqual(2); // the create and the train
  });

  it('tries a text with the current version', async () => {
    const tryText = (Text: string, token = reader, Language = 'en') =>
      t.call('POST', `${PATH}/${trained.Id}/try`, { token, body: { Text, Language } });
    const positive = await tryText('The new lounge was superb.');
    expect(positive.statusCode).toBe(200);
    expect(positive.json()).toMatchObject({ Label: 'positive', SentimentScore: 4 });
    expect(positive.json<{ Probability: number }>().Probability).toBeGreaterThan(0.5);
    expect((await tryText('Everything was awful.')).json()).toMatchObject({
      Label: 'negative',
      SentimentScore: 0,
    });
    expect((await tryText('The menu was ordinary.')).json()).toMatchObject({
      Label: 'neutral',
      SentimentScore: 2,
    });
    const language = await tryText('Harika', reader, 'tr');
    expect(language.json()).toMatchObject({ Code: ErrorCode.SentimentLanguageMismatch });
    expect((await tryText('x'.repeat(5_001))).statusCode).toBe(400);
    expect((await tryText('')).statusCode).toBe(400);
    expect((await tryText('bad\u0000')).statusCode).toBe(400);
    expect((await tryText('fine', outsider)).statusCode).toBe(403);
    // A try stores nothing: no audit row.
    const trail = () => t.database.db.select({ id: audits.id }).from(audits);
    const before = (await trail()).length;
    await tryText('The queue was great.');
    expect((await trail()).length).toBe(before);
  });

  it('accepts a new version only when every class F1 rises by the required increase', async () => {
    // Required +0.5 over F1 1: impossible, so version 2 is kept but not accepted; version 1 stays current.
    await t.call('PUT', `${PATH}/${trained.Id}`, {
      token: manager,
      body: body({ Name: 'Planted', PositiveF1Increase: 0.5 }),
    });
    const rejected = await train(trained.Id);
    expect(rejected).toMatchObject({ Status: 'Ready', CurrentVersion: 1, MacroF1: 1 });
    let stats = await statistics(trained.Id);
    expect(stats.Versions.map((v) => [v.Version, v.Accepted, v.IsCurrent])).toEqual([
      [1, true, true],
      [2, false, false],
    ]);
    expect(stats.Versions[1]!.RejectedReason).toContain('positive F1 1.000 < 1.000 + 0.5');
    // Warm-started (not from scratch) with no increase required: equal F1 is enough.
    await t.call('PUT', `${PATH}/${trained.Id}`, { token: manager, body: body({ Name: 'Planted' }) });
    expect(await train(trained.Id)).toMatchObject({ CurrentVersion: 3, Status: 'Ready' });
    const [third] = await t.database.db
      .select({ model: aiSentimentModelVersions.model })
      .from(aiSentimentModelVersions)
      .where(and(eq(aiSentimentModelVersions.modelId, trained.Id), eq(aiSentimentModelVersions.version, 3)));
    expect(JSON.parse(third!.model).training.incremental).toBe(true);
    stats = await statistics(trained.Id, '?version=2');
    expect(stats).toMatchObject({ Version: 2, Evaluation: 'golden' });
    expect(
      (await t.call('GET', `${PATH}/${trained.Id}/statistics?version=99`, { token: reader })).statusCode,
    ).toBe(404);
  });

  it('compares a first version with the base model and refuses try while nothing is accepted (19122)', async () => {
    const weak = await create({
      Name: 'Weak base',
      AnnotationWorkId: works.small!,
      GoldenAnnotationWorkId: works.golden!,
      MinLabels: 12,
    });
    const weakTrained = await train(weak.Id);
    expect(weakTrained.Status).toBe('Ready');
    expect(weakTrained.MacroF1!).toBeLessThan(1);
    // Based on the weak model: the planted set beats it on the golden set.
    const child = await create({ Name: 'Child', BaseModelId: weak.Id });
    expect((await train(child.Id, true)).CurrentVersion).toBe(1);
    const report = (await statistics(child.Id)).Versions[0]!;
    expect(report.Accepted).toBe(true);
    // Based on the planted model with +0.5 required: never accepted, nothing current.
    const hopeless = await create({ Name: 'Hopeless', BaseModelId: trained.Id, NegativeF1Increase: 0.5 });
    const failed = await train(hopeless.Id, true);
    expect(failed).toMatchObject({ Status: 'Failed', CurrentVersion: null });
    expect(failed.TrainingError).toContain('not accepted');
    const tried = await t.call('POST', `${PATH}/${hopeless.Id}/try`, {
      token: reader,
      body: { Text: 'great', Language: 'en' },
    });
    expect(tried.statusCode).toBe(400);
    expect(tried.json()).toMatchObject({ Code: ErrorCode.SentimentModelNotTrained });
    const exported = await t.call('GET', `${PATH}/${hopeless.Id}/export?count=5`, { token: reader });
    expect(exported.json()).toMatchObject({ Code: ErrorCode.SentimentModelNotTrained });
    // A base model cannot be deleted while another model names it (19124).
    const refused = await t.call('DELETE', `${PATH}/${trained.Id}`, {
      token: manager,
      headers: { language: 'tr' },
    });
    expect(refused.json()).toMatchObject({
      Code: ErrorCode.SentimentModelIsBase,
      Message: 'Bu duygu modeli başka bir modelin temel modeli olduğu için silinemez.',
    });
  });

  it('records a refusal below MinLabels, and evaluates on a held-out tenth without a golden work', async () => {
    const few = await create({
      Name: 'Too few',
      AnnotationWorkId: works.small!,
      GoldenAnnotationWorkId: null,
      MinLabels: 13,
    });
    const failed = await train(few.Id);
    expect(failed).toMatchObject({ Status: 'Failed', CurrentVersion: null });
    expect(failed.TrainingError).toBe('The annotation work has 12 gold labels; the model needs at least 13.');
    expect((await statistics(few.Id)).Versions).toEqual([]);

    const heldOut = await create({ Name: 'Held out', GoldenAnnotationWorkId: null });
    expect((await train(heldOut.Id)).Status).toBe('Ready');
    const stats = await statistics(heldOut.Id);
    expect(stats).toMatchObject({ Evaluation: 'held-out' });
    expect(stats.Versions[0]!.LabelCount).toBe(270);
    expect(stats.Classes.reduce((sum, c) => sum + c.Support, 0)).toBe(30);
  });

  it('refuses training or deleting a model being trained (19123)', async () => {
    const model = await create({ Name: 'Busy' });
    await t.database.db
      .update(aiSentimentModels)
      .set({ status: 'Training' })
      .where(eq(aiSentimentModels.id, model.Id));
    const again = await t.call('POST', `${PATH}/${model.Id}/train`, { token: manager, body: {} });
    expect(again.json()).toMatchObject({ Code: ErrorCode.SentimentModelTraining });
    const removed = await t.call('DELETE', `${PATH}/${model.Id}`, { token: manager });
    expect(removed.json()).toMatchObject({ Code: ErrorCode.SentimentModelTraining });
    await t.database.db
      .update(aiSentimentModels)
      .set({ status: 'New' })
      .where(eq(aiSentimentModels.id, model.Id));
    expect((await t.call('DELETE', `${PATH}/${model.Id}`, { token: manager })).statusCode).toBe(204);
    expect((await t.call('GET', `${PATH}/${model.Id}`, { token: manager })).statusCode).toBe(404);
  });

  it('exports N random instances scored by the current version as XLSX', async () => {
    for (const count of [0, -1, 100_001]) {
      const refused = await t.call('GET', `${PATH}/${trained.Id}/export?count=${count}`, { token: reader });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ Code: ErrorCode.SentimentExportCount });
    }
    expect((await t.call('GET', `${PATH}/${trained.Id}/export`, { token: reader })).statusCode).toBe(400);
    expect(
      (await t.call('GET', `${PATH}/${trained.Id}/export?count=abc`, { token: reader })).statusCode,
    ).toBe(400);
    const response = await t.call('GET', `${PATH}/${trained.Id}/export?count=25`, { token: reader });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows = sheet.getSheetValues().slice(1) as unknown[][];
    expect(rows[0]!.slice(1)).toEqual([
      'Answer id',
      'Text',
      'Label',
      'Sentiment score',
      'Probability',
      'Gold label',
    ]);
    const data = rows.slice(1);
    expect(data).toHaveLength(25);
    expect(new Set(data.map((row) => row[1])).size).toBe(25);
    for (const row of data) {
      const [, , text, label, score, probability, gold] = row as [
        unknown,
        number,
        string,
        string,
        number,
        number,
        string,
      ];
      // The training work's sentences, whose gold label the model learned: every one right.
      expect(label).toBe(gold);
      expect(score).toBe({ positive: 4, neutral: 2, negative: 0 }[label]);
      expect(probability).toBeGreaterThan(0.33);
      expect(text).toMatch(/ was /);
    }
    // More than the dataset holds: all 300 of them.
    const all = await t.call('GET', `${PATH}/${trained.Id}/export?count=1000`, { token: reader });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(all.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(301);
  });

  it('validates the form: name, language, base model, works, numbers', async () => {
    const refusal = async (
      extra: Partial<AiSentimentModelSave>,
      path?: string,
      code: ErrorCode = ErrorCode.ModelNotValid,
    ) => {
      const response = await t.call('POST', PATH, { token: manager, body: body(extra) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Code: code });
      if (path) expect(JSON.stringify(response.json())).toContain(path);
    };
    await refusal({ Name: 'PLANTED' }, 'body/Name', ErrorCode.SentimentModelNameExists);
    await refusal({ Name: '' });
    await refusal({ Name: 'x'.repeat(201) });
    await refusal({ Language: 'de' as 'en' });
    await refusal({ GoldenAnnotationWorkId: works.training! }, 'GoldenAnnotationWorkId');
    await refusal({ AnnotationWorkId: works.turkish! }, 'body/AnnotationWorkId'); // a Turkish dataset
    await refusal({ AnnotationWorkId: 2_000_000_000 }, 'body/AnnotationWorkId');
    await refusal({ BaseModelId: 2_000_000_000 }, 'body/BaseModelId');
    await refusal({ PositiveF1Increase: 1.5 });
    await refusal({ NeutralF1Increase: -0.1 });
    await refusal({ MinLabels: 0 });
    await refusal({ LearningRate: 0 });
    await refusal({ LearningRate: 10.5 });
    await refusal({ EpochSize: 0 });
    await refusal({ EpochSize: 1_001 });
    await refusal({ EpochSize: 1.5 });
    // A topic work (type 1) is not a sentiment work.
    await t.database.db
      .update(aiAnnotationWorks)
      .set({ annotationType: 1 })
      .where(eq(aiAnnotationWorks.id, works.small!));
    await refusal({ AnnotationWorkId: works.small! }, 'body/AnnotationWorkId');
    await t.database.db
      .update(aiAnnotationWorks)
      .set({ annotationType: 0 })
      .where(eq(aiAnnotationWorks.id, works.small!));
    // Not its own base; not a base of another language.
    const self = await t.call('PUT', `${PATH}/${trained.Id}`, {
      token: manager,
      body: body({ Name: 'Planted', BaseModelId: trained.Id }),
    });
    expect(JSON.stringify(self.json())).toContain('body/BaseModelId');
    const turkish = await create({
      Name: 'Türkçe',
      Language: 'tr',
      AnnotationWorkId: works.turkish!,
      GoldenAnnotationWorkId: null,
    });
    await refusal({ BaseModelId: turkish.Id }, 'body/BaseModelId');
    // Nothing of the refusals was stored.
    const names = (await t.database.db.select({ name: aiSentimentModels.name }).from(aiSentimentModels)).map(
      (r) => r.name,
    );
    expect(names).not.toContain('');
    expect(names.filter((n) => n.toLowerCase() === 'planted')).toHaveLength(1);
    // Writes need sentiment:manage; reads sentiment:read.
    expect((await t.call('POST', PATH, { token: reader, body: body() })).statusCode).toBe(403);
    expect(
      (await t.call('POST', `${PATH}/${trained.Id}/train`, { token: reader, body: {} })).statusCode,
    ).toBe(403);
    expect((await t.call('GET', PATH, { token: outsider })).statusCode).toBe(403);
    expect((await t.call('GET', `${PATH}/${trained.Id}/statistics`, { token: outsider })).statusCode).toBe(
      403,
    );
  });

  it('offers the sentiment works with their gold label counts and the models for the form', async () => {
    const choices = (await t.call('GET', `${PATH}/choices`, { token: reader })).json<AiSentimentChoices>();
    const works = Object.fromEntries(choices.Works.map((w) => [w.Name, [w.Language, w.GoldLabelCount]]));
    expect(works).toEqual({
      'Planted golden': ['en', 150],
      'Planted small': ['en', 12],
      'Planted training': ['en', 300],
      'Planted Turkish': ['tr', 1],
    });
    expect(choices.Models.map((m) => m.Name)).toContain('Planted');
    const foreign = (await t.call('GET', `${PATH}/choices`, { token: other })).json<AiSentimentChoices>();
    expect(foreign).toEqual({ Works: [], Models: [] });
    expect((await t.call('GET', `${PATH}/choices`, { token: outsider })).statusCode).toBe(403);
  });

  it("confines every route to the caller's tenant", async () => {
    const id = trained.Id;
    expect((await t.call('GET', `${PATH}/${id}`, { token: other })).statusCode).toBe(404);
    expect((await t.call('PUT', `${PATH}/${id}`, { token: other, body: body() })).statusCode).toBe(404);
    expect((await t.call('DELETE', `${PATH}/${id}`, { token: other })).statusCode).toBe(404);
    expect((await t.call('POST', `${PATH}/${id}/train`, { token: other, body: {} })).statusCode).toBe(404);
    expect(
      (await t.call('POST', `${PATH}/${id}/try`, { token: other, body: { Text: 'great', Language: 'en' } }))
        .statusCode,
    ).toBe(404);
    expect((await t.call('GET', `${PATH}/${id}/export?count=3`, { token: other })).statusCode).toBe(404);
    expect((await t.call('GET', `${PATH}/${id}/statistics`, { token: other })).statusCode).toBe(404);
    expect((await t.call('GET', PATH, { token: other })).json()).toMatchObject({ Count: 0 });
    // Another tenant's works are not offered.
    const foreign = await t.call('POST', PATH, { token: other, body: body({ Name: 'Mine' }) });
    expect(JSON.stringify(foreign.json())).toContain('body/AnnotationWorkId');
  });

  it('finishes a scheduled run: experiment log and the run row with the labels used', async () => {
    const db = t.database.db;
    const [job] = await db
      .insert(aiScheduledJobs)
      .values({
        tenantId: t.tenantId,
        name: 'Nightly training',
        jobType: 'training',
        sentimentModelId: trained.Id,
      })
      .returning({ id: aiScheduledJobs.id });
    const run = async () => {
      const [row] = await db
        .insert(aiJobRuns)
        .values({ tenantId: t.tenantId, jobId: job!.id, trigger: 'schedule' })
        .returning({ id: aiJobRuns.id });
      return row!.id;
    };
    const runId = await run();
    await runTrainJob(db, { tenantId: t.tenantId, modelId: trained.Id, fromScratch: true, runId }, console);
    const [finished] = await db.select().from(aiJobRuns).where(eq(aiJobRuns.id, runId));
    expect(finished).toMatchObject({ status: 'Succeeded', processedCount: 300 });
    expect(finished!.finishedAt).not.toBeNull();
    expect(finished!.message).toMatch(/^Version 4 trained on 300 labels and accepted/);
    const [log] = await db.select().from(aiExperimentLogs).where(eq(aiExperimentLogs.runId, runId));
    expect(log).toMatchObject({ modelKind: 'sentiment', modelId: trained.Id, version: 4, accepted: true });

    // A refused run: the run fails with the reason, its experiment log says why.
    const few = await create({
      Name: 'Scheduled few',
      AnnotationWorkId: works.small!,
      GoldenAnnotationWorkId: null,
      MinLabels: 100,
    });
    const failedRun = await run();
    await runTrainJob(
      db,
      { tenantId: t.tenantId, modelId: few.Id, fromScratch: false, runId: failedRun },
      console,
    );
    const [failed] = await db.select().from(aiJobRuns).where(eq(aiJobRuns.id, failedRun));
    expect(failed).toMatchObject({ status: 'Failed', processedCount: 0 });
    expect(failed!.message).toContain('needs at least 100');
    const [failedLog] = await db.select().from(aiExperimentLogs).where(eq(aiExperimentLogs.runId, failedRun));
    expect(failedLog).toMatchObject({ accepted: false, version: null });
  });
});
