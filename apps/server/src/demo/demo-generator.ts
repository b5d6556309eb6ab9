import { randomUUID } from 'node:crypto';
import { isoWeekday } from '@loupe/contracts';
import {
  PERSON_NAMES,
  PREFERRED_CHANNELS,
  TRANSACTIONS_BY_GROUP,
  type QuestionKey,
  type SurveyKey,
} from './catalog.data.js';
import { COMMENT_CHANCE, composeComment, type DemoComment } from './demo-comments.js';
import type { CatalogBranch, CatalogProduct, CatalogSurvey, DemoCatalog } from './demo-catalog.js';
import { asciiSlug } from './demo-world.js';
import {
  INCIDENT_WEEKS,
  SURVEY_EFFECT,
  WEEKDAY_EFFECT,
  exponential,
  fivePointAnswer,
  hourEffect,
  hourTables,
  npsAnswer,
  respondentType,
  weekEffect,
  weekTable,
  weekdayTables,
} from './demo-patterns.js';
import type { EmotionKey } from './comment-phrases.data.js';
import { Prng, WeightedTable } from './prng.js';

/** Column lists of the COPY statements, in the order the generator writes the CSV values. */
export const COPY_COLUMNS = {
  invitees: [
    'id',
    'tenant_id',
    'survey_id',
    'full_name',
    'email',
    'msisdn',
    'language',
    'location_id',
    'transaction_date',
    'transaction_channel_id',
    'product_id',
    'transaction_type_id',
    'employee_id',
    'transaction_duration',
    'segment_ids',
    'custom_data1',
    'custom_data2',
    'custom_data3',
    'created_at',
  ],
  invitations: [
    'id',
    'tenant_id',
    'invitee_id',
    'survey_id',
    'channel',
    'token',
    'invited_at',
    'expires_at',
    'sent_at',
    'delivered_at',
    'opened_at',
    // Set as the respondent page sets them: the first save starts the invitation, the completing one completes it.
    'started_at',
    'completed_at',
  ],
  sessions: [
    'id',
    'tenant_id',
    'survey_id',
    'flow_id',
    'invitee_id',
    'invitation_id',
    'created_at',
    'answered_at',
    'completion',
    'status',
    'source',
  ],
  answers: ['id', 'tenant_id', 'session_id', 'question_id', 'choice_value', 'score', 'text'],
  text_analyses: [
    'answer_id',
    'tenant_id',
    'session_id',
    'language',
    'translated_text',
    'sentiment_score',
    'analysed_at',
  ],
  text_topics: [
    'tenant_id',
    'answer_id',
    'session_id',
    'topic_id',
    'model_id',
    'sentiment_score',
    'intensity',
  ],
} as const;

export type CopyTable = keyof typeof COPY_COLUMNS;

/**
 * CSV text per table for one batch of sessions: pieces of up to 256 lines each, joined early so the batch is a
 * few hundred flat strings instead of a million small ones for the garbage collector to trace.
 */
export type BatchRows = Record<CopyTable, string[]>;

class LineBuffer {
  readonly pieces: string[] = [];
  private lines: string[] = [];
  count = 0;

  push(line: string): void {
    this.lines.push(line);
    this.count += 1;
    if (this.lines.length === 256) this.flush();
  }

  flush(): string[] {
    if (this.lines.length > 0) this.pieces.push(this.lines.join('\n'));
    this.lines = [];
    return this.pieces;
  }
}

type BatchBuffers = Record<CopyTable, LineBuffer>;

/** The next free id of each bigserial table; the generator advances it. */
export type IdCursor = { invitee: number; invitation: number; session: number; answer: number };

export type GeneratorClock = {
  /** Nothing may happen after this instant. */
  nowMs: number;
  /** Today's date in the tenant's time zone, as days since 1970-01-01. */
  today: number;
};

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
// Customers per unit of branch weight: at 10 million sessions each one answers about a dozen surveys.
const CUSTOMERS_PER_WEIGHT = 6_000;
const INVITATION_CHANNELS: Record<SurveyKey, { channel: number; weight: number }[]> = {
  branch: [
    { channel: 2, weight: 0.65 },
    { channel: 1, weight: 0.35 },
  ],
  digital: [
    { channel: 3, weight: 0.5 },
    { channel: 1, weight: 0.25 },
    { channel: 2, weight: 0.25 },
  ],
  loan: [
    { channel: 1, weight: 0.5 },
    { channel: 2, weight: 0.35 },
    { channel: 9, weight: 0.15 },
  ],
};
// Minutes from transaction to invitation by interaction channel: fixed part and mean of the random part.
const INVITE_LAG: Record<number, [number, number]> = {
  1: [30, 360],
  2: [5, 60],
  3: [1, 20],
  9: [1_440, 1_440],
};
/**
 * The invitation funnel by interaction channel: the share of ALL invitations delivered and opened (e-mail about
 * 97 % and 45 %, SMS 99 % and 60 %; for CATI "delivered" is a call that got through and "opened" one that was
 * picked up). An invitation that led to a session is always sent, delivered and opened, so the rates of the
 * un-answered ones are what is left at the response rate RESPONSE_RATE.
 */
