import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  type AiAnnotationNext,
  type AiAnnotationSaved,
  type AiAnnotationStatistics,
  type AiAnnotationTask,
  type AiAnnotationTaskSave,
  type AiAnnotationWork,
  type AiAnnotationWorkSave,
  type AiAnnotator,
  type AiDataset,
} from '@loupe/contracts';
import {
  aiAnnotations,
  aiAnnotationWorkInstances,
  aiAnnotationWorks,
  aiSentimentModels,
  audits,
  surveys,
  tenants,
  users,
} from '../../db/schema/index.js';
import { cohensKappa, fleissKappa } from '../../text-models/metrics.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../test/widget-fixture.js';
import { csvFile, multipartBody, XLSX_MIME, xlsxFile } from '../imports/index.js';

/*
 * Annotation works, tasks, annotating, uploads and statistics (issue 21 item 2, docs/ai-annotation.md) through the
 * real routes, the pg-boss build job and the database. Twelve Turkish comments are planted; every work is built
 * from the dataset of them.
 */

const WORKS = '/api/ai-annotation-works';
const COMMENTS = 12;

let t: TestApp;
let f: WidgetFixture;
let manager: string;
let reader: string;
let first: string;
let second: string;
let outsider: string;
let other: string;
let datasetId: number;
let otherDatasetId: number;
let topicModel: { id: number; topics: Record<string, number> };
let emotionModel: { id: number; topics: Record<string, number> };
/** Annotators: linked to `first`, to `second`, to the manager, and one unlinked and one inactive. */
const a: Record<'first' | 'second' | 'manager' | 'free' | 'inactive' | 'other', number> = {
  first: 0,
  second: 0,
  manager: 0,
  free: 0,
  inactive: 0,
  other: 0,
};

const userId = async (userName: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.userName, userName)))[0]!.id;

