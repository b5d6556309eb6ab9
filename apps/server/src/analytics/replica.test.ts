import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.js';
import {
  answers,
  invitations,
  invitees,
  journeyStages,
  locations,
  products,
  questions,
  sessions,
  surveys,
  textAnalyses,
  textTopics,
  topicModels,
  topics,
  transactionChannels,
} from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createAnalyticsReplica, type AnalyticsReplica } from './replica.js';

type Tree = typeof transactionChannels | typeof products | typeof locations;

// Inserts root > … > leaf and fills each node's path (ids from the root down to the node).
async function insertChain(db: Db, table: Tree, tenantId: number, names: string[], extra: object = {}) {
  const ids: number[] = [];
  for (const [i, name] of names.entries()) {
    const [row] = await db
      .insert(table)
      .values({
        tenantId,
        parentId: ids.at(-1) ?? null,
        name,
        code: `${name}-${randomUUID().slice(0, 6)}`,
        level: i + 1,
        path: [],
        ...extra,
      })
      .returning({ id: table.id });
    ids.push(row!.id);
    await db
      .update(table)
      .set({ path: [...ids] })
      .where(eq(table.id, row!.id));
  }
  return ids;
}

let t: TestApp;
let replica: AnalyticsReplica;
const f = {} as {
  channel: number[];
  product: number[];
  place: number[];
  surveyId: number;
  stageId: number;
  npsQ: number;
  cesQ: number;
  otherQ: number;
  commentQ: number;
  topicModel: number;
  emotionModel: number;
  topicA: number;
  topicB: number;
  joy: number;
  inviteeIds: number[];
  s1: number;
  s2: number;
  s3: number;
  s4: number;
  s1Comment: number;
};

async function addSession(input: {
  inviteeId: number;
  invitationId?: number;
  createdAt: string;
  answeredAt: string | null;
  scores: [questionId: number, score: number][];
  comment?: string;
}) {
  const db = t.database.db;
  const [session] = await db
    .insert(sessions)
    .values({
      tenantId: t.tenantId,
      surveyId: f.surveyId,
      inviteeId: input.inviteeId,
      invitationId: input.invitationId ?? null,
      createdAt: new Date(input.createdAt),
      answeredAt: input.answeredAt ? new Date(input.answeredAt) : null,
    })
    .returning({ id: sessions.id });
  const sessionId = session!.id;
  if (input.scores.length > 0) {
    await db.insert(answers).values(
      input.scores.map(([questionId, score]) => ({
        tenantId: t.tenantId,
        sessionId,
        questionId,
        choiceValue: score,
        score,
      })),
    );
  }
  let commentId: number | undefined;
  if (input.comment !== undefined) {
    const [row] = await db
      .insert(answers)
      .values({ tenantId: t.tenantId, sessionId, questionId: f.commentQ, text: input.comment })
      .returning({ id: answers.id });
    commentId = row!.id;
  }
  return { sessionId, commentId };
}