const FUNNEL_RATES: Record<number, { delivered: number; opened: number }> = {
  1: { delivered: 0.97, opened: 0.45 },
  2: { delivered: 0.99, opened: 0.6 },
  3: { delivered: 0.95, opened: 0.5 },
  9: { delivered: 0.85, opened: 0.55 },
};
/** Un-answered invitations per answered session: 1, 2 or 3 (mean 2), so about a third of invitations answered. */
const UNANSWERED_PER_SESSION = new WeightedTable([0.25, 0.5, 0.25]);
const RESPONSE_RATE = 1 / 3;
/** A few invitations fail at the gateway and are never sent. */
const SEND_FAILURE = 0.005;
const UNANSWERED_FUNNEL: Record<number, { delivered: number; opened: number }> = Object.fromEntries(
  Object.entries(FUNNEL_RATES).map(([channel, { delivered, opened }]) => [
    channel,
    {
      // Of the un-answered invitations that were sent: delivered; of those delivered: opened.
      delivered: (delivered - RESPONSE_RATE) / (1 - RESPONSE_RATE) / (1 - SEND_FAILURE),
      opened: (opened - RESPONSE_RATE) / (delivered - RESPONSE_RATE),
    },
  ]),
);

const EMOTION_SENTIMENT: Record<EmotionKey, 4 | 0> = {
  joy: 4,
  trust: 4,
  surprise: 4,
  anger: 0,
  sadness: 0,
  fear: 0,
};

type Customer = {
  fullName: string;
  email: string;
  msisdn: string;
  language: 'tr' | 'en';
  homeId: number;
  segmentIds: string;
  segmentEffect: number;
  young: boolean;
  customerNo: string;
  preferredChannel: string;
  appUser: string;
};

/**
 * Writes demo sessions as CSV lines for COPY: invitee, invitation, session, answers and the text analysis of
 * each comment. Draws come from one seeded stream in session order, so a seed and a count always give the same
 * sessions, whatever the batch size.
 */
export class SessionGenerator {
  private readonly prng: Prng;
  /**
   * The invitation funnel's own stream (send, delivery and opening times, un-answered invitations), so the
   * answered sessions are the same draws as without it.
   */
  private readonly funnel: Prng;
  private readonly surveyTable: WeightedTable;
  private readonly branchTable: WeightedTable;
  private readonly productTables: Record<SurveyKey, { products: CatalogProduct[]; table: WeightedTable }>;
  private readonly homeTables: Record<string, WeightedTable>;
  private readonly segmentTables: WeightedTable[];
  private readonly channelTables: Record<SurveyKey, WeightedTable>;
  private readonly transactionTypeIds: Record<string, number[]>;
  private readonly employeeQuality = new Map<number, number>();
  /** Today's ISO day of the week: 0 Monday … 6 Sunday (the weekday tables' index). */
  private readonly todayWeekday: number;
  /** Sum of every NPS answer written: a cheap fingerprint for determinism checks. */
  npsSum = 0;