async function waitFor<T extends { Status: string }>(path: string, token = manager): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const item = (await t.call('GET', path, { token })).json<T>();
    if (item.Status !== 'Processing') return item;
    if (Date.now() > deadline) throw new Error(`${path} still Processing`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function annotator(token: string, body: Record<string, unknown>): Promise<number> {
  const answer = await t.call('POST', '/api/ai-annotators', { token, body });
  expect(answer.statusCode).toBe(201);
  return answer.json<AiAnnotator>().Id;
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createWidgetFixture(t);
  for (let i = 1; i <= COMMENTS; i++) {
    const day = String(i).padStart(2, '0');
    const sessionId = await f.addSession({
      transactionAt: `2026-03-${day}T12:00:00+03:00`,
      answeredAt: `2026-03-${day}T12:00:00+03:00`,
      scores: [[f.questions.nps, 9]],
      comment: `Yorum ${i}`,
    });
    await f.labelComment({ sessionId, language: 'tr' });
  }
  topicModel = await f.addTopicModel({ name: 'Banking topics', topics: ['Fees', 'Staff', 'App'] });
  emotionModel = await f.addTopicModel({ name: 'Emotions', isEmotionModel: true, topics: ['Joy', 'Anger'] });
  await t.app.ready();
  manager = await signInNewUser(t, {
    userName: 'an-manager',
    tenantId: t.tenantId,
    scopes: ['dataset:manage', 'annotation:manage'],
  });
  reader = await signInNewUser(t, {
    userName: 'an-reader',
    tenantId: t.tenantId,
    scopes: ['annotation:read'],
  });
  first = await signInNewUser(t, { userName: 'an-first', tenantId: t.tenantId, scopes: ['annotation:read'] });
  second = await signInNewUser(t, {
    userName: 'an-second',
    tenantId: t.tenantId,
    scopes: ['annotation:read'],
  });
  outsider = await signInNewUser(t, {
    userName: 'an-outsider',
    tenantId: t.tenantId,
    scopes: ['survey:read'],
  });
  const [tenant] = await t.database.db
    .insert(tenants)
    .values({ name: 'Other AN Co' })
    .returning({ id: tenants.id });
  other = await signInNewUser(t, {
    userName: 'an-other',
    tenantId: tenant!.id,
    scopes: ['dataset:manage', 'annotation:manage'],
  });
  const person = (name: string, extra: Record<string, unknown> = {}) => ({
    FirstName: name,
    LastName: 'Test',
    Email: `${name.toLowerCase()}@annotators.test`,
    ...extra,
  });
  a.first = await annotator(manager, person('First', { UserId: await userId('an-first') }));
  a.second = await annotator(manager, person('Second', { UserId: await userId('an-second') }));
  a.manager = await annotator(manager, person('Manager', { UserId: await userId('an-manager') }));
  a.free = await annotator(manager, person('Free'));
  a.inactive = await annotator(manager, person('Inactive', { IsActive: false }));
  a.other = await annotator(other, person('Other'));

  const dataset = await t.call('POST', '/api/ai-datasets', {
    token: manager,
    body: { Name: 'Annotation comments', Language: 'tr', SurveyIds: [f.surveyId] },
  });
  datasetId = dataset.json<AiDataset>().Id;
  expect((await waitFor<AiDataset>(`/api/ai-datasets/${datasetId}`)).InstanceCount).toBe(COMMENTS);
  const [otherSurvey] = await t.database.db
    .insert(surveys)
    .values({ tenantId: tenant!.id, title: 'Other survey' })
    .returning({ id: surveys.id });
  const otherDataset = await t.call('POST', '/api/ai-datasets', {
    token: other,
    body: { Name: 'Theirs', Language: 'tr', SurveyIds: [otherSurvey!.id] },
  });
  otherDatasetId = otherDataset.json<AiDataset>().Id;
  await waitFor<AiDataset>(`/api/ai-datasets/${otherDatasetId}`, other);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

let serial = 0;
const workBody = (extra: Partial<AiAnnotationWorkSave> = {}): AiAnnotationWorkSave => ({
  Name: `Work ${++serial}`,
  AnnotationType: 0,
  DatasetId: datasetId,
  TopicModelId: null,
  TargetCount: 8,
  AgreementLevel: 2,
  ...extra,
});

async function readyWork(extra: Partial<AiAnnotationWorkSave> = {}): Promise<AiAnnotationWork> {
  const created = await t.call('POST', WORKS, { token: manager, body: workBody(extra) });
  expect(created.statusCode).toBe(201);
  return waitFor<AiAnnotationWork>(`${WORKS}/${created.json<AiAnnotationWork>().Id}`);
}

const taskBody = (extra: Partial<AiAnnotationTaskSave> = {}): AiAnnotationTaskSave => ({
  Name: `Task ${++serial}`,
  AnnotatorIds: [a.first, a.second],
  TargetCount: 5,
  ...extra,
});

async function task(workId: number, extra: Partial<AiAnnotationTaskSave> = {}): Promise<AiAnnotationTask> {
  const created = await t.call('POST', `${WORKS}/${workId}/annotation-tasks`, {
    token: manager,
    body: taskBody(extra),
  });
  expect(created.statusCode).toBe(201);
  return created.json<AiAnnotationTask>();
}

const taskPath = (k: AiAnnotationTask) => `${WORKS}/${k.WorkId}/annotation-tasks/${k.Id}`;
const next = async (k: AiAnnotationTask, token: string, after?: number) =>
  t.call('GET', `${taskPath(k)}/next${after === undefined ? '' : `?after=${after}`}`, { token });
const label = (k: AiAnnotationTask, token: string, AnswerId: number, Labels: string[]) =>
  t.call('POST', `${taskPath(k)}/annotations`, { token, body: { AnswerId, Labels } });

const instancesOf = async (workId: number) =>
  t.database.db
    .select()
    .from(aiAnnotationWorkInstances)
    .where(eq(aiAnnotationWorkInstances.workId, workId))
    .orderBy(aiAnnotationWorkInstances.position);

describe('annotation works', () => {
  it('builds as a job up to TargetCount instances in a seeded order, then Ready; a new target rebuilds', async () => {
    const created = await t.call('POST', WORKS, { token: manager, body: workBody({ Name: 'Build me' }) });
    expect(created.statusCode).toBe(201);
    expect(created.json<AiAnnotationWork>().Status).toBe('Processing');
    const work = await waitFor<AiAnnotationWork>(`${WORKS}/${created.json<AiAnnotationWork>().Id}`);
    expect(work).toMatchObject({
      Status: 'Ready',
      InstanceCount: 8,
      GoldCount: 0,
      Progress: 0,
      Language: 'tr',
    });
    const rows = await instancesOf(work.Id);
    expect(rows.map((row) => row.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(new Set(rows.map((row) => row.answerId)).size).toBe(8);
    // The order is the work's: rebuilding the same work keeps it, and a larger target extends it.
    const grown = await t.call('PUT', `${WORKS}/${work.Id}`, {
      token: manager,
      body: workBody({ Name: 'Build me', TargetCount: 50 }),
    });
    expect(grown.json<AiAnnotationWork>().Status).toBe('Processing');
    expect((await waitFor<AiAnnotationWork>(`${WORKS}/${work.Id}`)).InstanceCount).toBe(COMMENTS);
    const all = await instancesOf(work.Id);
    expect(all.slice(0, 8).map((row) => row.answerId)).toEqual(rows.map((row) => row.answerId));
    // Another work takes the same comments in another order.
    const another = await readyWork({ TargetCount: 50 });
    expect((await instancesOf(another.Id)).map((row) => row.answerId)).not.toEqual(
      all.map((row) => row.answerId),
    );

    const grid = await t.call('GET', `${WORKS}?$filter=Name eq 'Build me'`, { token: reader });
    expect(grid.json()).toMatchObject({
      Count: 1,
      Items: [{ Name: 'Build me', Status: 'Ready', InstanceCount: 12 }],
    });
    const trail = await t.database.db
      .select({ id: audits.id })
      .from(audits)
      .where(eq(audits.operationScope, 'AiAnnotationWork'));
    expect(trail.length).toBeGreaterThanOrEqual(2);
  });

  it("refuses a taken name (19111, case-insensitive), a dataset not Ready or not the tenant's, a wrong model", async () => {
    await readyWork({ Name: 'Unique work' });
    const before = (await t.database.db.select({ id: aiAnnotationWorks.id }).from(aiAnnotationWorks)).length;
    const again = await t.call('POST', WORKS, { token: manager, body: workBody({ Name: 'UNIQUE WORK' }) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ Code: ErrorCode.AnnotationWorkNameExists });
    const tr = await t.call('POST', WORKS, {
      token: manager,
      body: workBody({ Name: 'unique work' }),
      headers: { language: 'tr' },
    });
    expect(tr.json()).toMatchObject({ Message: 'Bu adla bir etiketleme çalışması zaten var.' });
    const refusals: [Partial<AiAnnotationWorkSave>, string][] = [
      [{ DatasetId: otherDatasetId }, 'body/DatasetId'],
      [{ AnnotationType: 1, TopicModelId: emotionModel.id }, 'body/TopicModelId'],
      [{ AnnotationType: 2, TopicModelId: topicModel.id }, 'body/TopicModelId'],
    ];
    for (const [body, path] of refusals) {
      const refused = await t.call('POST', WORKS, { token: manager, body: workBody(body) });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ Code: ErrorCode.ModelNotValid, Details: [{ Path: path }] });
    }
    const { aiDatasets } = await import('../../db/schema/index.js');
    await t.database.db.update(aiDatasets).set({ status: 'Processing' }).where(eq(aiDatasets.id, datasetId));
    const notReady = await t.call('POST', WORKS, { token: manager, body: workBody() });
    await t.database.db.update(aiDatasets).set({ status: 'Ready' }).where(eq(aiDatasets.id, datasetId));
    expect(notReady.json()).toMatchObject({
      Code: ErrorCode.ModelNotValid,
      Details: [{ Path: 'body/DatasetId' }],
    });
    for (const body of [
      { AnnotationType: 1 as const },
      { TopicModelId: topicModel.id },
      { TargetCount: 0 },
      { AgreementLevel: 5 },
      { AgreementLevel: 0 },
      { Name: 'bad\u0000' },
    ]) {
      const refused = await t.call('POST', WORKS, { token: manager, body: workBody(body) });
      expect(refused.statusCode).toBe(400);
    }
    expect((await t.database.db.select({ id: aiAnnotationWorks.id }).from(aiAnnotationWorks)).length).toBe(
      before,
    );
  });

  it('keeps type, dataset and model (19116); refuses deleting a work a sentiment model uses (19119)', async () => {
    const work = await readyWork({ AnnotationType: 1, TopicModelId: topicModel.id });
    const changed = await t.call('PUT', `${WORKS}/${work.Id}`, {
      token: manager,
      body: workBody({ Name: work.Name, AnnotationType: 0, TopicModelId: null }),
    });
    expect(changed.json()).toMatchObject({ Code: ErrorCode.AnnotationWorkFixedFields });
    const [model] = await t.database.db
      .insert(aiSentimentModels)
      .values({ tenantId: t.tenantId, name: 'Uses the work', language: 'tr', annotationWorkId: work.Id })
      .returning({ id: aiSentimentModels.id });
    const used = await t.call('DELETE', `${WORKS}/${work.Id}`, { token: manager });
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({ Code: ErrorCode.AnnotationWorkInUse });
    await t.database.db.delete(aiSentimentModels).where(eq(aiSentimentModels.id, model!.id));
    expect((await t.call('DELETE', `${WORKS}/${work.Id}`, { token: manager })).statusCode).toBe(204);
    expect((await t.call('GET', `${WORKS}/${work.Id}`, { token: manager })).statusCode).toBe(404);
    expect(await instancesOf(work.Id)).toEqual([]);
  });
});

describe('annotation tasks', () => {
  it("saves a task with active annotators of the tenant and a future expiry; lists the work's tasks", async () => {
    const work = await readyWork();
    const k = await task(work.Id, { ExpireDate: new Date(Date.now() + 86_400_000).toISOString() });
    expect(k).toMatchObject({ WorkId: work.Id, TargetCount: 5, IsExpired: false, Progress: 0 });
    expect(k.AnnotatorIds.sort()).toEqual([a.first, a.second].sort());
    const grid = await t.call('GET', `${WORKS}/${work.Id}/annotation-tasks?$count=true`, { token: reader });
    expect(grid.json()).toMatchObject({ Count: 1, Items: [{ Id: k.Id }] });
    const refusals: Partial<AiAnnotationTaskSave>[] = [
      { AnnotatorIds: [a.inactive] },
      { AnnotatorIds: [a.other] },
      { ExpireDate: new Date(Date.now() - 60_000).toISOString() },
    ];
    for (const body of refusals) {
      const refused = await t.call('POST', `${WORKS}/${work.Id}/annotation-tasks`, {
        token: manager,
        body: taskBody(body),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ Code: ErrorCode.ModelNotValid });
    }
    for (const body of [
      { AnnotatorIds: [] },
      { AnnotatorIds: Array.from({ length: 51 }, (_, i) => i + 1) },
      { TargetCount: 0 },
    ]) {
      const refused = await t.call('POST', `${WORKS}/${work.Id}/annotation-tasks`, {
        token: manager,
        body: taskBody(body),
      });
      expect(refused.statusCode).toBe(400);
    }
    expect(
      (await t.call('GET', `${WORKS}/${work.Id}/annotation-tasks`, { token: reader })).json(),
    ).toMatchObject({
      Count: 1,
    });
  });

  it('a locked annotator cannot be removed from a task (19113); an unlinked one can', async () => {
    const work = await readyWork();
    const k = await task(work.Id, { AnnotatorIds: [a.first, a.free] });
    const removeLocked = await t.call('PUT', taskPath(k), {
      token: manager,
      body: taskBody({ Name: k.Name, AnnotatorIds: [a.free] }),
    });
    expect(removeLocked.statusCode).toBe(400);
    expect(removeLocked.json()).toMatchObject({ Code: ErrorCode.AnnotationTaskAnnotatorLocked });
    const removeFree = await t.call('PUT', taskPath(k), {
      token: manager,
      body: taskBody({ Name: 'Renamed', AnnotatorIds: [a.first, a.second] }),
    });
    expect(removeFree.statusCode).toBe(200);
    expect(removeFree.json<AiAnnotationTask>()).toMatchObject({ Name: 'Renamed' });
    expect(removeFree.json<AiAnnotationTask>().AnnotatorIds.sort()).toEqual([a.first, a.second].sort());
    expect((await t.call('DELETE', taskPath(k), { token: manager })).statusCode).toBe(204);
    expect((await t.call('GET', taskPath(k), { token: manager })).statusCode).toBe(404);
  });
});

describe('annotating', () => {
  it('offers each annotator the next comment, sets the gold label when AgreementLevel agree, clears it when not', async () => {
    const work = await readyWork({ AgreementLevel: 2 });
    const k = await task(work.Id);
    const rows = await instancesOf(work.Id);
    const offered = (await next(k, first)).json<AiAnnotationNext>();
    expect(offered).toMatchObject({
      Reason: null,
      Done: 0,
      Target: 5,
      LabelOptions: ['negative', 'neutral', 'positive'],
      Item: { AnswerId: rows[0]!.answerId, Position: 1 },
    });
    // S (skip): the next after position 1.
    expect((await next(k, first, 1)).json<AiAnnotationNext>().Item?.Position).toBe(2);

    const saved = await label(k, first, rows[0]!.answerId, ['positive']);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<AiAnnotationSaved>()).toMatchObject({ GoldLabels: null, Done: 1 });
    expect((await next(k, first)).json<AiAnnotationNext>().Item?.Position).toBe(2);
    // The second annotator still gets position 1; agreeing makes it gold.
    expect((await next(k, second)).json<AiAnnotationNext>().Item?.Position).toBe(1);
    const agreed = await label(k, second, rows[0]!.answerId, ['positive']);
    expect(agreed.json<AiAnnotationSaved>().GoldLabels).toEqual(['positive']);
    // Changing one's mind upserts (still one row) and clears the gold label.
    const changed = await label(k, second, rows[0]!.answerId, ['negative']);
    expect(changed.json<AiAnnotationSaved>()).toMatchObject({ GoldLabels: null, Done: 1 });
    const mine = await t.database.db
      .select()
      .from(aiAnnotations)
      .where(and(eq(aiAnnotations.workId, work.Id), eq(aiAnnotations.annotatorId, a.second)));
    expect(mine).toHaveLength(1);
    await label(k, second, rows[0]!.answerId, ['positive']);
    // A gold instance is skipped: the manager (an annotator too, once in the task) starts at position 2.
    await t.call('PUT', taskPath(k), {
      token: manager,
      body: taskBody({ Name: k.Name, AnnotatorIds: [a.first, a.second, a.manager] }),
    });
    expect((await next(k, manager)).json<AiAnnotationNext>().Item?.Position).toBe(2);
    const worked = (await t.call('GET', `${WORKS}/${work.Id}`, { token: reader })).json<AiAnnotationWork>();
    expect(worked).toMatchObject({ GoldCount: 1, Progress: 1 / 8 });
  });

  it('refuses bad labels, answers that are not instances, callers who are not annotators of the task', async () => {
    const work = await readyWork();
    const k = await task(work.Id);
    const [row] = await instancesOf(work.Id);
    for (const labels of [[], ['positive', 'negative'], ['happy']]) {
      const refused = await label(k, first, row!.answerId, labels);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        Code: ErrorCode.ModelNotValid,
        Details: [{ Path: 'body/Labels' }],
      });
    }
    const stranger = await label(k, first, 999_999, ['positive']);
    expect(stranger.json()).toMatchObject({
      Code: ErrorCode.ModelNotValid,
      Details: [{ Path: 'body/AnswerId' }],
    });
    const notMine = await next(k, reader);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json()).toMatchObject({ Code: ErrorCode.NotTaskAnnotator });
    expect((await label(k, reader, row!.answerId, ['positive'])).json()).toMatchObject({
      Code: ErrorCode.NotTaskAnnotator,
    });
    expect((await label(k, outsider, row!.answerId, ['positive'])).statusCode).toBe(403);
    expect((await next(k, other)).statusCode).toBe(404);
    expect(await t.database.db.select().from(aiAnnotations).where(eq(aiAnnotations.workId, work.Id))).toEqual(
      [],
    );
  });

  it('stops at the task target (19118) and after the expiry (19117)', async () => {
    const work = await readyWork();
    const k = await task(work.Id, { TargetCount: 2 });
    const rows = await instancesOf(work.Id);
    await label(k, first, rows[0]!.answerId, ['neutral']);
    await label(k, first, rows[1]!.answerId, ['neutral']);
    expect((await next(k, first)).json<AiAnnotationNext>()).toMatchObject({
      Item: null,
      Reason: 'target',
      Done: 2,
    });
    const third = await label(k, first, rows[2]!.answerId, ['neutral']);
    expect(third.json()).toMatchObject({ Code: ErrorCode.AnnotationTaskTargetReached });
    // Relabelling an earlier one is still possible.
    expect((await label(k, first, rows[0]!.answerId, ['positive'])).statusCode).toBe(200);
    const { aiAnnotationTasks } = await import('../../db/schema/index.js');
    await t.database.db
      .update(aiAnnotationTasks)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(aiAnnotationTasks.id, k.Id));
    expect((await next(k, second)).json<AiAnnotationNext>()).toMatchObject({ Item: null, Reason: 'expired' });
    expect((await label(k, second, rows[0]!.answerId, ['neutral'])).json()).toMatchObject({
      Code: ErrorCode.AnnotationTaskExpired,
    });
  });

  it('labels topic works with 0..n topic names of the model; "done" when all are labelled', async () => {
    const work = await readyWork({
      AnnotationType: 1,
      TopicModelId: topicModel.id,
      TargetCount: 2,
      AgreementLevel: 1,
    });
    const k = await task(work.Id);
    const offered = (await next(k, first)).json<AiAnnotationNext>();
    expect(offered.LabelOptions).toEqual(['App', 'Fees', 'Staff']);
    const rows = await instancesOf(work.Id);
    const saved = await label(k, first, rows[0]!.answerId, ['Staff', 'Fees', 'Staff']);
    expect(saved.json<AiAnnotationSaved>()).toMatchObject({
      Labels: ['Fees', 'Staff'],
      GoldLabels: ['Fees', 'Staff'],
    });
    expect((await label(k, first, rows[1]!.answerId, [])).json<AiAnnotationSaved>().GoldLabels).toEqual([]);
    expect((await label(k, first, rows[1]!.answerId, ['Joy'])).statusCode).toBe(400);
    expect((await next(k, second)).json<AiAnnotationNext>()).toMatchObject({ Item: null, Reason: 'done' });
  });
});