const pgAnsweredSessions = async () => {
  const [row] = await t.database.raw<{ count: number }>(
    'SELECT count(*)::int AS count FROM sessions WHERE answered_at IS NOT NULL',
  );
  return row!.count;
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const tenantId = t.tenantId;

  f.place = await insertChain(db, locations, tenantId, ['Türkiye', 'İstanbul', 'Kadıköy']);
  f.channel = await insertChain(db, transactionChannels, tenantId, ['Bank', 'Marmara', 'Kadıköy Branch'], {
    locationId: f.place[2],
  });
  f.product = await insertChain(db, products, tenantId, ['Cards', 'Credit card']);
  const [stage] = await db.insert(journeyStages).values({ tenantId, name: 'Onboarding' }).returning();
  f.stageId = stage!.id;
  const [survey] = await db
    .insert(surveys)
    .values({ tenantId, title: 'Branch visit', journeyStageId: f.stageId })
    .returning({ id: surveys.id });
  f.surveyId = survey!.id;
  const question = async (
    type: string,
    experienceId: number | null,
    scale: number | null,
    position: number,
  ) => {
    const [row] = await db
      .insert(questions)
      .values({ tenantId, surveyId: f.surveyId, text: `Q${position}`, type, experienceId, scale, position })
      .returning({ id: questions.id });
    return row!.id;
  };
  f.npsQ = await question('MCSS', 101, 11, 1);
  f.cesQ = await question('MCSS', 201, 5, 2);
  f.otherQ = await question('MCSS', null, 5, 3); // scored but measures nothing: not a fact
  f.commentQ = await question('OETX', 601, null, 4);

  const [model] = await db
    .insert(topicModels)
    .values({ tenantId, name: 'Banking', language: 'tr' })
    .returning({ id: topicModels.id });
  const [emotions] = await db
    .insert(topicModels)
    .values({ tenantId, name: 'Emotions', language: 'tr', isEmotionModel: true })
    .returning({ id: topicModels.id });
  f.topicModel = model!.id;
  f.emotionModel = emotions!.id;
  const topic = async (modelId: number, name: string) =>
    (await db.insert(topics).values({ tenantId, modelId, name }).returning({ id: topics.id }))[0]!.id;
  f.topicA = await topic(f.topicModel, 'Waiting');
  f.topicB = await topic(f.topicModel, 'Staff');
  f.joy = await topic(f.emotionModel, 'Anger');

  const inviteeRows = await db
    .insert(invitees)
    .values(
      // 2026-03-01T22:30Z is Monday 2026-03-02 01:30 in Istanbul (UTC+3): another day than in UTC.
      ['2026-03-01T22:30:00Z', '2026-03-03T12:00:00Z', '2026-03-04T16:00:00Z', '2026-03-05T10:00:00Z'].map(
        (transactionDate) => ({
          tenantId,
          surveyId: f.surveyId,
          transactionDate: new Date(transactionDate),
          transactionChannelId: f.channel[2],
          productId: f.product[1],
          locationId: f.place[1],
          segmentIds: [7, 9],
        }),
      ),
    )
    .returning({ id: invitees.id });
  f.inviteeIds = inviteeRows.map((r) => r.id);
  const [invitation] = await db
    .insert(invitations)
    .values({
      tenantId,
      inviteeId: f.inviteeIds[0]!,
      surveyId: f.surveyId,
      channel: 1,
      token: randomUUID(),
      invitedAt: new Date('2026-03-02T05:00:00Z'),
    })
    .returning({ id: invitations.id });

  // s1: promoter with a negative comment; answered Monday 2026-03-02 09:30 Istanbul time.
  const s1 = await addSession({
    inviteeId: f.inviteeIds[0]!,
    invitationId: invitation!.id,
    createdAt: '2026-03-02T06:20:00Z',
    answeredAt: '2026-03-02T06:30:00Z',
    scores: [
      [f.npsQ, 9],
      [f.cesQ, 4],
      [f.otherQ, 3],
    ],
    comment: 'Şubede çok beklettiler',
  });
  f.s1 = s1.sessionId;
  f.s1Comment = s1.commentId!;
  await db.insert(textAnalyses).values({
    answerId: f.s1Comment,
    tenantId,
    sessionId: f.s1,
    language: 'tr',
    translatedText: 'They kept me waiting at the branch',
    sentimentScore: 0,
  });
  await db.insert(textTopics).values([
    {
      tenantId,
      answerId: f.s1Comment,
      sessionId: f.s1,
      topicId: f.topicA,
      modelId: f.topicModel,
      sentimentScore: 0,
    },
    {
      tenantId,
      answerId: f.s1Comment,
      sessionId: f.s1,
      topicId: f.joy,
      modelId: f.emotionModel,
      intensity: 0.8,
    },
  ]);
  // s2: detractor, no comment, answered Tuesday 2026-03-03 21:10 local (pod 5).
  f.s2 = (
    await addSession({
      inviteeId: f.inviteeIds[1]!,
      createdAt: '2026-03-03T18:00:00Z',
      answeredAt: '2026-03-03T18:10:00Z',
      scores: [[f.npsQ, 6]],
    })
  ).sessionId;
  // s3: neutral with an empty comment (not a comments row).
  f.s3 = (
    await addSession({
      inviteeId: f.inviteeIds[2]!,
      createdAt: '2026-03-04T17:00:00Z',
      answeredAt: '2026-03-04T17:05:00Z',
      scores: [[f.npsQ, 7]],
      comment: '  ',
    })
  ).sessionId;
  // s4: opened, never answered.
  f.s4 = (
    await addSession({
      inviteeId: f.inviteeIds[3]!,
      createdAt: '2026-03-05T11:00:00Z',
      answeredAt: null,
      scores: [],
    })
  ).sessionId;

  replica = await createAnalyticsReplica({ database: t.database, path: ':memory:' });
});