  constructor(
    private readonly catalog: DemoCatalog,
    private readonly tenantId: number,
    seed: number,
    private readonly clock: GeneratorClock,
  ) {
    this.prng = new Prng(seed);
    this.funnel = new Prng(seed, 0xf0e1);
    this.surveyTable = new WeightedTable(catalog.surveys.map((s) => s.share));
    this.branchTable = new WeightedTable(catalog.branches.map((b) => b.weight));
    const productsFor = (survey: SurveyKey) => {
      const products = catalog.products.filter((p) =>
        survey === 'loan'
          ? p.group === 'LON'
          : survey === 'digital'
            ? ['DIG', 'CRD', 'ACC'].includes(p.group)
            : true,
      );
      const groupWeight = (p: CatalogProduct) =>
        survey === 'digital' && p.group === 'DIG' ? 4 : p.group === 'ACC' || p.group === 'CRD' ? 2 : 1;
      return { products, table: new WeightedTable(products.map((p) => p.weight * groupWeight(p))) };
    };
    this.productTables = {
      branch: productsFor('branch'),
      digital: productsFor('digital'),
      loan: productsFor('loan'),
    };
    this.homeTables = Object.fromEntries(
      Object.entries(catalog.homes).map(([country, homes]) => [
        country,
        new WeightedTable(homes.map((h) => h.weight)),
      ]),
    );
    this.segmentTables = catalog.segmentGroups.map((g) => new WeightedTable(g.segments.map((s) => s.weight)));
    this.channelTables = {
      branch: new WeightedTable(INVITATION_CHANNELS.branch.map((c) => c.weight)),
      digital: new WeightedTable(INVITATION_CHANNELS.digital.map((c) => c.weight)),
      loan: new WeightedTable(INVITATION_CHANNELS.loan.map((c) => c.weight)),
    };
    this.transactionTypeIds = Object.fromEntries(
      Object.entries(TRANSACTIONS_BY_GROUP).map(([group, keys]) => [
        group,
        keys.map((key) => catalog.transactionTypes.get(key) ?? 0),
      ]),
    );
    for (const branch of catalog.branches) {
      branch.employeeIds.forEach((id, i) => this.employeeQuality.set(id, branch.employees[i]?.quality ?? 0));
    }
    this.todayWeekday = isoWeekday(clock.today);
  }

  /** Generates `count` sessions with ids from `ids` (advanced past the ones used). */
  generate(count: number, ids: IdCursor): BatchRows {
    const rows: BatchBuffers = {
      invitees: new LineBuffer(),
      invitations: new LineBuffer(),
      sessions: new LineBuffer(),
      answers: new LineBuffer(),
      text_analyses: new LineBuffer(),
      text_topics: new LineBuffer(),
    };
    for (let i = 0; i < count; i++) this.session(rows, ids);
    return {
      invitees: rows.invitees.flush(),
      invitations: rows.invitations.flush(),
      sessions: rows.sessions.flush(),
      answers: rows.answers.flush(),
      text_analyses: rows.text_analyses.flush(),
      text_topics: rows.text_topics.flush(),
    };
  }