describe('upload', () => {
  const upload = async (
    k: AiAnnotationTask,
    file: { name: string; type: string; content: Buffer },
    token = manager,
  ) => {
    const { payload, headers } = multipartBody({}, file);
    return t.app.inject({
      method: 'POST',
      url: `${taskPath(k)}/upload`,
      payload,
      headers: { ...headers, ...t.authHeader(token), language: 'en' },
    });
  };

  it('is refused before the work is Ready (19112) and with bad rows (19115, each row named, nothing written)', async () => {
    const work = await readyWork();
    const k = await task(work.Id);
    const rows = await instancesOf(work.Id);
    const good = csvFile([
      ['AnswerId', 'Label'],
      [String(rows[0]!.answerId), 'positive'],
    ]);
    await t.database.db
      .update(aiAnnotationWorks)
      .set({ status: 'Processing' })
      .where(eq(aiAnnotationWorks.id, work.Id));
    const early = await upload(k, { name: 'labels.csv', type: 'text/csv', content: good });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ Code: ErrorCode.AnnotationWorkNotReady });
    await t.database.db
      .update(aiAnnotationWorks)
      .set({ status: 'Ready' })
      .where(eq(aiAnnotationWorks.id, work.Id));
    const bad = csvFile([
      ['AnswerId', 'Label'],
      [String(rows[0]!.answerId), 'positive'],
      ['999999', 'positive'],
      [String(rows[1]!.answerId), 'great'],
      [String(rows[0]!.answerId), 'negative'],
    ]);
    const refused = await upload(k, { name: 'labels.csv', type: 'text/csv', content: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      Code: ErrorCode.AnnotationUploadInvalid,
      Details: [
        { Path: 'row/3', Message: 'answer' },
        { Path: 'row/4', Message: 'label' },
        { Path: 'row/5', Message: 'duplicate' },
      ],
    });
    expect(await t.database.db.select().from(aiAnnotations).where(eq(aiAnnotations.workId, work.Id))).toEqual(
      [],
    );
    expect(
      (await upload(k, { name: 'labels.csv', type: 'text/csv', content: good }, reader)).statusCode,
    ).toBe(403);
  });

  it('writes upload rows (annotator null) and sets their gold labels directly, from CSV and XLSX', async () => {
    const work = await readyWork({ AgreementLevel: 3 });
    const k = await task(work.Id);
    const rows = await instancesOf(work.Id);
    const csv = csvFile([
      [String(rows[0]!.answerId), 'Positive'],
      [String(rows[1]!.answerId), 'negative'],
    ]);
    const answer = await upload(k, { name: 'labels.csv', type: 'text/csv', content: csv });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ RowCount: 2, GoldCount: 2 });
    const uploaded = await t.database.db
      .select()
      .from(aiAnnotations)
      .where(and(eq(aiAnnotations.workId, work.Id), isNull(aiAnnotations.annotatorId)));
    expect(uploaded.map((row) => [row.source, row.labels])).toEqual(
      expect.arrayContaining([
        ['upload', ['positive']],
        ['upload', ['negative']],
      ]),
    );
    const xlsx = await xlsxFile([
      ['AnswerId', 'Label'],
      [String(rows[0]!.answerId), 'neutral'],
      [String(rows[2]!.answerId), 'neutral'],
    ]);
    const second = await upload(k, { name: 'labels.xlsx', type: XLSX_MIME, content: xlsx });
    expect(second.json()).toEqual({ RowCount: 2, GoldCount: 3 });
    const [firstRow] = (await instancesOf(work.Id)).filter((row) => row.answerId === rows[0]!.answerId);
    expect(firstRow!.goldLabels).toEqual(['neutral']);
    // An annotator's label does not override an uploaded gold label.
    await label(k, first, rows[0]!.answerId, ['positive']);
    expect((await instancesOf(work.Id))[0]!.goldLabels).toEqual(['neutral']);
  });
});

