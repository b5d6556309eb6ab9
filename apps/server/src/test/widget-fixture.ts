import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  answers,
  employees,
  invitations,
  invitees,
  journeyStages,
  locations,
  products,
  questions,
  segmentGroups,
  segments,
  sessions,
  surveys,
  textAnalyses,
  textTopics,
  topicModels,
  topics,
  transactionChannels,
  transactionTypes,
} from '../db/schema/index.js';
import type { TestApp } from './test-app.js';

/*
 * A small, hand-made world for widget data tests (docs/widgets.md "Tests"): a channel tree, locations on the three
 * maps, products, transaction types, a segment group, employees, journey stages and two surveys with an NPS, a
 * customer-effort (1-5), a satisfaction (0-10 average) and an open-ended question. Tests add sessions with
 * `addSession` at the local times they need and assert figures computed by hand. Times are written with their
 * offset; the Demo Bank tenant is on Europe/Istanbul (UTC+3, no daylight saving), so '2026-03-02T09:30:00+03:00' is
 * Monday 2 March, part of day 09-12, in every time key of the replica. Text-analytics tests add topic (and emotion)
 * models with `addTopicModel` and label a session's comment with `labelComment` (text_analyses + text_topics).
 */

type TreeTable = typeof transactionChannels | typeof products | typeof locations;

/** Inserts a node under `parentPath` (ids from the root) and returns its id. */
async function insertNode(
  db: Db,
  table: TreeTable,
  tenantId: number,
  node: { name: string; parentPath: readonly number[]; extra?: Record<string, unknown> },
): Promise<number> {
  const [row] = await db
    .insert(table)
    .values({
      tenantId,
      parentId: node.parentPath.at(-1) ?? null,
      name: node.name,
      code: `${node.name}-${randomUUID().slice(0, 8)}`,
      level: node.parentPath.length + 1,
      path: [],
      ...node.extra,
    })
    .returning({ id: table.id });
  const id = row!.id;
  await db
    .update(table)
    .set({ path: [...node.parentPath, id] })
    .where(eq(table.id, id));
  return id;
}

type FixtureSession = {
  /** Default: the main survey. */
  surveyId?: number;
  /** The transaction's time (TransactionDateId) and the answer's (AnsweredDateId); created = answered. */
  transactionAt: string;
  answeredAt: string | null;
  invitedAt?: string;
  channelId?: number | null;
  productId?: number | null;
  /** The invitee's location (UseInviteeLocation); the channel's location comes from the channel. */
  locationId?: number | null;
  transactionTypeId?: number | null;
  employeeId?: number | null;
  segmentIds?: number[];
  /** [questionId, score] pairs. */
  scores?: [number, number][];
  comment?: string;
  /** The open-ended question the comment answers; default the main survey's (questions.comment). */
  commentQuestionId?: number;
  completion?: 1 | 2;
  status?: 1 | 2;
  /** The session's start; default the answered time (or the transaction's). */
  createdAt?: string;
  /** The invitation (with `invitedAt`): its interaction channel (default 1, email) and funnel times. */
  invitation?: FixtureInvitationPath;
  /** An existing invitation the session starts from (instead of `invitedAt`). */
  invitationId?: number;
  /** [questionId, choiceValue] answers without a score (closed questions that measure nothing, sub-questions). */
  choices?: [number, number][];
};

type FixtureInvitationPath = {
  channel?: number;
  sentAt?: string | null;
  deliveredAt?: string | null;
  openedAt?: string | null;
};

/** An invitation without a session (yet): the invitee's transaction facts and the invitation's funnel times. */
type FixtureInvitation = FixtureInvitationPath & {
  surveyId?: number;
  invitedAt: string;
  channelId?: number | null;
  productId?: number | null;
  employeeId?: number | null;
};