  private session(rows: BatchBuffers, ids: IdCursor): void {
    const r = this.prng;
    const T = this.tenantId;
    const survey = this.catalog.surveys[this.surveyTable.draw(r)] as CatalogSurvey;
    const branchIndex = this.branchTable.draw(r);
    const branch = this.catalog.branches[branchIndex] as CatalogBranch;
    const customer = this.customer(
      branch,
      branchIndex,
      r.int(0, Math.ceil(branch.weight * CUSTOMERS_PER_WEIGHT)),
    );
    const productChoice = this.productTables[survey.key];
    const product = productChoice.products[productChoice.table.draw(r)] as CatalogProduct;
    const transactionTypes = this.transactionTypeIds[product.group] ?? [];
    // Earlier transaction types of a product group are the more common ones.
    const transactionTypeId = transactionTypes[Math.floor(transactionTypes.length * r.next() ** 1.6)] ?? null;
    const employeeId = r.pick(branch.employeeIds);

    // When: a week window back from today, a weekday and a local time of day.
    const week = weekTable.draw(r);
    const weekday = weekdayTables[survey.key].draw(r);
    const hour = hourTables[survey.key].draw(r);
    const minuteOfDay = hour * 60 + r.int(0, 59);
    const day = this.clock.today - 7 * week - ((this.todayWeekday - weekday + 7) % 7);

    // How it went: one latent satisfaction drives every answer, each with its own noise.
    const staffQuality = this.employeeQuality.get(employeeId) ?? 0;
    const mean =
      0.12 +
      branch.quality +
      product.quality +
      (survey.key === 'digital' ? 0.2 : 0.6) * staffQuality +
      (survey.key === 'branch' ? 0.4 * branch.queue : 0) +
      customer.segmentEffect +
      SURVEY_EFFECT[survey.key] +
      weekEffect(week, survey.key) +
      (WEEKDAY_EFFECT[weekday] ?? 0) +
      hourEffect(hour, survey.key);
    const latent = mean + r.normal();
    const nps = npsAnswer(latent);
    const lunchRush = hour === 12 || hour === 13 ? -0.5 : 0;
    const weakStaff = branch.weakSpot.startsWith('staff') ? -0.4 : 0;
    const weakQueue = branch.weakSpot === 'waiting.queue' ? -0.4 : 0;
    const answers: Record<QuestionKey, number> = {
      nps,
      // Satisfaction is an average score on 0-10 (measurement type 2, reports spec §4 "scale 11").
      csat: npsAnswer(0.8 * latent + 0.6 * r.normal()),
      ces: fivePointAnswer(0.7 * latent + 0.7 * r.normal() + (survey.key === 'loan' ? -0.2 : 0)),
      staff: fivePointAnswer(0.55 * latent + 0.9 * staffQuality + weakStaff + 0.6 * r.normal()),
      wait: fivePointAnswer(0.5 * latent + 1.2 * branch.queue + lunchRush + weakQueue + 0.7 * r.normal()),
      ease: fivePointAnswer(0.7 * latent + (customer.young ? 0.2 : -0.1) + 0.7 * r.normal()),
      comment: 0,
    };

    const completed = r.chance(0.95);
    const answeredCount = completed ? survey.questions.length : r.int(1, 2);
    const writes = completed && r.chance(COMMENT_CHANCE[respondentType(nps)]);
    const comment = writes
      ? composeComment(r, {
          survey: survey.key,
          productGroup: product.group,
          nps,
          staff: answers.staff,
          wait: answers.wait,
          weakSpot: branch.weakSpot,
          incident: survey.key === 'digital' && week >= INCIDENT_WEEKS.from && week <= INCIDENT_WEEKS.to,
        })
      : undefined;

    // The timeline: transaction, invitation, first click, last answer. Nothing may lie in the future, so a
    // session of today that would end later than now moves back one week (same weekday and time).
    const channel = INVITATION_CHANNELS[survey.key][this.channelTables[survey.key].draw(r)]?.channel ?? 1;
    const [lagFixed, lagMean] = INVITE_LAG[channel] ?? [5, 60];
    const inviteLag = (lagFixed + exponential(r, lagMean)) * MINUTE_MS;
    const responseLag = channel === 9 ? 0 : Math.min(72 * 60, 1 + exponential(r, 120)) * MINUTE_MS;
    const answerTime = (40 + r.int(0, 40 * answeredCount)) * 1000;
    let transactionAt = day * DAY_MS + (minuteOfDay - branch.utcOffset) * MINUTE_MS + r.int(0, 59) * 1000;
    while (transactionAt + inviteLag + responseLag + answerTime > this.clock.nowMs)
      transactionAt -= 7 * DAY_MS;
    const invitedAt = transactionAt + inviteLag;
    const createdAt = invitedAt + responseLag;
    const answeredAt = createdAt + answerTime;
    const duration =
      survey.key === 'digital'
        ? 60 + r.int(0, 540)
        : survey.key === 'loan'
          ? 900 + r.int(0, 2700)
          : 180 + r.int(0, 1200);
    const status = r.chance(0.03) ? 2 : 1;

    const inviteeId = ids.invitee++;
    const invitationId = ids.invitation++;
    const sessionId = ids.session++;
    rows.invitees.push(
      `${inviteeId},${T},${survey.id},${customer.fullName},${customer.email},${customer.msisdn},${customer.language},` +
        `${customer.homeId},${timestamp(transactionAt)},${branch.id},${product.id},${transactionTypeId ?? ''},` +
        `${employeeId},${duration},"{${customer.segmentIds}}",${customer.customerNo},${customer.preferredChannel},` +
        `${customer.appUser},${timestamp(invitedAt - MINUTE_MS)}`,
    );
    // Sent within seconds, delivered seconds later, opened just before the first click (a CATI call is all three).
    const f = this.funnel;
    const sentAt = channel === 9 ? invitedAt : invitedAt + f.int(1, 10) * 1000;
    const deliveredAt = channel === 9 ? invitedAt : sentAt + f.int(1, 20) * 1000;
    const openedAt = Math.max(deliveredAt, createdAt - f.int(0, 20) * 1000);
    rows.invitations.push(
      `${invitationId},${T},${inviteeId},${survey.id},${channel},${randomUUID()},${timestamp(invitedAt)},` +
        `${timestamp(invitedAt + 7 * DAY_MS)},${timestamp(sentAt)},${timestamp(deliveredAt)},${timestamp(openedAt)},` +
        `${timestamp(createdAt)},${completed ? timestamp(answeredAt) : ''}`,
    );
    this.unanswered(rows, ids, survey, branch, branchIndex, transactionAt);
    rows.sessions.push(
      `${sessionId},${T},${survey.id},${survey.flowId},${inviteeId},${invitationId},${timestamp(createdAt)},` +
        `${timestamp(answeredAt)},${completed ? 1 : 2},${status},survey`,
    );
    this.npsSum += nps;

    for (let q = 0; q < answeredCount; q++) {
      const question = survey.questions[q];
      if (!question) break;
      if (question.key === 'comment') {
        if (!comment) continue;
        const answerId = ids.answer++;
        const text = customer.language === 'tr' ? comment.tr : comment.en;
        rows.answers.push(`${answerId},${T},${sessionId},${question.id},,,${csvText(text)}`);
        this.analysis(
          rows,
          comment,
          customer.language,
          answerId,
          sessionId,
          Math.min(answeredAt + 5 * MINUTE_MS, this.clock.nowMs),
        );
        continue;
      }
      const value = answers[question.key];
      rows.answers.push(`${ids.answer++},${T},${sessionId},${question.id},${value},${value},`);
    }
  }

