// eslint-disable-next-line import-x/default -- exceljs is CommonJS: Node's ESM loader offers it as the default export only
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  type AiTopic,
  type AiTopicModel,
  type AiTopicModelGroup,
  type AiTopicModelSave,
  type AiTopicSave,
  type AiTopicStatistics,
  type AiTopicTryResult,
  type ModelLabelMapping,
} from '@loupe/contracts';
import {
  aiAnnotationWorkInstances,
  aiAnnotationWorks,
  aiDatasetInstances,
  aiDatasets,
  aiExperimentLogs,
  aiJobRuns,
  aiModelLabels,
  aiScheduledJobs,
  answers,
  audits,
  tenants,
  topicModels,
  topics,
} from '../../db/schema/index.js';
import { plantedTopicComments } from '../../test/planted-topic-comments.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../test/widget-fixture.js';
import { topicDisplayName } from '../../core/topic-display-name.js';
import { trainTopicModel } from './topic-model-scoring.js';

/*
 * Topic models, topics, groups and label mappings (issue 21 items 4 and 6, docs/ai-topic-models.md) through the
 * real routes, the pg-boss training job and the database. A planted annotation work of 240 English comments about
 * fees, staff, both or neither (gold labels by construction) trains the classifier; its rules know no topic word.
 */

const MODELS = '/api/ai-topic-models';
const GROUPS = '/api/ai-topic-model-groups';
const LABELS = '/api/model-label-mappings';

let t: TestApp;
let f: WidgetFixture;
let manager: string;
let reader: string;
let labeller: string;
let outsider: string;
let other: string;
let otherModel: number;
let datasetId: number;
let topicWork: number;
let emotionWork: number;
let otherWork: number;