export type WidgetFixture = {
  tenantId: number;
  db: Db;
  /** Bank (level 1) > North, South (2) > North-1, North-2 under North, South-1 under South (3). */
  channels: { bank: number; north: number; south: number; north1: number; north2: number; south1: number };
  /**
   * Türkiye > Marmara > İstanbul (TR-34) and İç Anadolu > Ankara (TR-06); India > Maharashtra (IN-MH) > Mumbai;
   * United States > California (US-CA) > San Francisco.
   */
  locations: {
    turkey: number;
    marmara: number;
    istanbul: number;
    centralAnatolia: number;
    ankara: number;
    india: number;
    maharashtra: number;
    mumbai: number;
    usa: number;
    california: number;
    sanFrancisco: number;
  };
  /** Cards (level 1) > Credit card (2); Loans (1). */
  products: { cards: number; creditCard: number; loans: number };
  transactionTypes: { deposit: number; withdrawal: number };
  segmentGroup: number;
  segments: { gold: number; silver: number };
  employees: { ayse: number; mehmet: number };
  journeyStages: { onboarding: number; usage: number };
  /** The main survey (journey stage onboarding) and a second one (usage). */
  surveyId: number;
  secondSurveyId: number;
  /** Main survey: NPS (experience 101, scale 11), effort (201, scale 5), satisfaction (102, scale 11), comment (601). */
  questions: { nps: number; effort: number; satisfaction: number; comment: number; secondNps: number };
  addSession(session: FixtureSession): Promise<number>;
  /** An invitation nobody answered (yet); returns its id (`invitationId` of a later `addSession`). */
  addInvitation(invitation: FixtureInvitation): Promise<number>;
  /** A topic model (or emotion model) with its topics; see `FixtureTopicModel`. */
  addTopicModel(model: FixtureTopicModel): Promise<{ id: number; topics: Record<string, number> }>;
  /** Text analysis of a session's comment (or of one answer); returns the answer's id. See `FixtureLabels`. */
  labelComment(labels: FixtureLabels): Promise<number>;
};

type FixtureTopicModel = {
  name: string;
  /** Default 'tr'. */
  language?: string;
  isEmotionModel?: boolean;
  /** Main topics by name, each with its sub-topics' names; the answer maps every name to its topic id. */
  topics: (string | { name: string; children: string[] })[];
};

type FixtureLabels = {
  /** The labelled answer; default the session's (first) comment. */
  answerId?: number;
  sessionId?: number;
  language: string;
  translatedText?: string | null;
  /** The comment's sentiment: 4 positive, 2 neutral, 0 negative, -1 unclassified (the default). */
  sentiment?: number;
  /** Topic labels, each with the sentiment of its mention (default -1). */
  topics?: { topicId: number; modelId: number; sentiment?: number }[];
  /** Emotion labels (topics of an emotion model), each with its intensity (default 0.5). */
  emotions?: { topicId: number; modelId: number; intensity?: number }[];
};