  /**
   * Other customers of the branch invited to the survey around the same time who did not answer: an invitee and
   * an invitation each, sent, maybe delivered, maybe opened, with no session.
   */
  private unanswered(
    rows: BatchBuffers,
    ids: IdCursor,
    survey: CatalogSurvey,
    branch: CatalogBranch,
    branchIndex: number,
    nearAt: number,
  ): void {
    const f = this.funnel;
    const T = this.tenantId;
    const count = UNANSWERED_PER_SESSION.draw(f) + 1;
    for (let n = 0; n < count; n++) {
      const customer = this.customer(
        branch,
        branchIndex,
        f.int(0, Math.ceil(branch.weight * CUSTOMERS_PER_WEIGHT)),
      );
      const productChoice = this.productTables[survey.key];
      const product = productChoice.products[productChoice.table.draw(f)] as CatalogProduct;
      const transactionTypes = this.transactionTypeIds[product.group] ?? [];
      const transactionTypeId =
        transactionTypes[Math.floor(transactionTypes.length * f.next() ** 1.6)] ?? null;
      const channel = INVITATION_CHANNELS[survey.key][this.channelTables[survey.key].draw(f)]?.channel ?? 1;
      const [lagFixed, lagMean] = INVITE_LAG[channel] ?? [5, 60];
      // Served up to an hour and a half before the customer who answered.
      let transactionAt = nearAt - f.int(0, 90) * MINUTE_MS;
      const invitedLag = (lagFixed + exponential(f, lagMean)) * MINUTE_MS;
      while (transactionAt + invitedLag > this.clock.nowMs) transactionAt -= 7 * DAY_MS;
      const invitedAt = transactionAt + invitedLag;
      const rates = UNANSWERED_FUNNEL[channel] ?? { delivered: 0.95, opened: 0.3 };
      const sentAt = f.chance(SEND_FAILURE) ? null : invitedAt + f.int(1, 10) * 1000;
      const deliveredAt = sentAt !== null && f.chance(rates.delivered) ? sentAt + f.int(1, 20) * 1000 : null;
      const openedAt =
        deliveredAt !== null && f.chance(rates.opened)
          ? deliveredAt + (1 + exponential(f, 240)) * MINUTE_MS
          : null;
      const inviteeId = ids.invitee++;
      rows.invitees.push(
        `${inviteeId},${T},${survey.id},${customer.fullName},${customer.email},${customer.msisdn},${customer.language},` +
          `${customer.homeId},${timestamp(transactionAt)},${branch.id},${product.id},${transactionTypeId ?? ''},` +
          `${f.pick(branch.employeeIds)},${60 + f.int(0, 1200)},"{${customer.segmentIds}}",${customer.customerNo},` +
          `${customer.preferredChannel},${customer.appUser},${timestamp(invitedAt - MINUTE_MS)}`,
      );
      rows.invitations.push(
        `${ids.invitation++},${T},${inviteeId},${survey.id},${channel},${randomUUID()},${timestamp(invitedAt)},` +
          `${timestamp(invitedAt + 7 * DAY_MS)},${optionalTimestamp(sentAt)},${optionalTimestamp(deliveredAt)},` +
          `${openedAt === null || openedAt > this.clock.nowMs ? '' : timestamp(openedAt)},,`,
      );
    }
  }

