import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  SurveyType,
  type ReviewRunResult,
  type ReviewSource,
  type ReviewSourceSave,
} from '@loupe/contracts';
import { loadConfig } from '../../config.js';
import {
  answers,
  audits,
  questions,
  reviewImports,
  reviewSources,
  sessions,
  surveys,
  tenants,
  transactionChannels,
  users,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { dueSources } from './review-run.js';

/*
 * Review sources (docs/review-sources.md) with real parts: a local HTTP server answers a JSON-LD page and a
 * Places-format JSON; runs store the reviews through the REST data path into an external survey.
 */

let t: TestApp;
let feed: Server;
let feedUrl = '';
let manage: string;
let reader: string;
let other: string;
const ids = { external: 0, own: 0, otherSurvey: 0, rating: 0, comment: 0, admin: 0 };

// Relative to now: the reviews are recent whatever the day the suite runs.
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const PAGE_REVIEWS = [
  { id: 'r1', author: 'Ayşe', rating: 5, text: 'Çok hızlı ve güler yüzlü hizmet.', days: 1 },
  { id: 'r2', author: 'John', rating: 2, text: 'Waited forty minutes.', days: 2 },
  { id: 'r3', author: 'Mehmet', rating: 4, text: 'İyi ama kalabalık.', days: 3 },
  { id: 'r4', author: 'Sara', rating: 1, text: 'Rude staff.', days: 4 },
];

function jsonLdPage(): string {
  const business = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: 'Kadıköy branch',
    review: PAGE_REVIEWS.map((review) => ({
      '@type': 'Review',
      '@id': `https://reviews.test/${review.id}`,
      author: { '@type': 'Person', name: review.author },
      reviewRating: { '@type': 'Rating', ratingValue: String(review.rating), bestRating: '5' },
      reviewBody: review.text,
      datePublished: daysAgo(review.days),
    })),
  };
  return `<!doctype html><html><head><title>Reviews</title>
    <script type="application/ld+json">${JSON.stringify(business)}</script>
    <script type="application/ld+json">{ not json</script></head><body>Reviews</body></html>`;
}

function placesAnswer() {
  const now = Math.floor(Date.now() / 1000);
  return {
    status: 'OK',
    result: {
      reviews: [
        { author_name: 'Zeynep', rating: 3, text: 'Fena değil.', time: now - 3600, language: 'tr' },
        { author_name: 'Tom', rating: 5, text: 'Great!', time: now - 7200, language: 'en' },
      ],
    },
  };
}

async function seed() {
  const { db } = t.database;
  const tenantId = t.tenantId;
  const [channel] = await db
    .insert(transactionChannels)
    .values({ tenantId, name: 'Google', code: 'RV-GOOGLE', level: 1, path: [] })
    .returning({ id: transactionChannels.id });
  await db
    .update(transactionChannels)
    .set({ path: [channel!.id] })
    .where(eq(transactionChannels.id, channel!.id));
  const [external] = await db
    .insert(surveys)
    .values({ tenantId, title: 'Google reviews', language: 'en', type: SurveyType.External })
    .returning({ id: surveys.id });
  ids.external = external!.id;
  const [rating] = await db
    .insert(questions)
    .values({
      tenantId,
      surveyId: external!.id,
      text: 'Rating',
      integrationCode: 'RV_RATING',
      type: 'MCSS',
      scale: 11,
      position: 0,
    })
    .returning({ id: questions.id });
  ids.rating = rating!.id;
  const [comment] = await db
    .insert(questions)
    .values({
      tenantId,
      surveyId: external!.id,
      text: 'Comment',
      integrationCode: 'RV_TEXT',
      type: 'OETX',
      position: 1,
    })
    .returning({ id: questions.id });
  ids.comment = comment!.id;
  const [own] = await db
    .insert(surveys)
    .values({ tenantId, title: 'Own survey', language: 'en' })
    .returning({ id: surveys.id });
  ids.own = own!.id;
  const [admin] = await db.select().from(users).where(eq(users.userName, 'admin'));
  ids.admin = admin!.id;
  const [otherTenant] = await db
    .insert(tenants)
    .values({ name: 'Other Reviews Co' })
    .returning({ id: tenants.id });
  const [otherSurvey] = await db
    .insert(surveys)
    .values({ tenantId: otherTenant!.id, title: 'Their reviews', type: SurveyType.External })
    .returning({ id: surveys.id });
  ids.otherSurvey = otherSurvey!.id;
  const [otherUser] = await db
    .insert(users)
    .values({
      tenantId: otherTenant!.id,
      userName: 'rv-other',
      fullName: 'Other',
      passwordHash: admin!.passwordHash,
    })
    .returning({ id: users.id });
  other = await t.tokenFor({
    userId: otherUser!.id,
    tenantId: otherTenant!.id,
    scopes: ['integration:manage'],
  });
}