describe('statistics', () => {
  it("answers progress, the gold distribution, Cohen's kappa per pair and Fleiss' kappa with their bands", async () => {
    const work = await readyWork({ AgreementLevel: 2, TargetCount: 10 });
    const k = await task(work.Id, { AnnotatorIds: [a.first, a.second, a.manager], TargetCount: 10 });
    const rows = await instancesOf(work.Id);
    // Planted labels of ten comments by three annotators.
    const firstLabels = [
      'positive',
      'positive',
      'negative',
      'neutral',
      'positive',
      'negative',
      'neutral',
      'positive',
      'negative',
      'positive',
    ];
    const secondLabels = [
      'positive',
      'negative',
      'negative',
      'neutral',
      'positive',
      'negative',
      'positive',
      'positive',
      'negative',
      'neutral',
    ];
    const managerLabels = [
      'positive',
      'positive',
      'negative',
      'negative',
      'positive',
      'negative',
      'neutral',
      'neutral',
      'negative',
      'positive',
    ];
    for (let i = 0; i < 10; i++) {
      const answerId = rows[i]!.answerId;
      expect((await label(k, first, answerId, [firstLabels[i]!])).statusCode).toBe(200);
      expect((await label(k, second, answerId, [secondLabels[i]!])).statusCode).toBe(200);
      expect((await label(k, manager, answerId, [managerLabels[i]!])).statusCode).toBe(200);
    }
    const answer = await t.call('GET', `${WORKS}/${work.Id}/statistics`, { token: reader });
    expect(answer.statusCode).toBe(200);
    const stats = answer.json<AiAnnotationStatistics>();
    const categories = ['negative', 'neutral', 'positive'];
    const firstSecond = cohensKappa(firstLabels, secondLabels, categories);
    expect(stats).toMatchObject({ InstanceCount: 10, Tasks: [{ Id: k.Id, LabelledCount: 30, Progress: 1 }] });
    expect(stats.Annotators.map((x) => x.LabelledCount)).toEqual([10, 10, 10]);
    const pair = stats.Cohen.find(
      (c) =>
        c.FirstAnnotatorId === Math.min(a.first, a.second) &&
        c.SecondAnnotatorId === Math.max(a.first, a.second),
    );
    expect(pair!.Kappa).toBeCloseTo(firstSecond, 10);
    expect(pair!.Items).toBe(10);
    expect(stats.Cohen).toHaveLength(3);
    const fleiss = fleissKappa(
      firstLabels.map((label, i) => [label, secondLabels[i]!, managerLabels[i]!]),
      categories,
    );
    expect(stats.Fleiss).toMatchObject({ Raters: 3, Items: 10 });
    expect(stats.Fleiss!.Kappa).toBeCloseTo(fleiss, 10);
    expect(stats.Fleiss!.Band).toBe(
      fleiss > 0.6 ? (fleiss > 0.8 ? 'almostPerfect' : 'substantial') : 'moderate',
    );
    // Gold: at least two of three agree on every comment here but none.
    const gold = firstLabels.filter(
      (_, i) => new Set([firstLabels[i], secondLabels[i], managerLabels[i]]).size < 3,
    ).length;
    expect(stats.GoldCount).toBe(gold);
    expect(stats.LabelDistribution.reduce((sum, row) => sum + row.Count, 0)).toBe(gold);
    expect((await t.call('GET', `${WORKS}/${work.Id}/statistics`, { token: other })).statusCode).toBe(404);
    expect((await t.call('GET', `${WORKS}/${work.Id}/statistics`, { token: outsider })).statusCode).toBe(403);
  });
});