afterAll(async () => {
  await replica?.close();
  await t?.close();
});

describe('analytics replica', () => {
  it('holds one fact row per measured, scored answer with the dimensions, NPS and local time keys', async () => {
    await replica.flush();
    const rows = await replica.query(
      'SELECT * FROM facts WHERE tenant_id = $1 ORDER BY session_id, question_id',
      [t.tenantId],
    );
    expect(rows.map((r) => [r.session_id, r.question_id, r.score])).toEqual([
      [f.s1, f.npsQ, 9],
      [f.s1, f.cesQ, 4],
      [f.s2, f.npsQ, 6],
      [f.s3, f.npsQ, 7],
    ]);
    expect(rows[0]).toMatchObject({
      tenant_id: t.tenantId,
      survey_id: f.surveyId,
      session_id: f.s1,
      invitee_id: f.inviteeIds[0],
      journey_stage_id: f.stageId,
      experience_id: 101,
      measurement_type: 0,
      scale: 11,
      choice_value: 9,
      channel_id: f.channel[2],
      channel_level: 3,
      channel_l1: f.channel[0],
      channel_l2: f.channel[1],
      channel_l3: f.channel[2],
      channel_l4: null,
      product_id: f.product[1],
      product_level: 2,
      product_l1: f.product[0],
      product_l2: f.product[1],
      channel_location_id: f.place[2],
      channel_location_l1: f.place[0],
      channel_location_l3: f.place[2],
      invitee_location_id: f.place[1],
      invitee_location_l2: f.place[1],
      invitee_location_l3: null,
      segment_ids: [7, 9],
      session_status: 1,
      completion: 1,
      source: 'survey',
      nps_score: 9,
      respondent_type: 0,
      sentiment_score: 0,
      topic_ids: [f.topicA],
      emotion_ids: [f.joy],
      // The instant, 2026-03-02T06:30Z, whose keys are of Monday 09:30 in Istanbul.
      answered_at: '2026-03-02T06:30:00.000Z',
      answered_day: 20260302,
      answered_week: 202610,
      answered_month: 202603,
      answered_quarter: 20261,
      answered_dow: 1,
      answered_pod: 1,
      // 2026-03-01T22:30Z: already Monday 01:30 locally.
      transaction_at: '2026-03-01T22:30:00.000Z',
      transaction_day: 20260302,
      transaction_dow: 1,
      transaction_pod: 0,
      invited_at: '2026-03-02T05:00:00.000Z',
      invited_pod: 0,
      created_at: '2026-03-02T06:20:00.000Z',
    });
    expect(rows[1]).toMatchObject({
      experience_id: 201,
      measurement_type: 1,
      nps_score: 9,
      respondent_type: 0,
    });
    expect(rows[2]).toMatchObject({
      nps_score: 6,
      respondent_type: 2,
      sentiment_score: null,
      topic_ids: [],
      invited_at: null,
      invited_day: null,
      answered_at: '2026-03-03T18:10:00.000Z',
      answered_dow: 2,
      answered_pod: 5,
    });
    expect(rows[3]).toMatchObject({ respondent_type: 1, answered_pod: 4 });
  });

  it('holds one comments row per non-empty open-ended answer, with its analysis and search terms', async () => {
    const rows = await replica.query('SELECT * FROM comments WHERE tenant_id = $1', [t.tenantId]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      session_id: f.s1,
      answer_id: f.s1Comment,
      question_id: f.commentQ,
      text: 'Şubede çok beklettiler',
      translated_text: 'They kept me waiting at the branch',
      language: 'tr',
      sentiment_score: 0,
      comment_sentiment_score: 0,
      nps_score: 9,
      respondent_type: 0,
      channel_l2: f.channel[1],
      answered_dow: 1,
      topic_labels: [{ model_id: f.topicModel, topic_id: f.topicA, sentiment: 0 }],
      emotion_labels: [{ model_id: f.emotionModel, topic_id: f.joy, intensity: 0.8 }],
    });
    const terms = rows[0]!.search_terms as string[];
    expect(terms.length).toBeGreaterThan(0);
    expect(terms.every((term) => term === term.toLocaleLowerCase('tr-TR'))).toBe(true);
  });

  it('holds every invitation with its funnel times, and every answer of a session', async () => {
    const invitationRows = await replica.query('SELECT * FROM invitations WHERE tenant_id = $1', [
      t.tenantId,
    ]);
    expect(invitationRows).toEqual([
      expect.objectContaining({
        survey_id: f.surveyId,
        invitee_id: f.inviteeIds[0],
        invitation_channel: 1,
        channel_id: f.channel[2],
        channel_l1: f.channel[0],
        channel_l3: f.channel[2],
        product_id: f.product[1],
        product_l2: f.product[1],
        // 05:00 UTC is 08:00 in Istanbul: Monday 2 March, before 09:00.
        invited_at: '2026-03-02T05:00:00.000Z',
        invited_day: 20260302,
        invited_dow: 1,
        invited_pod: 0,
        sent_at: null,
        sent_day: null,
        opened_at: null,
      }),
    ]);
    const [session] = await replica.query(
      'SELECT invitation_id, invitation_channel FROM sessions WHERE session_id = $1',
      [f.s1],
    );
    expect(session).toEqual({ invitation_id: invitationRows[0]!.invitation_id, invitation_channel: 1 });
    // s1's three scored answers and its comment; s2's one score.
    const answerRows = await replica.query(
      'SELECT session_id, question_id, choice_value FROM answers WHERE session_id = ANY($1) ORDER BY session_id, question_id',
      [[f.s1, f.s2]],
    );
    expect(answerRows).toEqual(
      [
        { session_id: f.s1, question_id: f.npsQ, choice_value: 9 },
        { session_id: f.s1, question_id: f.cesQ, choice_value: 4 },
        { session_id: f.s1, question_id: f.otherQ, choice_value: 3 },
        { session_id: f.s1, question_id: f.commentQ, choice_value: null },
        { session_id: f.s2, question_id: f.npsQ, choice_value: 6 },
      ].sort((a, b) => a.session_id - b.session_id || a.question_id - b.question_id),
    );
  });

  it('follows an invitation sent, delivered, its invitee changed and the invitation deleted', async () => {
    const [row] = await t.database.db
      .insert(invitations)
      .values({
        tenantId: t.tenantId,
        inviteeId: f.inviteeIds[3]!,
        surveyId: f.surveyId,
        channel: 2,
        token: randomUUID(),
        invitedAt: new Date('2026-03-04T10:00:00Z'),
      })
      .returning({ id: invitations.id });
    const id = row!.id;
    const read = async () =>
      replica.query('SELECT sent_day, delivered_at, product_id FROM invitations WHERE invitation_id = $1', [
        id,
      ]);
    await replica.flush();
    expect(await read()).toEqual([{ sent_day: null, delivered_at: null, product_id: f.product[1] }]);
    await t.database.db
      .update(invitations)
      .set({ sentAt: new Date('2026-03-04T21:30:00Z'), deliveredAt: new Date('2026-03-04T21:31:00Z') })
      .where(eq(invitations.id, id));
    await t.database.db
      .update(invitees)
      .set({ productId: f.product[0] })
      .where(eq(invitees.id, f.inviteeIds[3]!));
    await replica.flush();
    // 21:30 UTC is 00:30 on 5 March in Istanbul.
    expect(await read()).toEqual([
      { sent_day: 20260305, delivered_at: '2026-03-04T21:31:00.000Z', product_id: f.product[0] },
    ]);
    await t.database.db.delete(invitations).where(eq(invitations.id, id));
    await replica.flush();
    expect(await read()).toEqual([]);
  });

  it('answers queries with plain numbers and binds lists', async () => {
    const rows = await replica.query(
      `SELECT count(*) AS responses, sum(score)::HUGEINT AS total, avg(score)::DECIMAL(6, 2) AS average,
        min(answered_at) AS first
      FROM facts WHERE tenant_id = $tenant AND list_contains($questions, question_id)`,
      { tenant: t.tenantId, questions: [f.npsQ] },
    );
    expect(rows).toEqual([{ responses: 3, total: 22, average: 7.33, first: '2026-03-02T06:30:00.000Z' }]);
  });

  it('counts the same answered sessions as PostgreSQL', async () => {
    expect(await pgAnsweredSessions()).toBe(3);
    expect(await replica.answeredSessionCount(t.tenantId)).toBe(3);
    expect(await replica.answeredSessionCount()).toBe(3);
  });

  it('shows a re-scored sentiment on the comment and on every fact of the session after flush()', async () => {
    await t.database.db
      .update(textAnalyses)
      .set({ sentimentScore: 4 })
      .where(eq(textAnalyses.answerId, f.s1Comment));
    await t.database.db.update(textTopics).set({ topicId: f.topicB }).where(eq(textTopics.topicId, f.topicA));
    await replica.flush();
    const facts = await replica.query('SELECT sentiment_score, topic_ids FROM facts WHERE session_id = $1', [
      f.s1,
    ]);
    expect(facts).toEqual([
      { sentiment_score: 4, topic_ids: [f.topicB] },
      { sentiment_score: 4, topic_ids: [f.topicB] },
    ]);
    const comments = await replica.query(
      'SELECT sentiment_score, comment_sentiment_score FROM comments WHERE session_id = $1',
      [f.s1],
    );
    expect(comments).toEqual([{ sentiment_score: 4, comment_sentiment_score: 4 }]);
  });

  it("follows an invitee's changed transaction facts to its sessions", async () => {
    await t.database.db
      .update(invitees)
      .set({ productId: f.product[0] })
      .where(eq(invitees.id, f.inviteeIds[1]!));
    await replica.flush();
    const rows = await replica.query(
      'SELECT product_id, product_level, product_l2 FROM facts WHERE session_id = $1',
      [f.s2],
    );
    expect(rows).toEqual([{ product_id: f.product[0], product_level: 1, product_l2: null }]);
  });

  it('drops a deleted session from every table after flush()', async () => {
    await t.database.db.delete(sessions).where(eq(sessions.id, f.s1));
    await replica.flush();
    for (const table of ['facts', 'comments', 'sessions', 'answers']) {
      const [row] = await replica.query(`SELECT count(*) AS n FROM ${table} WHERE session_id = $1`, [f.s1]);
      expect(row).toEqual({ n: 0 });
    }
    expect(await replica.answeredSessionCount(t.tenantId)).toBe(await pgAnsweredSessions());
  });

  it('shows a new session within 2 seconds once the loop runs, without flush()', async () => {
    await replica.start();
    const { sessionId } = await addSession({
      inviteeId: f.inviteeIds[3]!,
      createdAt: '2026-03-05T12:00:00Z',
      answeredAt: '2026-03-05T12:01:00Z',
      scores: [[f.npsQ, 10]],
      comment: 'Harika hizmet, teşekkürler',
    });
    const started = Date.now();
    let found: Record<string, unknown>[] = [];
    while (Date.now() - started < 2000) {
      found = await replica.query('SELECT score FROM facts WHERE session_id = $1', [sessionId]);
      if (found.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(found).toEqual([{ score: 10 }]);
    await replica.stop();
  });

  it('skips logging changes during a bulk load', async () => {
    const before = await t.database.raw<{ n: number }>('SELECT count(*)::int AS n FROM analytics_changes');
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL loupe.bulk_load = 'on'`);
      await tx.update(sessions).set({ status: 2 }).where(eq(sessions.id, f.s2));
    });
    const after = await t.database.raw<{ n: number }>('SELECT count(*)::int AS n FROM analytics_changes');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('rebuilds to the same rows the sync wrote', async () => {
    const everything = async () => ({
      facts: await replica.query('SELECT * FROM facts ORDER BY session_id, question_id'),
      comments: await replica.query('SELECT * FROM comments ORDER BY answer_id'),
      sessions: await replica.query('SELECT * FROM sessions ORDER BY session_id'),
      answers: await replica.query('SELECT * FROM answers ORDER BY session_id, question_id, choice_value'),
      invitations: await replica.query('SELECT * FROM invitations ORDER BY invitation_id'),
    });
    // Everything logged so far synced first: the loop of the test before stopped as soon as its session's fact
    // showed, which can be before its comment answer (inserted by a later statement) was logged and synced.
    await replica.flush();
    const synced = await everything();
    const result = await replica.rebuild();
    expect(result).toMatchObject({ sessions: 4, facts: synced.facts.length, comments: 1 });
    const rebuilt = await everything();
    // The bulk-load update below the change log is the one difference.
    expect(rebuilt.facts.map((r) => ({ ...r, session_status: 1 }))).toEqual(synced.facts);
    expect(rebuilt.sessions.map((r) => ({ ...r, session_status: 1 }))).toEqual(synced.sessions);
    expect(rebuilt.comments).toEqual(synced.comments);
    expect(rebuilt.answers).toEqual(synced.answers);
    expect(rebuilt.invitations).toEqual(synced.invitations);
    expect(rebuilt.invitations.length).toBeGreaterThan(0);
    // The bulk-load update above was not logged; the rebuild picks it up.
    const [s2] = await replica.query('SELECT session_status FROM sessions WHERE session_id = $1', [f.s2]);
    expect(s2).toEqual({ session_status: 2 });
    expect(await replica.answeredSessionCount()).toBe(await pgAnsweredSessions());
    await replica.compact();
    expect(await everything()).toEqual(rebuilt);
  });

  it('resumes from its file after a restart and catches up with a bulk load it was not told about', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-replica-test-'));
    const file = path.join(dir, 'analytics.duckdb');
    try {
      const first = await createAnalyticsReplica({ database: t.database, path: file });
      await first.flush();
      await first.close();
      // Sessions loaded with the change log off, and no rebuild afterwards.
      let bulkSession = 0;
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL loupe.bulk_load = 'on'`);
        const [row] = await tx
          .insert(sessions)
          .values({
            tenantId: t.tenantId,
            surveyId: f.surveyId,
            inviteeId: f.inviteeIds[2]!,
            createdAt: new Date('2026-03-06T08:00:00Z'),
            answeredAt: new Date('2026-03-06T08:05:00Z'),
          })
          .returning({ id: sessions.id });
        bulkSession = row!.id;
        await tx.insert(answers).values({
          tenantId: t.tenantId,
          sessionId: bulkSession,
          questionId: f.npsQ,
          choiceValue: 3,
          score: 3,
        });
      });
      const second = await createAnalyticsReplica({ database: t.database, path: file });
      try {
        await second.start();
        expect(
          await second.query('SELECT score, respondent_type FROM facts WHERE session_id = $1', [bulkSession]),
        ).toEqual([{ score: 3, respondent_type: 2 }]);
        expect(await second.answeredSessionCount()).toBe(await pgAnsweredSessions());
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('compacts once the sessions re-read since the tables were sorted reach the bound, counted across restarts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-replica-test-'));
    const file = path.join(dir, 'analytics.duckdb');
    const compactions: object[] = [];
    const logger = {
      info: (obj: object, msg: string) =>
        void (msg === 'analytics replica compacted' && compactions.push(obj)),
      warn() {},
      error() {},
    };
    const rewriteEverySession = () =>
      t.database.raw('UPDATE sessions SET answered_at = answered_at WHERE tenant_id = $1', [t.tenantId]);
    const churn = async (r: AnalyticsReplica) =>
      (
        await r.query<{ value: number }>(`SELECT value FROM replica_state WHERE name = 'changed_since_sort'`)
      )[0]?.value;
    try {
      const first = await createAnalyticsReplica({ database: t.database, path: file, logger });
      await first.flush();
      expect(await churn(first)).toBe(0);
      await rewriteEverySession();
      await first.flush();
      const once = (await churn(first))!;
      expect(once).toBeGreaterThan(0);
      await first.close();

      // Under the bound after the restart; the second rewrite takes it over.
      const options = {
        database: t.database,
        path: file,
        logger,
        compactAfter: once + 1,
        // The bound alone, not a share of every tenant's sessions in the test database.
        compactShare: 0,
        pollIntervalMs: 20,
      };
      const second = await createAnalyticsReplica(options);
      try {
        await second.start();
        expect(await churn(second)).toBe(once);
        await rewriteEverySession();
        await vi.waitFor(() => expect(compactions).toHaveLength(1), { timeout: 5000, interval: 25 });
        expect(compactions).toEqual([{ changed: 2 * once, seconds: expect.any(Number) }]);
        expect(await churn(second)).toBe(0);
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