beforeAll(async () => {
  feed = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://feed');
    if (url.pathname === '/page') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(jsonLdPage());
    } else if (url.pathname === '/places') {
      const ok = url.searchParams.get('place_id') === 'PLACE-1' && url.searchParams.get('key') === 'test-key';
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(ok ? placesAnswer() : { status: 'REQUEST_DENIED', error_message: 'bad key' }));
    } else {
      response.writeHead(500).end('broken');
    }
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}`;
  t = await createTestApp({
    config: {
      ...loadConfig(),
      // The feed listens on 127.0.0.1.
      reviews: { allowPrivateAddresses: true, placesUrl: `${feedUrl}/places`, placesKey: 'test-key' },
    },
  });
  await seed();
  await t.app.ready();
  manage = await t.tokenFor({ userId: ids.admin, tenantId: t.tenantId, scopes: ['integration:manage'] });
  reader = await t.tokenFor({ userId: ids.admin, tenantId: t.tenantId, scopes: ['integration:read'] });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => feed?.close(resolve));
});

let names = 0;
const body = (overrides: Partial<ReviewSourceSave> = {}): ReviewSourceSave => ({
  Name: `Reviews ${++names}`,
  ResourceName: 'RV-GOOGLE',
  ReviewUrl: `${feedUrl}/page?n=${names}`,
  PlaceId: null,
  ResultLimit: 10,
  Frequency: 2,
  SurveyId: ids.external,
  IsActive: true,
  ...overrides,
});

async function create(overrides: Partial<ReviewSourceSave> = {}): Promise<ReviewSource> {
  const response = await t.call('POST', '/api/review-sources', { token: manage, body: body(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ReviewSource>();
}

async function run(id: number): Promise<ReviewRunResult> {
  const response = await t.call('POST', `/api/review-sources/${id}/run`, { token: manage });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReviewRunResult>();
}

async function countOf(table: typeof reviewSources) {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::integer` }).from(table);
  return Number(row!.n);
}