beforeAll(async () => {
  t = await createTestApp();
  f = await createWidgetFixture(t);
  const db = t.database.db;
  const session = await f.addSession({
    transactionAt: '2026-03-02T12:00:00+03:00',
    answeredAt: '2026-03-02T12:00:00+03:00',
    comment: 'seed comment',
  });
  const comments = plantedTopicComments(7, 240);
  const answerRows = await db
    .insert(answers)
    .values(
      comments.map((c) => ({
        tenantId: f.tenantId,
        sessionId: session,
        questionId: f.questions.comment,
        text: c.text,
      })),
    )
    .returning({ id: answers.id });
  const [dataset] = await db
    .insert(aiDatasets)
    .values({
      tenantId: f.tenantId,
      name: 'Planted',
      language: 'en',
      surveyIds: [f.surveyId],
      questionIds: [],
      sources: [],
      status: 'Ready',
      instanceCount: comments.length,
    })
    .returning({ id: aiDatasets.id });
  datasetId = dataset!.id;
  await db.insert(aiDatasetInstances).values(
    comments.map((c, i) => ({
      datasetId,
      tenantId: f.tenantId,
      answerId: answerRows[i]!.id,
      sessionId: session,
      text: c.text,
      language: 'en',
    })),
  );
  const work = async (name: string, annotationType: number, tenantId = f.tenantId) => {
    const [row] = await db
      .insert(aiAnnotationWorks)
      .values({
        tenantId,
        name,
        annotationType,
        datasetId,
        targetCount: 10,
        agreementLevel: 1,
        status: 'Ready',
      })
      .returning({ id: aiAnnotationWorks.id });
    return row!.id;
  };
  topicWork = await work('Topics work', 1);
  emotionWork = await work('Emotions work', 2);
  await db.insert(aiAnnotationWorkInstances).values(
    comments.map((c, i) => ({
      workId: topicWork,
      tenantId: f.tenantId,
      answerId: answerRows[i]!.id,
      position: i + 1,
      text: c.text,
      language: 'en',
      goldLabels: c.topics,
    })),
  );

  await t.app.ready();
  manager = await signInNewUser(t, {
    userName: 'tm-manager',
    tenantId: t.tenantId,
    scopes: ['topic:manage', 'modelLabelMappings:manage'],
  });
  reader = await signInNewUser(t, { userName: 'tm-reader', tenantId: t.tenantId, scopes: ['topic:read'] });
  labeller = await signInNewUser(t, {
    userName: 'tm-labeller',
    tenantId: t.tenantId,
    scopes: ['modelLabelMappings:manage'],
  });
  outsider = await signInNewUser(t, {
    userName: 'tm-outsider',
    tenantId: t.tenantId,
    scopes: ['survey:read'],
  });
  const [tenant] = await db.insert(tenants).values({ name: 'Other TM Co' }).returning({ id: tenants.id });
  other = await signInNewUser(t, {
    userName: 'tm-other',
    tenantId: tenant!.id,
    scopes: ['topic:manage', 'modelLabelMappings:manage'],
  });
  const [model] = await db
    .insert(topicModels)
    .values({ tenantId: tenant!.id, name: 'Other model', language: 'en' })
    .returning({ id: topicModels.id });
  otherModel = model!.id;
  otherWork = (
    await db
      .insert(aiDatasets)
      .values({
        tenantId: tenant!.id,
        name: 'O',
        language: 'en',
        surveyIds: [],
        questionIds: [],
        sources: [],
      })
      .returning({ id: aiDatasets.id })
  )[0]!.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

let serial = 0;
const modelBody = (extra: Partial<AiTopicModelSave> = {}): AiTopicModelSave => ({
  Name: `Model ${++serial}`,
  Language: 'en',
  ...extra,
});
const topicBody = (extra: Partial<AiTopicSave> = {}): AiTopicSave => ({
  Name: `Topic ${++serial}`,
  ...extra,
});

async function createModel(extra: Partial<AiTopicModelSave> = {}): Promise<AiTopicModel> {
  const response = await t.call('POST', MODELS, { token: manager, body: modelBody(extra) });
  expect(response.statusCode).toBe(201);
  return response.json<AiTopicModel>();
}

async function createTopic(modelId: number, extra: Partial<AiTopicSave> = {}): Promise<AiTopic> {
  const response = await t.call('POST', `${MODELS}/${modelId}/topics`, {
    token: manager,
    body: topicBody(extra),
  });
  expect(response.statusCode).toBe(201);
  return response.json<AiTopic>();
}

const codeOf = (response: { json(): unknown }) => (response.json() as { Code: number }).Code;

describe('topic models', () => {
  it('creates, reads, lists, changes and deletes a model, each write audited', async () => {
    const model = await createModel({
      Name: 'Complaints',
      DatasetId: datasetId,
      AnnotationWorkId: topicWork,
    });
    expect(model).toMatchObject({ Name: 'Complaints', ModelType: 0, TopicCount: 0, HasClassifier: false });
    const grid = await t.call('GET', `${MODELS}?$top=50&$filter=Name eq 'Complaints'`, { token: reader });
    expect(grid.json()).toMatchObject({ Count: 1, Items: [{ Id: model.Id, DatasetId: datasetId }] });
    const changed = await t.call('PUT', `${MODELS}/${model.Id}`, {
      token: manager,
      body: modelBody({ Name: 'Complaints 2', ModelType: 1, AnnotationWorkId: topicWork }),
    });
    expect(changed.json<AiTopicModel>()).toMatchObject({
      Name: 'Complaints 2',
      ModelType: 1,
      DatasetId: null,
    });
    expect((await t.call('DELETE', `${MODELS}/${model.Id}`, { token: manager })).statusCode).toBe(204);
    expect((await t.call('GET', `${MODELS}/${model.Id}`, { token: reader })).statusCode).toBe(404);
    const trail = await t.database.db
      .select({ type: audits.operationType })
      .from(audits)
      .where(eq(audits.operationScope, 'AiTopicModel'));
    expect(trail.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses an emotion-and-intent model (19131), a taken name (19133), and foreign references (3333)', async () => {
    const both = await t.call('POST', MODELS, {
      token: manager,
      body: modelBody({ IsEmotionModel: true, IsIntentModel: true }),
    });
    expect([both.statusCode, codeOf(both)]).toEqual([400, ErrorCode.TopicModelEmotionAndIntent]);
    await createModel({ Name: 'Unique Name' });
    const taken = await t.call('POST', MODELS, { token: manager, body: modelBody({ Name: 'unique name' }) });
    expect(codeOf(taken)).toBe(ErrorCode.TopicModelNameExists);
    // A topic work for an emotion model, an emotion work for a topic model, another tenant's dataset.
    for (const body of [
      modelBody({ IsEmotionModel: true, AnnotationWorkId: topicWork }),
      modelBody({ AnnotationWorkId: emotionWork }),
      modelBody({ DatasetId: otherWork }),
    ]) {
      const refused = await t.call('POST', MODELS, { token: manager, body });
      expect([refused.statusCode, codeOf(refused)]).toEqual([400, ErrorCode.ModelNotValid]);
    }
    const emotion = await createModel({ IsEmotionModel: true, AnnotationWorkId: emotionWork });
    expect(emotion.IsEmotionModel).toBe(true);
  });

  it('refuses deleting a model an annotation work labels with (19137)', async () => {
    const model = await createModel();
    await t.database.db
      .update(aiAnnotationWorks)
      .set({ topicModelId: model.Id })
      .where(eq(aiAnnotationWorks.id, emotionWork));
    const refused = await t.call('DELETE', `${MODELS}/${model.Id}`, { token: manager });
    expect([refused.statusCode, codeOf(refused)]).toEqual([400, ErrorCode.TopicModelInUse]);
    await t.database.db
      .update(aiAnnotationWorks)
      .set({ topicModelId: null })
      .where(eq(aiAnnotationWorks.id, emotionWork));
    expect((await t.call('DELETE', `${MODELS}/${model.Id}`, { token: manager })).statusCode).toBe(204);
  });

  it('keeps readers to reading and other tenants out', async () => {
    const model = await createModel();
    expect((await t.call('POST', MODELS, { token: reader, body: modelBody() })).statusCode).toBe(403);
    expect((await t.call('GET', `${MODELS}/${model.Id}`, { token: outsider })).statusCode).toBe(403);
    expect((await t.call('GET', `${MODELS}/${model.Id}`, { token: other })).statusCode).toBe(404);
    expect(
      (await t.call('GET', `${MODELS}/${otherModel}/topics?$top=10`, { token: manager })).statusCode,
    ).toBe(404);
    expect(
      (await t.call('PUT', `${MODELS}/${model.Id}`, { token: other, body: modelBody() })).statusCode,
    ).toBe(404);
    const grid = await t.call('GET', `${MODELS}?$top=100`, { token: other });
    expect(grid.json<{ Items: AiTopicModel[] }>().Items.map((m) => m.Id)).toEqual([otherModel]);
  });
});

describe('topics', () => {
  it('keeps topic names unique in a model case-insensitively (19002) and checks topic_notation', async () => {
    const model = await createModel();
    const main = await createTopic(model.Id, { Name: 'Fees', PositiveSeedWords: ['fee', ' fee ', 'charge'] });
    expect(main.PositiveSeedWords).toEqual(['fee', 'charge']);
    const dup = await t.call('POST', `${MODELS}/${model.Id}/topics`, {
      token: manager,
      body: topicBody({ Name: 'FEES' }),
    });
    expect([dup.statusCode, codeOf(dup)]).toEqual([400, ErrorCode.ModelLabelDuplicateTopics]);
    const second = await createTopic(model.Id, { Name: 'Staff' });
    const rename = await t.call('PUT', `${MODELS}/${model.Id}/topics/${second.Id}`, {
      token: manager,
      body: topicBody({ Name: 'fees' }),
    });
    expect(codeOf(rename)).toBe(ErrorCode.ModelLabelDuplicateTopics);
    // The same name in another model is fine.
    await createTopic((await createModel()).Id, { Name: 'Fees' });
    for (const Name of ['a // b', 'a, b']) {
      const bad = await t.call('POST', `${MODELS}/${model.Id}/topics`, {
        token: manager,
        body: topicBody({ Name }),
      });
      expect(bad.statusCode).toBe(400);
    }
  });

  it('takes a main topic of the same model as parent, and refuses deleting a parent (19138)', async () => {
    const model = await createModel();
    const main = await createTopic(model.Id, { Name: 'Digital' });
    const sub = await createTopic(model.Id, { Name: 'Mobile', ParentId: main.Id });
    expect(sub.ParentId).toBe(main.Id);
    const foreign = await createTopic((await createModel()).Id);
    for (const ParentId of [sub.Id, foreign.Id]) {
      const refused = await t.call('POST', `${MODELS}/${model.Id}/topics`, {
        token: manager,
        body: topicBody({ ParentId }),
      });
      expect([refused.statusCode, codeOf(refused)]).toEqual([400, ErrorCode.ModelNotValid]);
    }
    const self = await t.call('PUT', `${MODELS}/${model.Id}/topics/${main.Id}`, {
      token: manager,
      body: topicBody({ Name: 'Digital', ParentId: main.Id }),
    });
    expect(codeOf(self)).toBe(ErrorCode.ModelNotValid);
    const blocked = await t.call('DELETE', `${MODELS}/${model.Id}/topics/${main.Id}`, { token: manager });
    expect([blocked.statusCode, codeOf(blocked)]).toEqual([400, ErrorCode.TopicHasSubTopics]);
    expect(
      (await t.call('DELETE', `${MODELS}/${model.Id}/topics/${sub.Id}`, { token: manager })).statusCode,
    ).toBe(204);
    expect(
      (await t.call('DELETE', `${MODELS}/${model.Id}/topics/${main.Id}`, { token: manager })).statusCode,
    ).toBe(204);
    const list = await t.call('GET', `${MODELS}/${model.Id}/topics?$top=10`, { token: reader });
    expect(list.json()).toEqual({ Items: [], Count: 0 });
  });

  it('refuses a topic of another model in the path (404) and bounded lists over their maximum', async () => {
    const a = await createModel();
    const b = await createModel();
    const topic = await createTopic(a.Id);
    expect((await t.call('GET', `${MODELS}/${b.Id}/topics/${topic.Id}`, { token: reader })).statusCode).toBe(
      404,
    );
    const tooMany = await t.call('POST', `${MODELS}/${a.Id}/topics`, {
      token: manager,
      body: topicBody({ PositiveSeedWords: Array.from({ length: 201 }, (_, i) => `w${i}`) }),
    });
    expect(tooMany.statusCode).toBe(400);
    const threshold = await t.call('POST', `${MODELS}/${a.Id}/topics`, {
      token: manager,
      body: topicBody({ Threshold: 1.5 }),
    });
    expect(threshold.statusCode).toBe(400);
  });
});

describe('try, statistics, export and training', () => {
  it('tries a sentence by the rules', async () => {
    const model = await createModel();
    await createTopic(model.Id, { Name: 'Fees', PositiveSeedWords: ['fee', 'commission'] });
    await createTopic(model.Id, { Name: 'Staff', PositiveExactMatches: ['the teller'] });
    const tried = await t.call('POST', `${MODELS}/${model.Id}/try`, {
      token: reader,
      body: { Text: 'The teller charged a fee and a commission' },
    });
    expect(tried.statusCode).toBe(200);
    expect(tried.json<AiTopicTryResult>().Items.map((i) => [i.Name, i.Score])).toEqual([
      ['Staff', 1],
      ['Fees', 0.75],
    ]);
    const nul = await t.call('POST', `${MODELS}/${model.Id}/try`, {
      token: reader,
      body: { Text: 'a\u0000b' },
    });
    expect(nul.statusCode).toBe(400);
  });

  it('trains the classifier as a job, so that try and statistics find topics no rule names', async () => {
    const model = await createModel({ ModelType: 1, AnnotationWorkId: topicWork, DatasetId: datasetId });
    await createTopic(model.Id, { Name: 'Fees' });
    await createTopic(model.Id, { Name: 'Staff' });
    const before = (
      await t.call('GET', `${MODELS}/${model.Id}/statistics`, { token: reader })
    ).json<AiTopicStatistics>();
    expect(before).toMatchObject({ AnnotatedCount: 240, MicroF1: 0 });

    // The route queues the job on pg-boss (202); the worker stores the classifier.
    const queued = await t.call('POST', `${MODELS}/${model.Id}/train`, { token: manager });
    expect(queued.statusCode).toBe(202);
    const deadline = Date.now() + 30_000;
    let trained = model;
    while (!trained.HasClassifier) {
      if (Date.now() > deadline) throw new Error('not trained');
      await new Promise((resolve) => setTimeout(resolve, 100));
      trained = (await t.call('GET', `${MODELS}/${model.Id}`, { token: reader })).json<AiTopicModel>();
    }
    const stats = (
      await t.call('GET', `${MODELS}/${model.Id}/statistics`, { token: reader })
    ).json<AiTopicStatistics>();
    expect(stats.MicroF1).toBeGreaterThanOrEqual(0.95);
    expect(stats.Items.map((i) => i.Name).sort()).toEqual(['Fees', 'Staff']);
    const tried = await t.call('POST', `${MODELS}/${model.Id}/try`, {
      token: reader,
      body: { Text: 'the clerk was awful honestly' },
    });
    expect(tried.json<AiTopicTryResult>().Items.map((i) => i.Name)).toEqual(['Staff']);

    // A scheduled run (the scheduled-jobs slice queues the job with its run id): the run is finished and logged.
    const [job] = await t.database.db
      .insert(aiScheduledJobs)
      .values({ tenantId: f.tenantId, name: 'Train', jobType: 'training', topicModelId: model.Id })
      .returning({ id: aiScheduledJobs.id });
    const [run] = await t.database.db
      .insert(aiJobRuns)
      .values({ tenantId: f.tenantId, jobId: job!.id, trigger: 'manual' })
      .returning({ id: aiJobRuns.id });
    await trainTopicModel(
      t.database.db,
      { tenantId: f.tenantId, modelId: model.Id, runId: run!.id },
      t.app.log,
    );
    const [finished] = await t.database.db.select().from(aiJobRuns).where(eq(aiJobRuns.id, run!.id));
    expect(finished).toMatchObject({ status: 'Succeeded', processedCount: 240 });
    expect(finished!.finishedAt).not.toBeNull();
    const [log] = await t.database.db
      .select()
      .from(aiExperimentLogs)
      .where(eq(aiExperimentLogs.runId, run!.id));
    expect(log).toMatchObject({ modelKind: 'topic', modelId: model.Id, accepted: true });
    expect((log!.report as AiTopicStatistics).MicroF1).toBeGreaterThanOrEqual(0.95);
    // A run whose model is gone fails, with its reason.
    const [failing] = await t.database.db
      .insert(aiJobRuns)
      .values({ tenantId: f.tenantId, jobId: job!.id, trigger: 'manual' })
      .returning({ id: aiJobRuns.id });
    await trainTopicModel(
      t.database.db,
      { tenantId: f.tenantId, modelId: 2147483647, runId: failing!.id },
      t.app.log,
    );
    const [failed] = await t.database.db.select().from(aiJobRuns).where(eq(aiJobRuns.id, failing!.id));
    expect(failed).toMatchObject({ status: 'Failed' });
    expect(failed!.message).toContain('not found');

    // The XLSX export of random dataset instances, scored.
    const exported = await t.call('GET', `${MODELS}/${model.Id}/export?count=5`, { token: reader });
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(6);
    expect(sheet.getRow(1).values).toEqual([undefined, 'AnswerId', 'Text', 'Topics', 'Scores']);
    for (const count of ['0', '100001', 'x']) {
      expect(
        (await t.call('GET', `${MODELS}/${model.Id}/export?count=${count}`, { token: reader })).statusCode,
      ).toBe(400);
    }
  });

  it('refuses training a rules-only model (19135) and one whose work has no gold label (19136)', async () => {
    const rulesOnly = await createModel({ AnnotationWorkId: topicWork });
    const refused = await t.call('POST', `${MODELS}/${rulesOnly.Id}/train`, { token: manager });
    expect([refused.statusCode, codeOf(refused)]).toEqual([400, ErrorCode.TopicModelNotTrainable]);
    const noGold = await createModel({ ModelType: 1, IsEmotionModel: true, AnnotationWorkId: emotionWork });
    const empty = await t.call('POST', `${MODELS}/${noGold.Id}/train`, { token: manager });
    expect([empty.statusCode, codeOf(empty)]).toEqual([400, ErrorCode.TopicModelNoGoldLabels]);
    expect((await t.call('POST', `${MODELS}/${noGold.Id}/train`, { token: reader })).statusCode).toBe(403);
  });
});

describe('groups', () => {
  it('derives IsEmotion, refuses mixing emotion and non-emotion models (19132) and foreign models', async () => {
    const a = await createModel();
    const b = await createModel();
    const emotion = await createModel({ IsEmotionModel: true });
    const created = await t.call('POST', GROUPS, {
      token: manager,
      body: { Name: 'Both', ModelIds: [a.Id, b.Id] },
    });
    expect(created.json<AiTopicModelGroup>()).toMatchObject({
      IsEmotion: false,
      ModelIds: [a.Id, b.Id].sort((x, y) => x - y),
    });
    const mixed = await t.call('POST', GROUPS, {
      token: manager,
      body: { Name: 'Mixed', ModelIds: [a.Id, emotion.Id] },
    });
    expect([mixed.statusCode, codeOf(mixed)]).toEqual([400, ErrorCode.TopicModelGroupMixed]);
    const foreign = await t.call('POST', GROUPS, {
      token: manager,
      body: { Name: 'F', ModelIds: [otherModel] },
    });
    expect(codeOf(foreign)).toBe(ErrorCode.ModelNotValid);
    const empty = await t.call('POST', GROUPS, { token: manager, body: { Name: 'E', ModelIds: [] } });
    expect(empty.statusCode).toBe(400);
    const tooMany = await t.call('POST', GROUPS, {
      token: manager,
      body: { Name: 'M', ModelIds: Array.from({ length: 51 }, (_, i) => i + 1) },
    });
    expect(tooMany.statusCode).toBe(400);
    const id = created.json<AiTopicModelGroup>().Id;
    const emotional = await t.call('PUT', `${GROUPS}/${id}`, {
      token: manager,
      body: { Name: 'Feelings', ModelIds: [emotion.Id] },
    });
    expect(emotional.json<AiTopicModelGroup>()).toMatchObject({ IsEmotion: true, ModelIds: [emotion.Id] });
    // A member cannot turn into a non-emotion model under its group.
    const turned = await t.call('PUT', `${MODELS}/${emotion.Id}`, {
      token: manager,
      body: modelBody({ Name: 'Turned' }),
    });
    expect(codeOf(turned)).toBe(ErrorCode.TopicModelGroupMixed);
    const taken = await t.call('POST', GROUPS, {
      token: manager,
      body: { Name: 'FEELINGS', ModelIds: [a.Id] },
    });
    expect(codeOf(taken)).toBe(ErrorCode.TopicModelGroupNameExists);
    expect((await t.call('GET', `${GROUPS}/${id}`, { token: other })).statusCode).toBe(404);
    expect((await t.call('DELETE', `${GROUPS}/${id}`, { token: manager })).statusCode).toBe(204);
  });
});

describe('model label mappings', () => {
  it('maps a topic name of a model to a label with 19001, 19003 and 19004', async () => {
    const model = await createModel();
    await createTopic(model.Id, { Name: 'Fees' });
    await createTopic(model.Id, { Name: 'Staff' });
    await createTopic(model.Id, { Name: 'Digital' });
    const created = await t.call('POST', LABELS, {
      token: labeller,
      body: { ModelId: model.Id, TopicName: 'Fees', Label: 'Charges' },
    });
    expect(created.statusCode).toBe(201);
    const mapping = created.json<ModelLabelMapping>();
    expect(mapping).toMatchObject({
      ModelId: model.Id,
      ModelName: model.Name,
      TopicName: 'Fees',
      Label: 'Charges',
    });

    const exists = await t.call('POST', LABELS, {
      token: labeller,
      body: { ModelId: model.Id, TopicName: 'fees', Label: 'Other' },
    });
    expect([exists.statusCode, codeOf(exists)]).toEqual([400, ErrorCode.ModelLabelMappingExists]);
    const unknownTopic = await t.call('POST', LABELS, {
      token: labeller,
      body: { ModelId: model.Id, TopicName: 'Nope', Label: 'X' },
    });
    expect(codeOf(unknownTopic)).toBe(ErrorCode.ModelNotValid);

    const another = await createModel();
    const mismatch = await t.call('PUT', `${LABELS}/${mapping.Id}`, {
      token: labeller,
      body: { ModelId: another.Id, TopicName: 'Fees', Label: 'Charges' },
    });
    expect([mismatch.statusCode, codeOf(mismatch)]).toEqual([400, ErrorCode.ModelLabelModelMismatch]);
    const missing = await t.call('PUT', `${LABELS}/2147483647`, {
      token: labeller,
      body: { ModelId: model.Id, TopicName: 'Fees', Label: 'Charges' },
    });
    expect([missing.statusCode, codeOf(missing)]).toEqual([400, ErrorCode.ModelLabelMappingNotFound]);
    // Another tenant's mapping id is one that does not exist in the caller's tenant: 19003 too.
    const foreign = await t.call('PUT', `${LABELS}/${mapping.Id}`, {
      token: other,
      body: { ModelId: otherModel, TopicName: 'Fees', Label: 'X' },
    });
    expect(codeOf(foreign)).toBe(ErrorCode.ModelLabelMappingNotFound);
    await t.call('POST', LABELS, {
      token: labeller,
      body: { ModelId: model.Id, TopicName: 'Staff', Label: 'People' },
    });
    const clash = await t.call('PUT', `${LABELS}/${mapping.Id}`, {
      token: labeller,
      body: { ModelId: model.Id, TopicName: 'STAFF', Label: 'Charges' },
    });
    expect(codeOf(clash)).toBe(ErrorCode.ModelLabelMappingExists);

    // Widgets and the insight centre read topic names through topicDisplayName: a mapped topic shows its label, the others their names.
    const shown = await t.database.db
      .select({ name: topicDisplayName })
      .from(topics)
      .where(eq(topics.modelId, model.Id))
      .orderBy(topics.id);
    expect(shown.map((topic) => topic.name)).toEqual(['Charges', 'People', 'Digital']);

    const renamed = await t.call('PUT', `${LABELS}/${mapping.Id}`, {
      token: labeller,
      body: { ModelId: model.Id, TopicName: 'Fees', Label: 'Bank charges' },
    });
    expect(renamed.json<ModelLabelMapping>().Label).toBe('Bank charges');
    const grid = await t.call('GET', `${LABELS}?modelId=${model.Id}&$top=10`, { token: labeller });
    expect(grid.json<{ Items: ModelLabelMapping[]; Count: number }>()).toMatchObject({
      Count: 2,
      Items: [
        { TopicName: 'Fees', Label: 'Bank charges' },
        { TopicName: 'Staff', Label: 'People' },
      ],
    });
    expect((await t.call('GET', `${LABELS}?modelId=abc&$top=10`, { token: labeller })).statusCode).toBe(400);
    expect((await t.call('GET', `${LABELS}?$top=10`, { token: other })).json()).toEqual({
      Items: [],
      Count: 0,
    });
    expect((await t.call('GET', `${LABELS}?$top=10`, { token: reader })).statusCode).toBe(403);
    expect((await t.call('DELETE', `${LABELS}/${mapping.Id}`, { token: other })).statusCode).toBe(404);
    expect((await t.call('DELETE', `${LABELS}/${mapping.Id}`, { token: labeller })).statusCode).toBe(204);
    const left = await t.database.db
      .select()
      .from(aiModelLabels)
      .where(and(eq(aiModelLabels.modelId, model.Id)));
    expect(left.map((row) => row.topicName)).toEqual(['Staff']);
    expect(await t.database.db.select().from(topics).where(eq(topics.modelId, model.Id))).toHaveLength(3);
  });
});
