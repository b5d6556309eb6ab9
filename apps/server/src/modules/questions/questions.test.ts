import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENGLISH_ANSWER_SCALE_TEMPLATES,
  ErrorCode,
  TURKISH_ANSWER_SCALE_TEMPLATES,
  type AnswerScaleTemplate,
  type GridPage,
  type QuestionDetail,
  type QuestionRow,
} from '@loupe/contracts';
import {
  analyticsChanges,
  audits,
  questionChoices,
  questions,
  surveyQuotas,
  users,
} from '../../db/schema/index.js';
import { expectRefusal, insertTenant } from '../../test/admin-api.js';
import { createTestApp, type ApiMethod, type TestApp } from '../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../test/widget-fixture.js';
import { questionUsage, type QuestionUsage } from './index.js';

let t: TestApp;
let fx: WidgetFixture;
const tokens: Record<'admin' | 'viewer' | 'other', string> = { admin: '', viewer: '', other: '' };

beforeAll(async () => {
  t = await createTestApp();
  fx = await createWidgetFixture(t);
  tokens.admin = (await t.signIn('admin')).access_token;
  tokens.viewer = await t.tokenFor({
    userId: await userId('admin'),
    tenantId: t.tenantId,
    scopes: ['report:read'],
  });
  const other = await insertTenant(t, 'Questions Other Bank');
  tokens.other = await t.tokenFor({
    userId: await userId('admin'),
    tenantId: other,
    scopes: ['survey:manage'],
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function userId(userName: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.userName, userName));
  return row!.id;
}

const call = (method: ApiMethod, url: string, body?: unknown, token = tokens.admin) =>
  t.call(method, url, { token, body });

/** A PNG's first bytes: enough for the signature check. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d494844520000000100000001', 'hex');
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

const scale = (values: number[]) =>
  values.map((Value, Order) => ({ Label: `Choice ${Value}`, Value, Order }));

const single = (extra: Record<string, unknown> = {}) => ({
  Text: 'How likely are you to recommend us?',
  QuestionTypeName: 'MCSS',
  ExperienceId: 101,
  Scale: 11,
  Choices: scale([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
  ...extra,
});

const matrix = (extra: Record<string, unknown> = {}) => ({
  Text: 'Rate our branch',
  QuestionTypeName: 'MXSS',
  ExperienceId: null,
  Scale: 5,
  Choices: scale([1, 2, 3, 4, 5]),
  SubQuestions: [{ Text: 'Staff' }, { Text: 'Waiting time' }],
  ...extra,
});

async function created(body: unknown): Promise<QuestionDetail> {
  const response = await call('POST', '/api/questions', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<QuestionDetail>();
}

/** The rows a question write touches, to prove a refusal changed nothing. */
const snapshot = async () => ({
  questions: await t.database.db.select().from(questions).orderBy(asc(questions.id)),
  choices: await t.database.db
    .select({ id: questionChoices.id, value: questionChoices.value, label: questionChoices.label })
    .from(questionChoices)
    .orderBy(asc(questionChoices.id)),
  changes: await t.database.db.select({ n: sql<number>`count(*)::int` }).from(analyticsChanges),
});

const refused = (method: ApiMethod, url: string, body: unknown, code: number, status = 400) =>
  expectRefusal(() => call(method, url, body), { status, code }, snapshot);

describe('question library', () => {
  it('creates, reads, lists in the grid (not the lookup) and audits a question', async () => {
    const question = await created(single({ IntegrationCode: 'Q-NPS-LIB', Required: true }));
    expect(question).toMatchObject({
      Text: 'How likely are you to recommend us?',
      QuestionTypeName: 'MCSS',
      ExperienceId: 101,
      Scale: 11,
      FormatType: null,
      Required: true,
      IntegrationCode: 'Q-NPS-LIB',
      SurveyId: null,
      AnswerCount: 0,
      InUse: false,
    });
    expect(question.Choices.map((choice) => choice.Value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await call('GET', `/api/questions/${question.Id}`)).json()).toEqual(question);

    const grid = await call(
      'GET',
      `/api/questions?$top=100&$filter=${encodeURIComponent("IntegrationCode eq 'Q-NPS-LIB'")}`,
    );
    expect(grid.statusCode, grid.body).toBe(200);
    expect(grid.json<GridPage<QuestionRow>>()).toEqual({
      Count: 1,
      Items: [
        expect.objectContaining({
          Id: question.Id,
          ChoiceCount: 11,
          AnswerCount: 0,
          ExperienceName: expect.any(String),
        }),
      ],
    });
    // The lookup widget pickers call: placed questions only, as before.
    const lookup = await call('GET', '/api/questions');
    expect(lookup.statusCode).toBe(200);
    const lookupIds = lookup.json<{ Id: number }[]>().map((row) => row.Id);
    expect(lookupIds).toContain(fx.questions.nps);
    expect(lookupIds).not.toContain(question.Id);

    const [audit] = await t.database.db
      .select()
      .from(audits)
      .where(eq(audits.operationScope, 'Question'))
      .orderBy(asc(audits.id));
    expect(audit).toBeDefined();
  });

  it('lists a matrix group once, its sub-questions inside its detail', async () => {
    const group = await created(
      matrix({ SubQuestions: [{ Text: 'Staff', IntegrationCode: 'MX-STAFF' }, { Text: 'Queue' }] }),
    );
    expect(group.SubQuestions.map((sub) => sub.Text)).toEqual(['Staff', 'Queue']);
    const grid = await call('GET', '/api/questions?$top=1000');
    const ids = grid.json<GridPage<QuestionRow>>().Items.map((row) => row.Id);
    expect(ids).toContain(group.Id);
    for (const sub of group.SubQuestions) expect(ids).not.toContain(sub.Id);
  });

  it('refuses readers without survey scopes the grid and writers without survey:manage', async () => {
    expect((await call('GET', '/api/questions?$top=10', undefined, tokens.viewer)).statusCode).toBe(403);
    expect((await call('GET', '/api/questions', undefined, tokens.viewer)).statusCode).toBe(200);
    await expectRefusal(
      () => call('POST', '/api/questions', single(), tokens.viewer),
      { status: 403, code: ErrorCode.Forbidden },
      snapshot,
    );
  });

  it('2035: an integration code is unique per tenant, sub-questions included', async () => {
    await created(single({ IntegrationCode: 'DUP-1' }));
    await refused(
      'POST',
      '/api/questions',
      single({ IntegrationCode: 'DUP-1' }),
      ErrorCode.QuestionIntegrationCodeUsed,
    );
    await refused(
      'POST',
      '/api/questions',
      matrix({ SubQuestions: [{ Text: 'A', IntegrationCode: 'DUP-1' }, { Text: 'B' }] }),
      ErrorCode.QuestionIntegrationCodeUsed,
    );
    await refused(
      'POST',
      '/api/questions',
      matrix({
        IntegrationCode: 'SAME',
        SubQuestions: [{ Text: 'A', IntegrationCode: 'SAME' }, { Text: 'B' }],
      }),
      ErrorCode.QuestionIntegrationCodeUsed,
    );
    // Another tenant may use the same code.
    const other = await call('POST', '/api/questions', single({ IntegrationCode: 'DUP-1' }), tokens.other);
    expect(other.statusCode, other.body).toBe(201);
    // Nor does the other tenant see ours.
    const mine = await created(single());
    expect((await call('GET', `/api/questions/${mine.Id}`, undefined, tokens.other)).statusCode).toBe(404);
  });

  it('4009-4012: sub-question and choice counts, at least one choice, unique values; OETX has no choices', async () => {
    const three = (n: number) => Array.from({ length: n }, (_, i) => ({ Text: `Row ${i}` }));
    await refused(
      'POST',
      '/api/questions',
      matrix({ SubQuestions: three(1) }),
      ErrorCode.MatrixSubQuestionCount,
    );
    await refused(
      'POST',
      '/api/questions',
      matrix({ SubQuestions: three(11) }),
      ErrorCode.MatrixSubQuestionCount,
    );
    await refused('POST', '/api/questions', matrix({ Choices: scale([1]) }), ErrorCode.MatrixChoiceCount);
    await refused(
      'POST',
      '/api/questions',
      matrix({ Choices: scale([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]) }),
      ErrorCode.MatrixChoiceCount,
    );
    await refused('POST', '/api/questions', single({ Choices: [] }), ErrorCode.ChoiceRequired);
    await refused(
      'POST',
      '/api/questions',
      single({ Choices: [{ Label: 'Gone', Value: 1, Order: 0, IsDeleted: true }] }),
      ErrorCode.ChoiceRequired,
    );
    await refused(
      'POST',
      '/api/questions',
      single({ Choices: scale([1, 2, 2]) }),
      ErrorCode.ChoiceValueDuplicate,
    );
    await refused(
      'POST',
      '/api/questions',
      {
        Text: 'Tell us more',
        QuestionTypeName: 'OETX',
        ExperienceId: null,
        Scale: null,
        Choices: scale([1]),
      },
      ErrorCode.ModelNotValid,
    );
    await refused('POST', '/api/questions', single({ FormatType: 'Email' }), ErrorCode.ModelNotValid);
    const open = await created({
      Text: 'Your e-mail?',
      QuestionTypeName: 'OETX',
      ExperienceId: null,
      Scale: null,
      FormatType: 'Email',
      Multiline: false,
    });
    expect(open).toMatchObject({ FormatType: 'Email', Choices: [] });
  });

  it('4028: a choice picture must be PNG, JPEG, GIF or WebP by its bytes, at most 512 KB; it is served back', async () => {
    const pictured = (image: string) =>
      single({ ChoiceType: 4, Choices: [{ Label: 'Happy', Value: 1, Order: 0, Image: image }] });
    await refused(
      'POST',
      '/api/questions',
      pictured(dataUrl('image/png', Buffer.from('not a png at all'))),
      ErrorCode.ChoiceImageInvalid,
    );
    await refused(
      'POST',
      '/api/questions',
      pictured(dataUrl('image/svg+xml', PNG)),
      ErrorCode.ChoiceImageInvalid,
    );
    await refused(
      'POST',
      '/api/questions',
      pictured(dataUrl('image/jpeg', PNG)),
      ErrorCode.ChoiceImageInvalid,
    );
    const big = Buffer.concat([PNG, Buffer.alloc(512 * 1024)]);
    await refused(
      'POST',
      '/api/questions',
      pictured(dataUrl('image/png', big)),
      ErrorCode.ChoiceImageInvalid,
    );

    const question = await created(pictured(dataUrl('image/png', PNG)));
    const url = question.Choices[0]!.ImageUrl!;
    expect(url).toBe(`/api/questions/${question.Id}/choices/${question.Choices[0]!.Id}/image`);
    const image = await call('GET', url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, max-age=300');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await call('GET', url, undefined, tokens.other)).statusCode).toBe(404);

    // Saving without Image keeps the stored picture.
    const saved = await call('PUT', `/api/questions/${question.Id}`, {
      ...pictured(''),
      Choices: [{ Id: question.Choices[0]!.Id, Label: 'Very happy', Value: 1, Order: 0 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<QuestionDetail>().Choices[0]!.ImageUrl).toBe(url);
  });

  it('4007: a question placed in a survey, counted or named by a quota cannot be deleted; an unused one is', async () => {
    await refused('DELETE', `/api/questions/${fx.questions.effort}`, undefined, ErrorCode.QuestionInUse);

    const counted = await created(single());
    const named = await created(single());
    await t.database.db.insert(surveyQuotas).values([
      {
        tenantId: t.tenantId,
        surveyId: fx.surveyId,
        name: 'Counted',
        limitType: 4,
        limit: 10,
        questionId: counted.Id,
      },
      {
        tenantId: t.tenantId,
        surveyId: fx.surveyId,
        name: 'Named',
        limitType: 1,
        limit: 10,
        conditions: [{ Property: 'QuestionChoices', Value: [`${named.Id}:9`], Exclude: false }],
      },
    ]);
    expect((await call('GET', `/api/questions/${counted.Id}`)).json<QuestionDetail>().InUse).toBe(true);
    const usage: QuestionUsage = { placed: false, quotas: 1, alertRules: 0, answers: 0 };
    expect(await questionUsage(t.database.db, t.tenantId, named.Id)).toEqual(usage);
    const body = await refused('DELETE', `/api/questions/${counted.Id}`, undefined, ErrorCode.QuestionInUse);
    expect(body.Details).toEqual([{ Path: 'quotas', Message: '1' }]);
    await refused('DELETE', `/api/questions/${named.Id}`, undefined, ErrorCode.QuestionInUse);

    const unused = await created(matrix());
    const removed = await call('DELETE', `/api/questions/${unused.Id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    const left = await t.database.db
      .select({ id: questions.id })
      .from(questions)
      .where(sql`${questions.id} = ${unused.Id} or ${questions.parentId} = ${unused.Id}`);
    expect(left).toEqual([]);
    const choices = await t.database.db
      .select({ id: questionChoices.id })
      .from(questionChoices)
      .where(eq(questionChoices.questionId, unused.Id));
    expect(choices).toEqual([]);
  });

  it('4026: a measurement question is not cloned; a clone is an unplaced copy without codes', async () => {
    const measured = await created(single({ IsMeasurement: true }));
    await refused('POST', `/api/questions/${measured.Id}/clone`, undefined, ErrorCode.CloneMeasurementOn);

    const group = await created(
      matrix({
        IntegrationCode: 'MX-CLONE',
        SubQuestions: [{ Text: 'A', IntegrationCode: 'MX-CLONE-A' }, { Text: 'B' }],
      }),
    );
    const response = await call('POST', `/api/questions/${group.Id}/clone`);
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json<QuestionDetail>();
    expect(copy.Id).not.toBe(group.Id);
    expect(copy).toMatchObject({
      Text: group.Text,
      IntegrationCode: null,
      IsMeasurement: false,
      SurveyId: null,
    });
    expect(copy.SubQuestions.map((sub) => [sub.Text, sub.IntegrationCode])).toEqual([
      ['A', null],
      ['B', null],
    ]);
    expect(copy.Choices.map((choice) => choice.Value)).toEqual([1, 2, 3, 4, 5]);
  });

  it('4008: answers fix type, scale and answered values; an experience change reaches the replica', async () => {
    const id = fx.questions.satisfaction;
    const body = (extra: Record<string, unknown> = {}) =>
      single({ Text: 'How satisfied are you?', ExperienceId: 102, ...extra });
    const first = await call('PUT', `/api/questions/${id}`, body());
    expect(first.statusCode, first.body).toBe(200);
    const session = await fx.addSession({
      transactionAt: '2026-03-02T09:00:00+03:00',
      answeredAt: '2026-03-02T09:30:00+03:00',
      scores: [[id, 9]],
    });
    const detail = (await call('GET', `/api/questions/${id}`)).json<QuestionDetail>();
    expect(detail.AnswerCount).toBe(1);
    expect(detail.Choices.find((choice) => choice.Value === 9)!.AnswerCount).toBe(1);
    const choices = detail.Choices.map(({ Id, Label, Value, Order, IsDeleted }) => ({
      Id,
      Label,
      Value,
      Order,
      IsDeleted,
    }));

    await refused(
      'PUT',
      `/api/questions/${id}`,
      body({ QuestionTypeName: 'MCMS', Choices: choices }),
      ErrorCode.QuestionChangeAltersAnswers,
    );
    await refused(
      'PUT',
      `/api/questions/${id}`,
      body({ Scale: 5, Choices: choices }),
      ErrorCode.QuestionChangeAltersAnswers,
    );
    await refused(
      'PUT',
      `/api/questions/${id}`,
      body({ Choices: choices.map((c) => (c.Value === 9 ? { ...c, Value: 19 } : c)) }),
      ErrorCode.QuestionChangeAltersAnswers,
    );
    await refused(
      'PUT',
      `/api/questions/${id}`,
      body({ Choices: choices.filter((c) => c.Value !== 9) }),
      ErrorCode.QuestionChangeAltersAnswers,
    );
    // Unanswered values may move (even swap), answered ones be flagged deleted or relabelled.
    const swapped = choices.map((c) =>
      c.Value === 1
        ? { ...c, Value: 2 }
        : c.Value === 2
          ? { ...c, Value: 1 }
          : c.Value === 9
            ? { ...c, Label: 'Nine', IsDeleted: true }
            : c,
    );
    const kept = await call('PUT', `/api/questions/${id}`, body({ Choices: swapped }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<QuestionDetail>().Choices.find((c) => c.Value === 9)).toMatchObject({
      Label: 'Nine',
      IsDeleted: true,
    });

    await t.replica.flush();
    const factOf = () =>
      t.replica.query<{ experience_id: number }>(
        'SELECT experience_id FROM facts WHERE session_id = $1 AND question_id = $2',
        [session, id],
      );
    expect(await factOf()).toEqual([{ experience_id: 102 }]);
    const moved = await call('PUT', `/api/questions/${id}`, body({ ExperienceId: 201, Choices: swapped }));
    expect(moved.statusCode, moved.body).toBe(200);
    const logged = await t.database.db
      .select({ op: analyticsChanges.op })
      .from(analyticsChanges)
      .where(eq(analyticsChanges.sessionId, session));
    expect(logged.at(-1)).toEqual({ op: 'U' });
    await t.replica.flush();
    expect(await factOf()).toEqual([{ experience_id: 201 }]);
  });

  it('answers the answer-scale templates in the caller language', async () => {
    const english = await call('GET', '/api/answer-scale-templates');
    expect(english.json<AnswerScaleTemplate[]>()).toEqual(ENGLISH_ANSWER_SCALE_TEMPLATES);
    const turkish = await t.call('GET', '/api/answer-scale-templates', {
      token: tokens.admin,
      headers: { language: 'tr' },
    });
    expect(turkish.json<AnswerScaleTemplate[]>()).toEqual(TURKISH_ANSWER_SCALE_TEMPLATES);
    expect(turkish.json<AnswerScaleTemplate[]>()).toHaveLength(12);
  });
});