describe('review sources: records', () => {
  it('creates, reads, lists, updates and deletes a source, audited; readers read, others do not see it', async () => {
    const source = await create({ Name: 'Kadıköy Google', ReviewUrl: `${feedUrl}/page?x=1` });
    expect(source).toMatchObject({
      Name: 'Kadıköy Google',
      SurveyTitle: 'Google reviews',
      LastStatus: null,
      ImportedCount: 0,
    });
    const list = await t.call('GET', '/api/review-sources', { token: reader });
    expect(list.json<ReviewSource[]>().map((row) => row.Id)).toContain(source.Id);
    const options = await t.call('GET', '/api/review-source-surveys', { token: reader });
    expect(options.json<{ Id: number }[]>().map((row) => row.Id)).toEqual([ids.external]);

    const updated = await t.call('PUT', `/api/review-sources/${source.Id}`, {
      token: manage,
      body: body({ Name: 'Kadıköy Google 2', ReviewUrl: null, PlaceId: 'PLACE-X', Frequency: 4 }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<ReviewSource>()).toMatchObject({ ReviewUrl: null, PlaceId: 'PLACE-X', Frequency: 4 });

    expect((await t.call('GET', `/api/review-sources/${source.Id}`, { token: other })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/review-sources/${source.Id}`, { token: other })).statusCode).toBe(
      404,
    );
    expect((await t.call('POST', `/api/review-sources/${source.Id}/run`, { token: other })).statusCode).toBe(
      404,
    );
    expect((await t.call('POST', '/api/review-sources', { token: reader, body: body() })).statusCode).toBe(
      403,
    );

    expect((await t.call('DELETE', `/api/review-sources/${source.Id}`, { token: manage })).statusCode).toBe(
      204,
    );
    expect((await t.call('GET', `/api/review-sources/${source.Id}`, { token: manage })).statusCode).toBe(404);
    const trail = await t.database.db
      .select({ type: audits.operationType })
      .from(audits)
      .where(eq(audits.operationScope, 'ReviewSource'));
    expect(trail.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses what the spec refuses, and the database is unchanged', async () => {
    const first = await create({ ReviewUrl: `${feedUrl}/Dup-Page`, PlaceId: 'PLACE-DUP' });
    const before = await countOf(reviewSources);
    const refused = async (overrides: Partial<ReviewSourceSave>, status: number, code?: number) => {
      const response = await t.call('POST', '/api/review-sources', { token: manage, body: body(overrides) });
      expect(response.statusCode, response.body).toBe(status);
      if (code !== undefined) expect(response.json<{ Code: number }>().Code).toBe(code);
    };
    await refused({ ReviewUrl: `${feedUrl}/dup-page` }, 400, ErrorCode.ReviewSourceUrlExists);
    await refused({ ReviewUrl: null, PlaceId: 'PLACE-DUP' }, 400, ErrorCode.ReviewSourcePlaceIdExists);
    await refused({ Name: first.Name.toUpperCase() }, 400, ErrorCode.ReviewSourceNameExists);
    await refused({ ResultLimit: 0 }, 400, ErrorCode.ReviewSourceResultLimitInvalid);
    await refused({ ResultLimit: -5 }, 400, ErrorCode.ReviewSourceResultLimitInvalid);
    await refused({ ResultLimit: 1001 }, 400, ErrorCode.ReviewSourceResultLimitInvalid);
    await refused({ ReviewUrl: null, PlaceId: null }, 400, ErrorCode.ReviewSourceTargetInvalid);
    await refused({ SurveyId: ids.own }, 400, ErrorCode.ReviewSourceTargetInvalid);
    await refused({ SurveyId: ids.otherSurvey }, 404);
    await refused({ Frequency: 5 as 1 }, 400, ErrorCode.ModelNotValid);
    await refused({ ReviewUrl: 'ftp://reviews.test/x' }, 400, ErrorCode.ModelNotValid);
    await refused({ Name: 'bad\u0000name' }, 400, ErrorCode.ModelNotValid);
    expect(await countOf(reviewSources)).toBe(before);
    // The same URL in another tenant is fine.
    const theirs = await t.call('POST', '/api/review-sources', {
      token: other,
      body: body({ ReviewUrl: `${feedUrl}/dup-page`, SurveyId: ids.otherSurvey }),
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    // Updating a source to another's URL is refused too; keeping its own is fine.
    const second = await create();
    const clash = await t.call('PUT', `/api/review-sources/${second.Id}`, {
      token: manage,
      body: body({ Name: second.Name, ReviewUrl: `${feedUrl}/DUP-PAGE` }),
    });
    expect(clash.json<{ Code: number }>().Code).toBe(ErrorCode.ReviewSourceUrlExists);
    const same = await t.call('PUT', `/api/review-sources/${second.Id}`, {
      token: manage,
      body: body({ Name: second.Name, ReviewUrl: second.ReviewUrl }),
    });
    expect(same.statusCode, same.body).toBe(200);
  });
});

describe('review sources: runs', () => {
  it('imports at most the result limit, newest first, with scaled ratings and texts, and never twice', async () => {
    const source = await create({ ReviewUrl: `${feedUrl}/page?run=1`, ResultLimit: 3 });
    const first = await run(source.Id);
    expect(first).toMatchObject({ Status: 'ok', Fetched: 4, Imported: 3, Rejected: 0, Error: null });
    expect(first.Source).toMatchObject({ LastStatus: 'ok', ImportedCount: 3 });
    expect(first.Source.LastRunAt).not.toBeNull();

    const { db } = t.database;
    const imported = await db
      .select({ key: reviewImports.externalKey })
      .from(reviewImports)
      .where(eq(reviewImports.reviewSourceId, source.Id));
    expect(imported.map((row) => row.key).sort()).toEqual(
      ['r1', 'r2', 'r3'].map((id) => `https://reviews.test/${id}`),
    );
    // 5 of 5 -> 10, 2 -> 3 (of 0-10, rounded), 4 -> 8; the texts onto the open-ended question.
    const stored = await db
      .select({
        score: answers.score,
        text: answers.text,
        question: answers.questionId,
        answeredAt: sessions.answeredAt,
        source: sessions.source,
      })
      .from(answers)
      .innerJoin(sessions, eq(sessions.id, answers.sessionId))
      .where(eq(sessions.surveyId, ids.external));
    const scores = stored.filter((row) => row.question === ids.rating).map((row) => row.score);
    expect(scores.sort()).toEqual([10, 3, 8].sort());
    const texts = stored.filter((row) => row.question === ids.comment).map((row) => row.text);
    expect(texts).toContain('Çok hızlı ve güler yüzlü hizmet.');
    expect(texts).not.toContain('Rude staff.');
    expect(new Set(stored.map((row) => row.source))).toEqual(new Set(['rest-api']));
    const newest = new Date(daysAgo(1)).getTime();
    expect(Math.max(...stored.map((row) => new Date(row.answeredAt!).getTime()))).toBeLessThanOrEqual(newest);

    const second = await run(source.Id);
    expect(second).toMatchObject({ Status: 'ok', Fetched: 4, Imported: 1 });
    const third = await run(source.Id);
    expect(third).toMatchObject({ Status: 'ok', Imported: 0 });
    expect(third.Source.ImportedCount).toBe(4);
    const [count] = await db
      .select({ n: sql<number>`count(*)::integer` })
      .from(sessions)
      .where(eq(sessions.surveyId, ids.external));
    expect(Number(count!.n)).toBe(4);
  });

  it('reads a place from the Places format with the configured key', async () => {
    const source = await create({ ReviewUrl: null, PlaceId: 'PLACE-1', ResultLimit: 5 });
    const result = await run(source.Id);
    expect(result).toMatchObject({ Status: 'ok', Fetched: 2, Imported: 2 });
    const denied = await create({ ReviewUrl: null, PlaceId: 'PLACE-2' });
    const failed = await run(denied.Id);
    expect(failed).toMatchObject({ Status: 'failed', Imported: 0 });
    expect(failed.Error).toContain('REQUEST_DENIED');
  });

  it('records a failing feed as failed without a 5xx, and a missing channel too', async () => {
    const broken = await create({ ReviewUrl: `${feedUrl}/broken` });
    const result = await run(broken.Id);
    expect(result).toMatchObject({ Status: 'failed', Imported: 0 });
    expect(result.Error).toContain('HTTP 500');
    const [row] = await t.database.db.select().from(reviewSources).where(eq(reviewSources.id, broken.Id));
    expect(row).toMatchObject({ lastStatus: 'failed', importedCount: 0 });

    const unknown = await create({ ReviewUrl: `${feedUrl}/page?channel=none`, ResourceName: 'Nowhere' });
    const missing = await run(unknown.Id);
    expect(missing.Status).toBe('failed');
    expect(missing.Error).toContain('Nowhere');
  });

  it('refuses private addresses unless the node allows them', async () => {
    const strict = await createTestApp({
      config: { ...loadConfig(), reviews: { allowPrivateAddresses: false } },
    });
    try {
      await strict.app.ready();
      const token = await strict.tokenFor({
        userId: 1,
        tenantId: strict.tenantId,
        scopes: ['integration:manage'],
      });
      const [survey] = await strict.database.db
        .insert(surveys)
        .values({ tenantId: strict.tenantId, title: 'Ext', type: SurveyType.External })
        .returning({ id: surveys.id });
      const created = await strict.call('POST', '/api/review-sources', {
        token,
        body: body({ SurveyId: survey!.id, ResourceName: 'X' }),
      });
      expect(created.statusCode, created.body).toBe(201);
      // The channel check comes first: give the run one so it reaches the fetch.
      await strict.database.db
        .insert(transactionChannels)
        .values({ tenantId: strict.tenantId, name: 'X', code: 'X', level: 1, path: [] });
      await strict.database.db.insert(questions).values({
        tenantId: strict.tenantId,
        surveyId: survey!.id,
        text: 'C',
        integrationCode: 'C',
        type: 'OETX',
      });
      const answer = await strict.call('POST', `/api/review-sources/${created.json<ReviewSource>().Id}/run`, {
        token,
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json<ReviewRunResult>()).toMatchObject({ Status: 'failed' });
      expect(answer.json<ReviewRunResult>().Error).toContain('private address');
    } finally {
      await strict.close();
    }
  }, 60_000);
});

describe('review sources: schedule', () => {
  it('finds the due sources by frequency since the last run, and the sweep runs them on pg-boss', async () => {
    const { db } = t.database;
    const now = new Date();
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    const make = async (frequency: 1 | 2 | 3 | 4, lastRunAt: Date | null, isActive = true) => {
      const source = await create({ Frequency: frequency, IsActive: isActive, ResultLimit: 1 });
      await db.update(reviewSources).set({ lastRunAt }).where(eq(reviewSources.id, source.Id));
      return source.Id;
    };
    const due = [
      await make(1, null),
      await make(2, hoursAgo(25)),
      await make(3, hoursAgo(13)),
      await make(4, hoursAgo(9)),
    ];
    const notDue = [
      await make(1, hoursAgo(100)),
      await make(2, hoursAgo(23)),
      await make(3, hoursAgo(11)),
      await make(4, hoursAgo(7)),
      await make(2, null, false),
    ];
    const found = new Set((await dueSources(db, now, 10_000)).map((source) => source.id));
    for (const id of due) expect(found.has(id), `source ${id} is due`).toBe(true);
    for (const id of notDue) expect(found.has(id), `source ${id} is not due`).toBe(false);

    await t.app.scheduler.runNow('review-sources-sweep');
    const ran = async () => {
      const rows = await db.select({ id: reviewSources.id, at: reviewSources.lastRunAt }).from(reviewSources);
      const at = new Map(rows.map((row) => [row.id, row.at]));
      return due.every((id) => (at.get(id)?.getTime() ?? 0) > now.getTime() - 1_000);
    };
    await expect.poll(ran, { timeout: 30_000, interval: 200 }).toBe(true);
    const [untouched] = await db.select().from(reviewSources).where(eq(reviewSources.id, notDue[1]!));
    expect(untouched!.lastRunAt!.getTime()).toBe(hoursAgo(23).getTime());
  }, 60_000);
});

describe('review sources: demo', () => {
  it('creates the demo source with its imported reviews once, through the REST data path', async () => {
    const { ensureDemoReviews } = await import('../../demo/demo-reviews.js');
    const { db } = t.database;
    // The tenant has review sources already (the tests above): the demo leaves it alone.
    expect(await ensureDemoReviews(db, t.tenantId)).toBe(0);
    const [fresh] = await db
      .insert(tenants)
      .values({ name: 'Demo Reviews Co' })
      .returning({ id: tenants.id });
    expect(await ensureDemoReviews(db, fresh!.id)).toBe(36);
    expect(await ensureDemoReviews(db, fresh!.id)).toBe(0);
    const [source] = await db.select().from(reviewSources).where(eq(reviewSources.tenantId, fresh!.id));
    expect(source).toMatchObject({ isActive: false, lastStatus: 'ok', importedCount: 36 });
    const rows = await db
      .select({ score: answers.score, text: answers.text, answeredAt: sessions.answeredAt })
      .from(answers)
      .innerJoin(sessions, eq(sessions.id, answers.sessionId))
      .where(eq(sessions.tenantId, fresh!.id));
    expect(rows.filter((row) => row.score !== null)).toHaveLength(36);
    expect(rows.some((row) => row.text?.includes('Şube personeli'))).toBe(true);
    expect(rows.some((row) => row.text?.includes('Great service'))).toBe(true);
    const times = rows.map((row) => new Date(row.answeredAt!).getTime());
    expect(Math.max(...times)).toBeLessThan(Date.now() - DAY_MS);
    expect(Math.min(...times)).toBeGreaterThan(Date.now() - 200 * DAY_MS);
  });
});

const DAY_MS = 86_400_000;