  private analysis(
    rows: BatchBuffers,
    comment: DemoComment,
    language: 'tr' | 'en',
    answerId: number,
    sessionId: number,
    analysedAt: number,
  ): void {
    const T = this.tenantId;
    const translated = language === 'tr' ? comment.en : comment.tr;
    rows.text_analyses.push(
      `${answerId},${T},${sessionId},${language},${csvText(translated)},${comment.sentiment},${timestamp(analysedAt)}`,
    );
    const model = this.catalog.topicModels[language];
    for (const topic of comment.topics) {
      const topicId = model.topics.get(topic.key);
      if (topicId !== undefined) {
        rows.text_topics.push(`${T},${answerId},${sessionId},${topicId},${model.id},${topic.sentiment},`);
      }
    }
    const emotions = this.catalog.emotionModel;
    for (const emotion of comment.emotions) {
      const topicId = emotions.emotions.get(emotion.key);
      if (topicId !== undefined) {
        rows.text_topics.push(
          `${T},${answerId},${sessionId},${topicId},${emotions.id},${EMOTION_SENTIMENT[emotion.key]},${emotion.intensity}`,
        );
      }
    }
  }

  /** A customer of a branch; the same branch and number always give the same person. */
  private customer(branch: CatalogBranch, branchIndex: number, number: number): Customer {
    const c = new Prng(0xc057, branchIndex, number);
    const country = branch.country;
    // The branch's language: customers answer and comment in Turkish in Türkiye, in English in India and the US.
    const language: 'tr' | 'en' = country === 'TR' ? 'tr' : 'en';
    const names = country === 'TR' ? PERSON_NAMES.tr : country === 'IN' ? PERSON_NAMES.in : PERSON_NAMES.us;
    const first = c.pick(names.first);
    const last = c.pick(names.last);
    let segmentEffect = 0;
    const segmentIds: number[] = [];
    this.catalog.segmentGroups.forEach((group, g) => {
      const segment = group.segments[(this.segmentTables[g] as WeightedTable).draw(c)];
      if (!segment) return;
      segmentIds.push(segment.id);
      segmentEffect += segment.effect;
    });
    const homes = this.catalog.homes[country];
    const homeId = c.chance(0.88)
      ? branch.locationId
      : (homes[(this.homeTables[country] as WeightedTable).draw(c)]?.id ?? branch.locationId);
    const young = c.chance(0.45);
    const phoneDigits = String(c.int(100_000_000, 999_999_999));
    return {
      fullName: `${first} ${last}`,
      email: `${emailPart(first)}.${emailPart(last)}${number % 1000}@example.com`,
      msisdn:
        country === 'TR'
          ? `+905${phoneDigits}`
          : country === 'IN'
            ? `+919${phoneDigits}`
            : `+1${c.int(201, 989)}${phoneDigits.slice(0, 7)}`,
      language,
      homeId,
      segmentIds: segmentIds.join(','),
      segmentEffect,
      young,
      customerNo: `C${String(branchIndex * 1_000_000 + number).padStart(9, '0')}`,
      preferredChannel: young
        ? c.pick(['Mobile', 'Mobile', 'Internet', 'Branch'])
        : c.pick(PREFERRED_CHANNELS),
      appUser: young || c.chance(0.5) ? 'Yes' : 'No',
    };
  }
}

const emailCache = new Map<string, string>();

function emailPart(name: string): string {
  let part = emailCache.get(name);
  if (part === undefined) {
    part = asciiSlug(name);
    emailCache.set(name, part);
  }
  return part;
}

/** A CSV field that may hold commas, quotes or line breaks. */
const csvText = (text: string) => `"${text.replaceAll('"', '""')}"`;

const optionalTimestamp = (ms: number | null) => (ms === null ? '' : timestamp(ms));

const dayCache = new Map<number, string>();
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** UTC timestamp for COPY, e.g. 2025-03-01 09:41:07+00; the date part is cached per day. */
export function timestamp(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  let date = dayCache.get(day);
  if (date === undefined) {
    date = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dayCache.set(day, date);
  }
  const seconds = Math.floor((ms - day * DAY_MS) / 1000);
  return `${date} ${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor(seconds / 60) % 60)}:${pad2(seconds % 60)}+00`;
}
