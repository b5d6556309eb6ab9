import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  type AiAnnotator,
  type AiAnnotatorSave,
  type AiDataset,
  type AiDatasetSave,
} from '@loupe/contracts';
import {
  aiDatasetInstances,
  aiDatasets,
  audits,
  invitees,
  questions,
  sessions,
  surveys,
  tenants,
  users,
} from '../../db/schema/index.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../test/widget-fixture.js';

/*
 * Datasets and annotators (issue 21 items 1 and 2, docs/text-analytics-data.md) through the real routes, the
 * pg-boss build job and the database. The planted comments and which dataset takes each are listed below; every
 * expected instance set is counted by hand from that list.
 */

const DATASETS = '/api/ai-datasets';
const ANNOTATORS = '/api/ai-annotators';

let t: TestApp;
let f: WidgetFixture;
let manager: string;
let reader: string;
let outsider: string;
let other: string;
let otherTenant: number;
let otherSurvey: number;
let secondComment: number;
let managerId: number;
/** The planted comments' session ids by name. */
const s: Record<string, number> = {};

const at = (day: string) => `2026-${day}T12:00:00+03:00`;

beforeAll(async () => {
  t = await createTestApp();
  f = await createWidgetFixture(t);
  const db = t.database.db;
  const [question] = await db
    .insert(questions)
    .values({ tenantId: f.tenantId, surveyId: f.surveyId, text: 'Anything else?', type: 'OETX', position: 9 })
    .returning({ id: questions.id });
  secondComment = question!.id;
  const plant = async (name: string, day: string, comment: string | undefined, language: string | null) => {
    s[name] = await f.addSession({
      transactionAt: at(day),
      answeredAt: at(day),
      scores: [[f.questions.nps, 9]],
      ...(comment === undefined ? {} : { comment }),
      ...(name === 'second' ? { commentQuestionId: secondComment } : {}),
    });
    if (language !== null) await f.labelComment({ sessionId: s[name], language });
  };
  // Planted (all in the main survey):
  await plant('trMarch', '03-02', 'Harika hizmet', 'tr'); //        tr, March, survey, main comment
  await plant('enMarch', '03-03', 'Great service', 'en'); //        en: only the English dataset
  await plant('blank', '03-04', '   ', 'tr'); //                    blank text: never
  await plant('inviteeTr', '03-05', 'Çok yavaş', null); //          no analysis: the invitee's language (tr)
  await plant('april', '04-10', 'Nisan yorumu', 'tr'); //           outside March
  await plant('rest', '03-06', 'REST yorumu', 'tr'); //              source rest-api
  await plant('second', '03-07', 'İkinci soru', 'tr'); //           the second open-ended question
  await plant('noComment', '03-08', undefined, null); //            no open-ended answer
  const [invitee] = await db
    .select({ id: sessions.inviteeId })
    .from(sessions)
    .where(eq(sessions.id, s.inviteeTr!));
  await db.update(invitees).set({ language: 'tr' }).where(eq(invitees.id, invitee!.id));
  await db.update(sessions).set({ source: 'rest-api' }).where(eq(sessions.id, s.rest!));

  await t.app.ready();
  manager = await signInNewUser(t, {
    userName: 'ta-manager',
    tenantId: t.tenantId,
    scopes: ['dataset:manage', 'annotation:manage'],
  });
  [{ id: managerId }] = (await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.userName, 'ta-manager'))) as [{ id: number }];
  reader = await signInNewUser(t, {
    userName: 'ta-reader',
    tenantId: t.tenantId,
    scopes: ['dataset:read', 'annotation:read'],
  });
  outsider = await signInNewUser(t, {
    userName: 'ta-outsider',
    tenantId: t.tenantId,
    scopes: ['survey:read'],
  });
  const [tenant] = await db.insert(tenants).values({ name: 'Other TA Co' }).returning({ id: tenants.id });
  otherTenant = tenant!.id;
  const [survey] = await db
    .insert(surveys)
    .values({ tenantId: otherTenant, title: 'Other survey' })
    .returning({ id: surveys.id });
  otherSurvey = survey!.id;
  other = await signInNewUser(t, {
    userName: 'ta-other',
    tenantId: otherTenant,
    scopes: ['dataset:manage', 'annotation:manage'],
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

let serial = 0;
const datasetBody = (extra: Partial<AiDatasetSave> = {}): AiDatasetSave => ({
  Name: `Dataset ${++serial}`,
  Language: 'tr',
  SurveyIds: [f.surveyId],
  DateFrom: '2026-03-01T00:00:00+03:00',
  DateTo: '2026-03-31T23:59:59+03:00',
  ...extra,
});

/** Waits until the dataset's build has finished (status no longer Processing). */
async function built(id: number, token = manager): Promise<AiDataset> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const dataset = (await t.call('GET', `${DATASETS}/${id}`, { token })).json<AiDataset>();
    if (dataset.Status !== 'Processing') return dataset;
    if (Date.now() > deadline) throw new Error(`dataset ${id} still Processing`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const instancesOf = async (id: number) =>
  (
    await t.database.db
      .select({ sessionId: aiDatasetInstances.sessionId, text: aiDatasetInstances.text })
      .from(aiDatasetInstances)
      .where(eq(aiDatasetInstances.datasetId, id))
  )
    .map((row) => row.sessionId)
    .sort((a, b) => a - b);

const sessionsOf = (...names: string[]) => names.map((name) => s[name]!).sort((a, b) => a - b);

describe('datasets', () => {
  it('builds as a job exactly the planted answers its sources match, and rebuilds when they change', async () => {
    const created = await t.call('POST', DATASETS, {
      token: manager,
      body: datasetBody({ Name: 'March TR' }),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<AiDataset>().Id;
    const ready = await built(id);
    // tr, March, any source, any open-ended question: trMarch, inviteeTr, rest, second.
    expect(ready).toMatchObject({ Status: 'Ready', InstanceCount: 4, BuildError: null });
    expect(await instancesOf(id)).toEqual(sessionsOf('trMarch', 'inviteeTr', 'rest', 'second'));
    const [row] = await t.database.db
      .select()
      .from(aiDatasetInstances)
      .where(and(eq(aiDatasetInstances.datasetId, id), eq(aiDatasetInstances.sessionId, s.inviteeTr!)));
    expect(row).toMatchObject({ text: 'Çok yavaş', language: 'tr', tenantId: t.tenantId });

    // Only survey sessions of the main comment question: trMarch, inviteeTr.
    const changed = await t.call('PUT', `${DATASETS}/${id}`, {
      token: manager,
      body: datasetBody({ Name: 'March TR', Sources: ['survey'], QuestionIds: [f.questions.comment] }),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<AiDataset>().Status).toBe('Processing');
    expect(await built(id)).toMatchObject({ Status: 'Ready', InstanceCount: 2 });
    expect(await instancesOf(id)).toEqual(sessionsOf('trMarch', 'inviteeTr'));

    // A new name alone does not rebuild.
    const renamed = await t.call('PUT', `${DATASETS}/${id}`, {
      token: manager,
      body: datasetBody({ Name: 'March TR survey', Sources: ['survey'], QuestionIds: [f.questions.comment] }),
    });
    expect(renamed.json<AiDataset>()).toMatchObject({
      Status: 'Ready',
      InstanceCount: 2,
      Name: 'March TR survey',
    });

    // English, no date range: enMarch only.
    const en = await t.call('POST', DATASETS, {
      token: manager,
      body: datasetBody({ Name: 'All EN', Language: 'en', DateFrom: null, DateTo: null }),
    });
    const enReady = await built(en.json<AiDataset>().Id);
    expect(enReady.InstanceCount).toBe(1);
    expect(await instancesOf(enReady.Id)).toEqual(sessionsOf('enMarch'));

    const grid = await t.call('GET', `${DATASETS}?$filter=Language eq 'en'`, { token: reader });
    expect(grid.statusCode).toBe(200);
    expect(grid.json()).toMatchObject({ Count: 1, Items: [{ Name: 'All EN', InstanceCount: 1 }] });
  });

  it('refuses a second dataset of the same name (19101), case-insensitive', async () => {
    await t.call('POST', DATASETS, { token: manager, body: datasetBody({ Name: 'Unique one' }) });
    const again = await t.call('POST', DATASETS, {
      token: manager,
      body: datasetBody({ Name: 'UNIQUE ONE' }),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ Code: ErrorCode.DatasetNameExists });
    // Another tenant may use the name.
    const elsewhere = await t.call('POST', DATASETS, {
      token: other,
      body: datasetBody({ Name: 'Unique one', SurveyIds: [otherSurvey] }),
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('refuses to delete a dataset in Processing (19102), deletes a Ready one with its instances', async () => {
    const id = (await t.call('POST', DATASETS, { token: manager, body: datasetBody() })).json<AiDataset>().Id;
    await built(id);
    await t.database.db.update(aiDatasets).set({ status: 'Processing' }).where(eq(aiDatasets.id, id));
    const refused = await t.call('DELETE', `${DATASETS}/${id}`, { token: manager });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Code: ErrorCode.DatasetProcessing });
    const tr = await t.call('DELETE', `${DATASETS}/${id}`, { token: manager, headers: { language: 'tr' } });
    expect(tr.json()).toMatchObject({ Message: 'Veri kümesi işleniyor ve silinemez.' });
    await t.database.db.update(aiDatasets).set({ status: 'Ready' }).where(eq(aiDatasets.id, id));
    expect((await t.call('DELETE', `${DATASETS}/${id}`, { token: manager })).statusCode).toBe(204);
    expect(await instancesOf(id)).toEqual([]);
    expect((await t.call('GET', `${DATASETS}/${id}`, { token: manager })).statusCode).toBe(404);
    const trail = await t.database.db
      .select({ id: audits.id })
      .from(audits)
      .where(inArray(audits.operationScope, ['AiDataset']));
    expect(trail.length).toBeGreaterThan(0);
  });

  it("refuses another tenant's surveys and questions that are not open-ended ones of its surveys", async () => {
    const foreign = await t.call('POST', DATASETS, {
      token: manager,
      body: datasetBody({ SurveyIds: [otherSurvey] }),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ Code: ErrorCode.ModelNotValid });
    const closed = await t.call('POST', DATASETS, {
      token: manager,
      body: datasetBody({ QuestionIds: [f.questions.nps] }),
    });
    expect(closed.statusCode).toBe(400);
    const elsewhere = await t.call('POST', DATASETS, {
      token: manager,
      body: datasetBody({ SurveyIds: [f.secondSurveyId], QuestionIds: [f.questions.comment] }),
    });
    expect(elsewhere.statusCode).toBe(400);
    const backwards = await t.call('POST', DATASETS, {
      token: manager,
      body: datasetBody({ DateFrom: '2026-04-01T00:00:00Z', DateTo: '2026-03-01T00:00:00Z' }),
    });
    expect(backwards.statusCode).toBe(400);
  });

  it('confines reads and writes to the tenant and guards them by scope', async () => {
    const id = (await t.call('POST', DATASETS, { token: manager, body: datasetBody() })).json<AiDataset>().Id;
    await built(id);
    expect((await t.call('GET', `${DATASETS}/${id}`, { token: other })).statusCode).toBe(404);
    expect((await t.call('PUT', `${DATASETS}/${id}`, { token: other, body: datasetBody() })).statusCode).toBe(
      404,
    );
    expect((await t.call('DELETE', `${DATASETS}/${id}`, { token: other })).statusCode).toBe(404);
    const theirs = (await t.call('GET', DATASETS, { token: other })).json<{ Items: AiDataset[] }>();
    expect(theirs.Items.map((item) => item.Id)).not.toContain(id);
    expect((await t.call('GET', `${DATASETS}/${id}`, { token: reader })).statusCode).toBe(200);
    expect((await t.call('POST', DATASETS, { token: reader, body: datasetBody() })).statusCode).toBe(403);
    expect((await t.call('GET', DATASETS, { token: outsider })).statusCode).toBe(403);
    expect((await t.call('GET', DATASETS)).statusCode).toBe(401);
  });
});

describe('annotators', () => {
  const annotatorBody = (extra: Partial<AiAnnotatorSave> = {}): AiAnnotatorSave => ({
    FirstName: 'Ayşe',
    LastName: 'Yılmaz',
    Email: `ayse${++serial}@loupe.test`,
    PhoneNumber: '+90 532 000 00 00',
    ...extra,
  });

  it('creates, reads, updates and deletes an annotator; isActive defaults to true', async () => {
    const created = await t.call('POST', ANNOTATORS, { token: manager, body: annotatorBody() });
    expect(created.statusCode).toBe(201);
    const item = created.json<AiAnnotator>();
    expect(item).toMatchObject({ IsActive: true, IsLocked: false, UserId: null, FirstName: 'Ayşe' });
    const updated = await t.call('PUT', `${ANNOTATORS}/${item.Id}`, {
      token: manager,
      body: annotatorBody({ Email: item.Email, IsActive: false, PhoneNumber: null }),
    });
    expect(updated.json<AiAnnotator>()).toMatchObject({ IsActive: false, PhoneNumber: null });
    const grid = await t.call('GET', `${ANNOTATORS}?$filter=IsActive eq false`, { token: reader });
    expect(grid.json<{ Items: AiAnnotator[] }>().Items.map((row) => row.Id)).toContain(item.Id);
    expect((await t.call('DELETE', `${ANNOTATORS}/${item.Id}`, { token: manager })).statusCode).toBe(204);
  });

  it('a user lock: linked to a user of the tenant, it cannot be deleted (19103) until unlinked', async () => {
    const created = await t.call('POST', ANNOTATORS, {
      token: manager,
      body: annotatorBody({ UserId: managerId }),
    });
    const item = created.json<AiAnnotator>();
    expect(item).toMatchObject({ IsLocked: true, UserId: managerId });
    const refused = await t.call('DELETE', `${ANNOTATORS}/${item.Id}`, { token: manager });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Code: ErrorCode.AnnotatorLocked });
    // The same user cannot be linked twice (19104), nor the same email.
    const twice = await t.call('POST', ANNOTATORS, {
      token: manager,
      body: annotatorBody({ UserId: managerId }),
    });
    expect(twice.json()).toMatchObject({ Code: ErrorCode.AnnotatorExists });
    const sameEmail = await t.call('POST', ANNOTATORS, {
      token: manager,
      body: annotatorBody({ Email: item.Email.toUpperCase() }),
    });
    expect(sameEmail.json()).toMatchObject({ Code: ErrorCode.AnnotatorExists });
    const unlinked = await t.call('PUT', `${ANNOTATORS}/${item.Id}`, {
      token: manager,
      body: annotatorBody({ Email: item.Email, UserId: null }),
    });
    expect(unlinked.json<AiAnnotator>().IsLocked).toBe(false);
    expect((await t.call('DELETE', `${ANNOTATORS}/${item.Id}`, { token: manager })).statusCode).toBe(204);
  });

  it("refuses another tenant's user and confines the records to the tenant", async () => {
    const foreignUser = await t.call('POST', ANNOTATORS, {
      token: other,
      body: annotatorBody({ UserId: managerId }),
    });
    expect(foreignUser.statusCode).toBe(400);
    expect(foreignUser.json()).toMatchObject({ Code: ErrorCode.ModelNotValid });
    const id = (
      await t.call('POST', ANNOTATORS, { token: manager, body: annotatorBody() })
    ).json<AiAnnotator>().Id;
    expect((await t.call('GET', `${ANNOTATORS}/${id}`, { token: other })).statusCode).toBe(404);
    expect((await t.call('DELETE', `${ANNOTATORS}/${id}`, { token: other })).statusCode).toBe(404);
    expect((await t.call('POST', ANNOTATORS, { token: reader, body: annotatorBody() })).statusCode).toBe(403);
    expect((await t.call('GET', ANNOTATORS, { token: outsider })).statusCode).toBe(403);
    expect((await t.call('GET', ANNOTATORS)).statusCode).toBe(401);
    const bad = await t.call('POST', ANNOTATORS, {
      token: manager,
      body: annotatorBody({ FirstName: 'A\u0000', Email: 'not-an-email' }),
    });
    expect(bad.statusCode).toBe(400);
  });
});