describe('tenant confinement and scopes', () => {
  it("answers 404 for another tenant's works and tasks and 403 without the scopes", async () => {
    const work = await readyWork();
    const k = await task(work.Id);
    expect((await t.call('GET', `${WORKS}/${work.Id}`, { token: other })).statusCode).toBe(404);
    expect((await t.call('PUT', `${WORKS}/${work.Id}`, { token: other, body: workBody() })).statusCode).toBe(
      404,
    );
    expect((await t.call('DELETE', `${WORKS}/${work.Id}`, { token: other })).statusCode).toBe(404);
    expect((await t.call('GET', taskPath(k), { token: other })).statusCode).toBe(404);
    expect((await t.call('DELETE', taskPath(k), { token: other })).statusCode).toBe(404);
    expect(
      (await t.call('POST', `${WORKS}/${work.Id}/annotation-tasks`, { token: other, body: taskBody() }))
        .statusCode,
    ).toBe(404);
    // The work's task grid (and its /query) answer 404 too, not an empty page.
    expect((await t.call('GET', `${WORKS}/${work.Id}/annotation-tasks`, { token: other })).statusCode).toBe(
      404,
    );
    expect(
      (await t.call('POST', `${WORKS}/${work.Id}/annotation-tasks/query`, { token: other, body: {} }))
        .statusCode,
    ).toBe(404);
    expect((await t.call('POST', WORKS, { token: reader, body: workBody() })).statusCode).toBe(403);
    expect((await t.call('GET', WORKS, { token: outsider })).statusCode).toBe(403);
    expect((await t.call('GET', WORKS)).statusCode).toBe(401);
  });
});