export async function createWidgetFixture(t: TestApp): Promise<WidgetFixture> {
  const db = t.database.db;
  const tenantId = t.tenantId;
  const node = (table: TreeTable, name: string, parentPath: number[], extra?: Record<string, unknown>) =>
    insertNode(db, table, tenantId, { name, parentPath, extra });

  const turkey = await node(locations, 'Türkiye', [], { mapCode: 'TR' });
  const marmara = await node(locations, 'Marmara', [turkey]);
  const istanbul = await node(locations, 'İstanbul', [turkey, marmara], { mapCode: 'TR-34' });
  const centralAnatolia = await node(locations, 'İç Anadolu', [turkey]);
  const ankara = await node(locations, 'Ankara', [turkey, centralAnatolia], { mapCode: 'TR-06' });
  const india = await node(locations, 'India', [], { mapCode: 'IN' });
  const maharashtra = await node(locations, 'Maharashtra', [india], { mapCode: 'IN-MH' });
  const mumbai = await node(locations, 'Mumbai', [india, maharashtra]);
  const usa = await node(locations, 'United States', [], { mapCode: 'US' });
  const california = await node(locations, 'California', [usa], { mapCode: 'US-CA' });
  const sanFrancisco = await node(locations, 'San Francisco', [usa, california]);

  const bank = await node(transactionChannels, 'Bank', []);
  const north = await node(transactionChannels, 'North', [bank]);
  const south = await node(transactionChannels, 'South', [bank]);
  const north1 = await node(transactionChannels, 'North-1', [bank, north], { locationId: istanbul });
  const north2 = await node(transactionChannels, 'North-2', [bank, north], { locationId: ankara });
  const south1 = await node(transactionChannels, 'South-1', [bank, south], { locationId: mumbai });

  const cards = await node(products, 'Cards', []);
  const creditCard = await node(products, 'Credit card', [cards]);
  const loans = await node(products, 'Loans', []);

  const [deposit, withdrawal] = await db
    .insert(transactionTypes)
    .values([
      { tenantId, name: 'Deposit', code: `DEP-${randomUUID().slice(0, 8)}` },
      { tenantId, name: 'Withdrawal', code: `WDR-${randomUUID().slice(0, 8)}` },
    ])
    .returning({ id: transactionTypes.id });
  const [group] = await db
    .insert(segmentGroups)
    .values({ tenantId, name: 'Tier', code: `TIER-${randomUUID().slice(0, 8)}` })
    .returning({ id: segmentGroups.id });
  const [gold, silver] = await db
    .insert(segments)
    .values([
      { tenantId, groupId: group!.id, name: 'Gold', code: 'GOLD' },
      { tenantId, groupId: group!.id, name: 'Silver', code: 'SILVER' },
    ])
    .returning({ id: segments.id });
  const [ayse, mehmet] = await db
    .insert(employees)
    .values([
      { tenantId, fullName: 'Ayşe Yılmaz', code: `E1-${randomUUID().slice(0, 8)}`, channelId: north1 },
      { tenantId, fullName: 'Mehmet Kaya', code: `E2-${randomUUID().slice(0, 8)}`, channelId: south1 },
    ])
    .returning({ id: employees.id });
  const [onboarding, usage] = await db
    .insert(journeyStages)
    .values([
      { tenantId, name: `Onboarding ${randomUUID().slice(0, 4)}`, order: 1 },
      { tenantId, name: `Usage ${randomUUID().slice(0, 4)}`, order: 2 },
    ])
    .returning({ id: journeyStages.id });

  const [survey, secondSurvey] = await db
    .insert(surveys)
    .values([
      { tenantId, title: 'Branch visit', journeyStageId: onboarding!.id },
      { tenantId, title: 'Card usage', journeyStageId: usage!.id },
    ])
    .returning({ id: surveys.id });
  const question = async (
    surveyId: number,
    text: string,
    type: string,
    experienceId: number,
    scale: number | null,
    position: number,
  ) => {
    const [row] = await db
      .insert(questions)
      .values({ tenantId, surveyId, text, type, experienceId, scale, position })
      .returning({ id: questions.id });
    return row!.id;
  };
  const questionIds = {
    nps: await question(survey!.id, 'How likely are you to recommend us?', 'MCSS', 101, 11, 1),
    effort: await question(survey!.id, 'How easy was it?', 'MCSS', 201, 5, 2),
    satisfaction: await question(survey!.id, 'How satisfied are you?', 'MCSS', 102, 11, 3),
    comment: await question(survey!.id, 'Tell us more', 'OETX', 601, null, 4),
    secondNps: await question(secondSurvey!.id, 'Would you recommend the card?', 'MCSS', 101, 11, 1),
  };

  const instant = (value: string | null | undefined) => (value ? new Date(value) : null);
  const insertInvitation = async (
    surveyId: number,
    inviteeId: number,
    invitedAt: string,
    path: FixtureInvitationPath,
  ) => {
    const [invitation] = await db
      .insert(invitations)
      .values({
        tenantId,
        inviteeId,
        surveyId,
        channel: path.channel ?? 1,
        token: randomUUID(),
        invitedAt: new Date(invitedAt),
        sentAt: instant(path.sentAt),
        deliveredAt: instant(path.deliveredAt),
        openedAt: instant(path.openedAt),
      })
      .returning({ id: invitations.id });
    return invitation!.id;
  };

  const addInvitee = async (
    surveyId: number,
    input: Pick<
      FixtureSession,
      'channelId' | 'productId' | 'locationId' | 'transactionTypeId' | 'employeeId'
    > & {
      transactionAt: string;
      segmentIds?: number[];
    },
  ) => {
    const [invitee] = await db
      .insert(invitees)
      .values({
        tenantId,
        surveyId,
        transactionDate: new Date(input.transactionAt),
        transactionChannelId: input.channelId ?? null,
        productId: input.productId ?? null,
        locationId: input.locationId ?? null,
        transactionTypeId: input.transactionTypeId ?? null,
        employeeId: input.employeeId ?? null,
        segmentIds: input.segmentIds ?? [],
      })
      .returning({ id: invitees.id });
    return invitee!.id;
  };

  const addInvitation = async (input: FixtureInvitation): Promise<number> => {
    const surveyId = input.surveyId ?? survey!.id;
    const inviteeId = await addInvitee(surveyId, { ...input, transactionAt: input.invitedAt });
    return insertInvitation(surveyId, inviteeId, input.invitedAt, input);
  };

  const addSession = async (input: FixtureSession): Promise<number> => {
    const surveyId = input.surveyId ?? survey!.id;
    let inviteeId: number;
    let invitationId: number | null = null;
    if (input.invitationId !== undefined) {
      invitationId = input.invitationId;
      const [row] = await db
        .select({ inviteeId: invitations.inviteeId })
        .from(invitations)
        .where(eq(invitations.id, invitationId));
      inviteeId = row!.inviteeId;
    } else {
      inviteeId = await addInvitee(surveyId, input);
      if (input.invitedAt) {
        invitationId = await insertInvitation(surveyId, inviteeId, input.invitedAt, input.invitation ?? {});
      }
    }
    const createdAt = input.createdAt ?? input.answeredAt ?? input.transactionAt;
    const [session] = await db
      .insert(sessions)
      .values({
        tenantId,
        surveyId,
        inviteeId,
        invitationId,
        createdAt: new Date(createdAt),
        answeredAt: input.answeredAt ? new Date(input.answeredAt) : null,
        completion: input.completion ?? 1,
        status: input.status ?? 1,
      })
      .returning({ id: sessions.id });
    const sessionId = session!.id;
    const rows: {
      tenantId: number;
      sessionId: number;
      questionId: number;
      choiceValue: number;
      score?: number;
    }[] = [
      ...(input.scores ?? []).map(([questionId, score]) => ({
        tenantId,
        sessionId,
        questionId,
        choiceValue: score,
        score,
      })),
      ...(input.choices ?? []).map(([questionId, choiceValue]) => ({
        tenantId,
        sessionId,
        questionId,
        choiceValue,
      })),
    ];
    if (input.comment !== undefined) {
      rows.push({
        tenantId,
        sessionId,
        questionId: input.commentQuestionId ?? questionIds.comment,
        text: input.comment,
      } as never);
    }
    if (rows.length > 0) await db.insert(answers).values(rows);
    return sessionId;
  };

  const addTopicModel = async (model: FixtureTopicModel) => {
    const [row] = await db
      .insert(topicModels)
      .values({
        tenantId,
        name: model.name,
        language: model.language ?? 'tr',
        isEmotionModel: model.isEmotionModel ?? false,
      })
      .returning({ id: topicModels.id });
    const modelId = row!.id;
    const ids: Record<string, number> = {};
    const topic = async (name: string, parentId: number | null) => {
      const [created] = await db
        .insert(topics)
        .values({ tenantId, modelId, name, parentId })
        .returning({ id: topics.id });
      ids[name] = created!.id;
      return created!.id;
    };
    for (const entry of model.topics) {
      if (typeof entry === 'string') {
        await topic(entry, null);
      } else {
        const parentId = await topic(entry.name, null);
        for (const child of entry.children) await topic(child, parentId);
      }
    }
    return { id: modelId, topics: ids };
  };

  const labelComment = async (labels: FixtureLabels): Promise<number> => {
    let answerId = labels.answerId;
    let sessionId = labels.sessionId;
    if (answerId === undefined) {
      if (sessionId === undefined) throw new Error('labelComment needs an answerId or a sessionId');
      const [comment] = await db
        .select({ id: answers.id })
        .from(answers)
        .where(and(eq(answers.sessionId, sessionId), isNotNull(answers.text)))
        .orderBy(answers.id)
        .limit(1);
      if (!comment) throw new Error(`session ${sessionId} has no comment`);
      answerId = comment.id;
    }
    if (sessionId === undefined) {
      const [answer] = await db
        .select({ sessionId: answers.sessionId })
        .from(answers)
        .where(eq(answers.id, answerId));
      sessionId = answer!.sessionId;
    }
    await db.insert(textAnalyses).values({
      answerId,
      tenantId,
      sessionId,
      language: labels.language,
      translatedText: labels.translatedText ?? null,
      sentimentScore: labels.sentiment ?? -1,
    });
    const topicRows = [
      ...(labels.topics ?? []).map((label) => ({
        tenantId,
        answerId,
        sessionId,
        topicId: label.topicId,
        modelId: label.modelId,
        sentimentScore: label.sentiment ?? -1,
      })),
      ...(labels.emotions ?? []).map((label) => ({
        tenantId,
        answerId,
        sessionId,
        topicId: label.topicId,
        modelId: label.modelId,
        intensity: label.intensity ?? 0.5,
      })),
    ];
    if (topicRows.length > 0) await db.insert(textTopics).values(topicRows);
    return answerId;
  };

  return {
    tenantId,
    db,
    channels: { bank, north, south, north1, north2, south1 },
    locations: {
      turkey,
      marmara,
      istanbul,
      centralAnatolia,
      ankara,
      india,
      maharashtra,
      mumbai,
      usa,
      california,
      sanFrancisco,
    },
    products: { cards, creditCard, loans },
    transactionTypes: { deposit: deposit!.id, withdrawal: withdrawal!.id },
    segmentGroup: group!.id,
    segments: { gold: gold!.id, silver: silver!.id },
    employees: { ayse: ayse!.id, mehmet: mehmet!.id },
    journeyStages: { onboarding: onboarding!.id, usage: usage!.id },
    surveyId: survey!.id,
    secondSurveyId: secondSurvey!.id,
    questions: questionIds,
    addSession,
    addInvitation,
    addTopicModel,
    labelComment,
  };
}
