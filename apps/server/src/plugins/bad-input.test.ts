import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ALL_SCOPES,
  CUSTOM_DATA_KEYS,
  ErrorCode,
  MAX_FILTER_IDS,
  gridQuerySchema,
  type WidgetDataRequest,
} from '@loupe/contracts';
import {
  aiAnnotationTasks,
  aiAnnotationWorks,
  aiAnnotators,
  aiDatasets,
  aiTopicModelGroups,
  aiTopicModelGroupMembers,
  aiModelLabels,
  aiScheduledJobs,
  aiSystemConfigurations,
  aiSentimentModels,
  catiCalls,
  emailReports,
  integrationDeliveries,
  integrationSources,
  integrationWorkflows,
  invitations,
  invitees,
  questions,
  reports,
  reviewSources,
  surveyFlows,
  surveyLinks,
  surveys,
  users,
} from '../db/schema/index.js';
import { signInNewUser } from '../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import type { RegisteredRoute } from '../core/route-access.js';
import { createWidgetFixture, type WidgetFixture } from '../test/widget-fixture.js';
import { leavesOf, sampleOf, withValueAt } from '../test/zod-sample.js';

/*
 * The bad-input suite (issue 14, acceptance): every POST/PUT route and every grid of `app.routeRegistry`, called
 * as an administrator holding every scope, with malformed JSON, wrong types, 2^31, NUL and other control
 * characters, 1 MB and 10 MB strings, 100k-element lists, deep nesting and `__proto__` keys; every path
 * parameter with 2^31 and worse. Expected: no 5xx, not one row changed in any table, and a healthy server after
 * (a sign-in, a read, and the scoped user's figures as before). The 32,767-id request that broke the embedded
 * database is in it.
 */

const BIG = 2 ** 31;
const ONE_MB = 'x'.repeat(1024 * 1024);
// One 10 MB body for every route: building and copying it per route would cost more than the requests.
const TEN_MB_BODY = Buffer.from(JSON.stringify({ Name: 'y'.repeat(10 * 1024 * 1024) }));
const HUNDRED_K = 100_000;

let t: TestApp;
let f: WidgetFixture;
let admin: string;
let scoped: string;

const MARCH: WidgetDataRequest['TimeRange'] = ['2026-03-01', '2026-03-31'];

beforeAll(async () => {
  t = await createTestApp();
  f = await createWidgetFixture(t);
  const { north1, north2, south1 } = f.channels;
  const at = (day: string) => `2026-03-${day}T12:00:00+03:00`;
  const scores: [number, number, string][] = [
    [north1, 10, '02'],
    [north2, 9, '03'],
    [north2, 3, '04'],
    [south1, 6, '05'],
  ];
  for (const [channelId, score, day] of scores) {
    await f.addSession({
      channelId,
      transactionAt: at(day),
      answeredAt: at(day),
      scores: [[f.questions.nps, score]],
    });
  }
  await t.replica.flush();
  await t.app.ready();
  const [row] = await t.database.db.select().from(users).where(eq(users.userName, 'admin'));
  admin = await t.tokenFor({ userId: row!.id, tenantId: row!.tenantId, scopes: ALL_SCOPES, name: 'admin' });
  scoped = await signInNewUser(t, {
    userName: 'bad-input-scoped',
    tenantId: f.tenantId,
    scopes: ['report:read'],
  });
  await t.database.db
    .update(users)
    .set({ transactionChannelIds: [north2] })
    .where(eq(users.userName, 'bad-input-scoped'));
}, 120_000);
afterAll(async () => t?.close());

/** A digest of every row of every table: equal digests, no row changed. */
async function tableDigests(): Promise<Record<string, string>> {
  const tables = await t.database.raw<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' " +
      // job_servers: each worker node's heartbeat row moves every 30 s (modules/scheduled-jobs), whatever the requests.
      "AND table_type = 'BASE TABLE' AND table_name <> 'job_servers' ORDER BY table_name",
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await t.database.raw<{ digest: string | null }>(
      `SELECT md5(string_agg(r::text, '|' ORDER BY r::text)) AS digest FROM "${name}" r`,
    );
    digests[name] = row?.digest ?? 'empty';
  }
  return digests;
}

const scopedNps = async () => {
  const response = await t.call('POST', '/api/widget-data/nps', {
    token: scoped,
    body: { TimeRange: MARCH },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Value: number | null; Responses: number }>();
};

type Probe = { name: string; method: string; url: string; payload?: string | Buffer; contentType?: string };
type Failure = { name: string; status: number; body: string };

/** Sends the probes and keeps every answer of 500 or more. */
async function send(probes: Probe[]): Promise<Failure[]> {
  const failures: Failure[] = [];
  for (const probe of probes) {
    let response: LightMyRequestResponse;
    try {
      response = await t.app.inject({
        method: probe.method as 'POST',
        url: probe.url,
        headers: {
          authorization: `Bearer ${admin}`,
          ...(probe.payload !== undefined ? { 'content-type': probe.contentType ?? 'application/json' } : {}),
        },
        payload: probe.payload,
      });
    } catch (error) {
      failures.push({ name: probe.name, status: -1, body: String(error) });
      continue;
    }
    if (response.statusCode >= 500) {
      failures.push({ name: probe.name, status: response.statusCode, body: response.body.slice(0, 300) });
    }
  }
  return failures;
}

/** A request path for a route pattern with each parameter set to `value` (`:locale` stays a locale). */
const pathWith = (url: string, value: string) =>
  url
    .replace(/:locale(\([^)]*\))?/g, 'en')
    .replace(/:\w+(\([^)]*\))?/g, value)
    .replace(/\*/g, 'x');

const routes = () =>
  t.app.routeRegistry.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');

/** The body schema of the registered route `method url` (its path as registered, e.g. `/api/surveys/:id/links`). */
const schemaOf = (method: string, url: string) =>
  (
    routes().find((route) => route.method === method && route.url === url)!.options.schema as {
      body: z.ZodType;
    }
  ).body;

/** Every spoiled body of each target's schema, sent to the target's real URL. */
const probesOf = (targets: [string, string, z.ZodType][]): Probe[] =>
  targets.flatMap(([method, url, schema]) =>
    spoiledBodies(schema).map(([what, payload]) => ({
      name: `${method} ${url}: ${what}`,
      method,
      url,
      payload,
    })),
  );

/**
 * Spoiled versions of a body that otherwise fits the route's schema. A route without a body schema ignores its
 * body (`POST /api/account/two-factor/setup` starts a set-up whatever it is sent), so it gets only the bodies that
 * no route may accept: unparsable, too deep, too large, polluting.
 */
function spoiledBodies(schema: z.ZodType | undefined): [string, string | Buffer][] {
  const sample = schema ? sampleOf(schema) : {};
  const json = (value: unknown) => JSON.stringify(value);
  const bodies: [string, string | Buffer][] = [
    ['a 10 MB string', TEN_MB_BODY],
    ['malformed JSON', '{"Name": "a",'],
    ['deep nesting', '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000)],
    ['deep arrays', '['.repeat(50_000) + ']'.repeat(50_000)],
    ['__proto__', `{"__proto__":{"polluted":true},${json(sample).slice(1)}`],
    ['constructor.prototype', `{"constructor":{"prototype":{"polluted":true}},${json(sample).slice(1)}`],
    ['a NUL key', json({ ...(sample as object), 'a\u0000': 1 })],
  ];
  if (!schema) return bodies;
  bodies.push(
    ['an array body', '[]'],
    ['a text body', '"text"'],
    ['a number body', String(BIG)],
    ['null', 'null'],
  );
  // The first few fields of each kind get every spoiler; the rest the ones most likely to reach SQL.
  let numbers = 0;
  let strings = 0;
  let lists = 0;
  for (const { path, value } of leavesOf(sample).slice(1, 40)) {
    const at = path.join('.');
    const spoil = (what: string, replacement: unknown) =>
      bodies.push([`${at} = ${what}`, json(withValueAt(sample, path, replacement))]);
    if (typeof value === 'number') {
      spoil('2^31', BIG);
      if (numbers++ < 2) {
        spoil('-2^31-1', -BIG - 1);
        spoil('1e300', 1e300);
        spoil('a text', 'seven');
      }
    } else if (typeof value === 'string') {
      spoil('NUL', 'a\u0000b');
      if (strings++ < 3) {
        spoil('a control character', 'a\u001bb');
        spoil('a number', 12345);
        spoil('1 MB', ONE_MB);
      }
    } else if (Array.isArray(value)) {
      if (lists++ < 2) {
        spoil(
          '100k items',
          Array.from({ length: HUNDRED_K }, (): unknown => (value as unknown[])[0] ?? 1),
        );
        spoil('an object', {});
      }
    } else if (typeof value === 'object' && value !== null) {
      spoil('a list', []);
    } else if (typeof value === 'boolean') {
      spoil('a text', 'yes');
    }
  }
  return bodies;
}

describe('bad input', () => {
  it('answers every spoiled request with a 4xx, changes no row, and leaves the server healthy', async () => {
    const figuresBefore = await scopedNps();
    expect(figuresBefore.Responses).toBe(2);
    const before = await tableDigests();
    const probes: Probe[] = [];

    // The request that broke the embedded database: 32,767 channel ids.
    const ids = Array.from({ length: 32_767 }, (_, index) => index + 1);
    probes.push({
      name: '32,767 ChannelSet ids',
      method: 'POST',
      url: '/api/widget-data/nps',
      payload: JSON.stringify({ ChannelSet: { Ids: ids } }),
    });

    for (const route of routes()) {
      const name = `${route.method} ${route.url}`;
      // Every path parameter, on every route: past int32, negative, a fraction, text, NUL.
      if (route.url.includes(':')) {
        for (const value of [
          '2147483648',
          '-1',
          '1.5',
          '1e3',
          '99999999999999999999',
          'abc',
          'a%00b',
          '%01',
        ]) {
          probes.push({
            name: `${name} with ${value}`,
            method: route.method,
            url: pathWith(route.url, value),
          });
        }
      }
      if (route.method !== 'POST' && route.method !== 'PUT' && route.method !== 'PATCH') continue;
      const schema = (route.options.schema as { body?: z.ZodType } | undefined)?.body;
      for (const [what, payload] of spoiledBodies(schema)) {
        probes.push({
          name: `${name}: ${what}`,
          method: route.method,
          url: pathWith(route.url, '1'),
          payload,
        });
      }
    }

    // Grids: each filterable field compared with 2^31, a control character, lists; paging out of range.
    // A grid's GET takes the grid query; one sharing its path with a lookup (`plainGet`) is known by its `/query`.
    const isGrid = (route: RegisteredRoute) =>
      route.options.schema?.querystring === gridQuerySchema ||
      routes().some((other) => other.method === 'POST' && other.url === `${route.url}/query`);
    for (const route of routes()) {
      if (route.method !== 'GET' || !isGrid(route)) continue;
      const name = `GET ${route.url}`;
      const probe = await t.app.inject({
        method: 'GET',
        url: `${route.url}?$filter=${encodeURIComponent('Zz9 eq 1')}`,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(probe.statusCode, `${name} ${probe.body}`).toBe(400);
      const fields = /filterable: ([^)]*)\)/.exec(probe.body)?.[1]?.split(', ') ?? [];
      const filters = [
        ...fields.flatMap((field) => [
          `${field} eq 2147483648`,
          `${field} eq -2147483649`,
          `${field} in (1, 2147483648)`,
          `${field} gt 1e300`,
          `${field} eq 'a\u0000b'`,
          `contains(${field}, 'a\u0001b')`,
        ]),
        `Id in (${Array.from({ length: 1_500 }, (_, index) => index).join(',')})`,
      ];
      for (const filter of filters) {
        probes.push({
          name: `${name} $filter=${filter.slice(0, 60)}`,
          method: 'GET',
          url: `${route.url}?$filter=${encodeURIComponent(filter)}`,
        });
      }
      for (const query of [
        '$skip=1e20',
        '$skip=2147483648',
        '$top=2147483648',
        '$orderby=Id%00',
        '$count=%00',
      ]) {
        probes.push({ name: `${name}?${query}`, method: 'GET', url: `${route.url}?${query}` });
      }
    }

    const failures = await send(probes);
    expect(failures).toEqual([]);
    expect(probes.length).toBeGreaterThan(1_000);

    // Not one row changed anywhere.
    const after = await tableDigests();
    const changed = Object.keys(before).filter(
      // The REST data API logs every call, the refused ones too (rest-data module): that row is its answer.
      (table) => before[table] !== after[table] && table !== 'data_validation_logs',
    );
    expect(changed).toEqual([]);

    // Healthy after: the scoped user's figures as before, a sign-in, a read, the health check.
    expect(await scopedNps()).toEqual(figuresBefore);
    const signedIn = await t.signIn('viewer');
    expect(signedIn.access_token).toBeTruthy();
    const read = await t.call('GET', '/api/users', { token: admin });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<{ Count: number }>().Count).toBeGreaterThan(0);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  }, 300_000);

  it('refuses 32,767 channel ids with 400 (3333) naming the list; 1,000 ids pass', async () => {
    const send = (count: number) =>
      t.call('POST', '/api/widget-data/nps', {
        token: scoped,
        body: { ChannelSet: { Ids: Array.from({ length: count }, (_, index) => index + 1) } },
      });
    const refused = await send(32_767);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      Code: ErrorCode.ModelNotValid,
      Details: [expect.objectContaining({ Path: expect.stringContaining('ChannelSet') })],
    });
    expect((await send(MAX_FILTER_IDS + 1)).statusCode).toBe(400);
    expect((await send(MAX_FILTER_IDS)).statusCode).toBe(200);
    expect(await scopedNps()).toMatchObject({ Responses: 2 });
  });

  it('refuses NUL in text with a field error', async () => {
    const response = await t.call('POST', '/api/widget-data/nps', {
      token: scoped,
      body: { FreeTextFilter: 'a\u0000b' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      Code: ErrorCode.ModelNotValid,
      Details: [{ Path: 'body/FreeTextFilter', Message: 'Must not contain control characters' }],
    });
  });

  it('fails closed when the caller restrictions cannot be read: a token of an unknown user gets 401, not the whole tenant', async () => {
    const token = await t.tokenFor({
      userId: 2_000_000_000,
      tenantId: f.tenantId,
      scopes: ['report:read'],
    });
    const response = await t.call('POST', '/api/widget-data/nps', { token, body: { TimeRange: MARCH } });
    expect(response.statusCode).toBe(401);
    const lookup = await t.call('GET', '/api/filters/channels', { token });
    expect([401, 403]).toContain(lookup.statusCode);
  });

  describe("error shapes (issue 24): Details is [{ Path, Message }], the message worded in the caller's language", () => {
    /** A 3333 answer's Details: a list of { Path, Message } whose messages are words, not i18n keys. */
    const expectFieldErrors = (
      response: LightMyRequestResponse,
      details: { Path: string; Message: string }[],
    ) => {
      expect(response.statusCode).toBe(400);
      const body = response.json<{ Code: number; Details: unknown }>();
      expect(body).toEqual({
        Code: ErrorCode.ModelNotValid,
        Message: expect.any(String),
        SupportId: expect.any(String),
        Details: details,
      });
    };
    const inTurkish = { language: 'tr' };

    it('top phrases with Limit 150 names DataFilters.Limit and its bound', async () => {
      const body = { TimeRange: MARCH, DataFilters: { Limit: 150 } };
      expectFieldErrors(await t.call('POST', '/api/text-analytics/top-phrases', { token: admin, body }), [
        { Path: 'DataFilters.Limit', Message: 'The value must be 100 or less' },
      ]);
      expectFieldErrors(
        await t.call('POST', '/api/text-analytics/top-phrases', { token: admin, body, headers: inTurkish }),
        [{ Path: 'DataFilters.Limit', Message: 'Değer en fazla 100 olabilir' }],
      );
      const words = { TimeRange: MARCH, DataFilters: { PhraseCount: 'three' } };
      expectFieldErrors(
        await t.call('POST', '/api/text-analytics/top-phrases', { token: admin, body: words }),
        [{ Path: 'DataFilters.PhraseCount', Message: 'The value is not valid' }],
      );
    });

    it('the impact charts answer the same shape', async () => {
      const impact = { TimeRange: MARCH, DataFilters: { ImpactType: 'x' } };
      expectFieldErrors(await t.call('POST', '/api/text-analytics/impact', { token: admin, body: impact }), [
        { Path: 'DataFilters.ImpactType', Message: 'The value is not valid' },
      ]);
      const closedEnd = { TimeRange: MARCH, DataFilters: { ClosedEndSurveyId: 'x' } };
      expectFieldErrors(
        await t.call('POST', '/api/widget-data/closed-end-impact', { token: admin, body: closedEnd }),
        [{ Path: 'DataFilters.ClosedEndSurveyId', Message: 'The value is not valid' }],
      );
    });

    it('an invalid report Config is worded, not answered as its i18n key', async () => {
      const body = { Title: 'Shape check', Category: 'Menu Group', Config: '{not json' };
      expectFieldErrors(await t.call('POST', '/api/reporteditor', { token: admin, body }), [
        { Path: 'body/Config', Message: 'JSON format is wrong' },
      ]);
      expectFieldErrors(
        await t.call('POST', '/api/reporteditor', { token: admin, body, headers: inTurkish }),
        [{ Path: 'body/Config', Message: 'JSON biçimi hatalı' }],
      );
    });

    it('a grid export file name ending .xlsx is worded, not answered as its key', async () => {
      const body = {
        Filter: {},
        TotalCountForExport: 1,
        FileName: 'users.xlsx',
        Columns: [{ Field: 'UserName', Title: 'User name' }],
      };
      expectFieldErrors(await t.call('POST', '/api/users/export', { token: admin, body }), [
        {
          Path: 'body/FileName',
          Message: 'Give the file name without .xlsx or .xls; the extension is added',
        },
      ]);
    });

    it('text-analytics endpoints refuse TimeColumn InvitedDateId and CreatedDateId, as the widget dialog does', async () => {
      for (const url of [
        '/api/text-analytics/bubble',
        '/api/text-analytics/top-phrases',
        '/api/text-analytics/impact',
      ]) {
        for (const TimeColumn of ['InvitedDateId', 'CreatedDateId']) {
          const body = { TimeRange: MARCH, DataFilters: { TimeColumn } };
          expectFieldErrors(await t.call('POST', url, { token: admin, body }), [
            { Path: 'DataFilters.TimeColumn', Message: 'The value is not valid' },
          ]);
        }
        const answered = { TimeRange: MARCH, DataFilters: { TimeColumn: 'AnsweredDateId' } };
        expect((await t.call('POST', url, { token: admin, body: answered })).statusCode, url).toBe(200);
      }
      // Score widgets keep every time column.
      const invited = { TimeRange: MARCH, DataFilters: { TimeColumn: 'InvitedDateId' } };
      expect((await t.call('POST', '/api/widget-data/nps', { token: admin, body: invited })).statusCode).toBe(
        200,
      );
    });
  });
});

// ------------------------------------------------------------------ respondent API (issue 17, modules/respondent)
// The generic walk above covers the on-site call, but reaches the public routes only with malformed guids; here
// they get real ones (an open invitation, an opted-out one, a survey link) with every spoiled body.
describe('bad input on the respondent routes', () => {
  it('answers every spoiled answers and opt-out body with a 4xx and changes no row', async () => {
    const { db } = t.database;
    const guids = await respondentGuids(db);
    const before = await tableDigests();
    const probes: Probe[] = [];
    const routeOf = (url: string) => routes().find((route) => route.method === 'POST' && route.url === url)!;
    const answersSchema = (routeOf('/api/public/surveys/:guid/answers').options.schema as { body: z.ZodType })
      .body;
    const optOutSchema = (routeOf('/api/public/surveys/:guid/optout').options.schema as { body: z.ZodType })
      .body;
    for (const guid of [guids.open, guids.link]) {
      for (const [what, payload] of spoiledBodies(answersSchema)) {
        probes.push({
          name: `answers ${guid}: ${what}`,
          method: 'POST',
          url: `/api/public/surveys/${guid}/answers`,
          payload,
        });
      }
    }
    // Opt-out bodies go to an invitation that opted out already: even a body that passes changes nothing.
    for (const [what, payload] of spoiledBodies(optOutSchema)) {
      probes.push({
        name: `optout: ${what}`,
        method: 'POST',
        url: `/api/public/surveys/${guids.optedOut}/optout`,
        payload,
      });
    }
    expect(await send(probes)).toEqual([]);
    const statuses = await Promise.all(
      [guids.open, guids.link].map(
        async (guid) =>
          (
            await t.call('POST', `/api/public/surveys/${guid}/answers`, {
              body: { Answers: [{ QuestionId: 1, Text: 'a\u0000b' }], Complete: false },
            })
          ).statusCode,
      ),
    );
    expect(statuses).toEqual([400, 400]);
    const after = await tableDigests();
    expect(Object.keys(before).filter((table) => before[table] !== after[table])).toEqual([]);
  }, 300_000);
});

/** An open invitation, an opted-out one and a survey link of a survey with one required question. */
async function respondentGuids(db: TestApp['database']['db']) {
  const [survey] = await db
    .insert(surveys)
    .values({ tenantId: f.tenantId, title: 'Bad input survey' })
    .returning({ id: surveys.id });
  const [flow] = await db
    .insert(surveyFlows)
    .values({ tenantId: f.tenantId, surveyId: survey!.id, name: 'Main' })
    .returning({ id: surveyFlows.id });
  await db.insert(questions).values({
    tenantId: f.tenantId,
    surveyId: survey!.id,
    flowId: flow!.id,
    text: 'NPS',
    type: 'MCSS',
    scale: 11,
    required: true,
  });
  const invite = async (optedOutAt: Date | null) => {
    const [invitee] = await db
      .insert(invitees)
      .values({ tenantId: f.tenantId, surveyId: survey!.id, transactionDate: new Date() })
      .returning({ id: invitees.id });
    const token = randomUUID();
    await db.insert(invitations).values({
      tenantId: f.tenantId,
      inviteeId: invitee!.id,
      surveyId: survey!.id,
      channel: 1,
      token,
      invitedAt: new Date(),
      optedOutAt,
    });
    return token;
  };
  const link = randomUUID();
  await db
    .insert(surveyLinks)
    .values({ tenantId: f.tenantId, surveyId: survey!.id, guid: link, name: 'Kiosk' });
  return { open: await invite(null), optedOut: await invite(new Date()), link };
}

// ------------------------------------------------------------- survey links (issue 17, modules/survey-links)
// The generic walk reaches the link routes with survey 1 and link 1; here a real survey and link get every spoiled
// body, so a body that slipped past validation would meet a row it could change.
describe('bad input on the survey link routes', () => {
  it('answers every spoiled link body with a 4xx, refuses NUL and foreign channels by field, and changes no row', async () => {
    const { db } = t.database;
    const [survey] = await db
      .insert(surveys)
      .values({ tenantId: f.tenantId, title: 'Bad input links' })
      .returning({ id: surveys.id });
    const [link] = await db
      .insert(surveyLinks)
      .values({ tenantId: f.tenantId, surveyId: survey!.id, guid: randomUUID(), name: 'Kiosk' })
      .returning({ id: surveyLinks.id });
    const before = await tableDigests();
    const targets: [string, string, z.ZodType][] = [
      ['POST', `/api/surveys/${survey!.id}/links`, schemaOf('POST', '/api/surveys/:id/links')],
      [
        'PUT',
        `/api/surveys/${survey!.id}/links/${link!.id}`,
        schemaOf('PUT', '/api/surveys/:id/links/:linkId'),
      ],
    ];
    expect(await send(probesOf(targets))).toEqual([]);
    for (const [method, url] of targets) {
      const nul = await t.call(method as 'POST', url, { token: admin, body: { Name: 'a\u0000b' } });
      expect(nul.statusCode, nul.body).toBe(400);
      expect(nul.json()).toMatchObject({ Code: ErrorCode.ModelNotValid, Details: [{ Path: 'body/Name' }] });
      const unknown = await t.call(method as 'POST', url, {
        token: admin,
        body: { Name: 'Kiosk', TransactionChannelId: 2_000_000_000 },
      });
      expect(unknown.statusCode, unknown.body).toBe(400);
      expect(unknown.json()).toMatchObject({
        Code: ErrorCode.ModelNotValid,
        Details: [{ Path: 'TransactionChannelId' }],
      });
    }
    const after = await tableDigests();
    expect(Object.keys(before).filter((table) => before[table] !== after[table])).toEqual([]);
  }, 300_000);
});

// ------------------------------------------------ text analytics (issue 21, modules/text-analytics-data)
// A real dataset and annotator get every spoiled body (create and replace), so a body that slipped past validation
// would meet a row it could change; NUL and 2^31 ids are refused by field.
describe('bad input on the dataset and annotator routes', () => {
  it('answers every spoiled body with a 4xx, refuses NUL and 2^31 ids by field, and changes no row', async () => {
    const { db } = t.database;
    const dataset = await readyDataset('Bad input dataset');
    const [annotator] = await db
      .insert(aiAnnotators)
      .values({ tenantId: f.tenantId, firstName: 'Bad', lastName: 'Input', email: 'bad-input@loupe.test' })
      .returning({ id: aiAnnotators.id });
    const before = await tableDigests();
    const targets: [string, string, z.ZodType][] = [
      ['POST', '/api/ai-datasets', schemaOf('POST', '/api/ai-datasets')],
      ['PUT', `/api/ai-datasets/${dataset.id}`, schemaOf('PUT', '/api/ai-datasets/:id')],
      ['POST', '/api/ai-annotators', schemaOf('POST', '/api/ai-annotators')],
      ['PUT', `/api/ai-annotators/${annotator!.id}`, schemaOf('PUT', '/api/ai-annotators/:id')],
    ];
    expect(await send(probesOf(targets))).toEqual([]);
    const refusals: [string, string, Record<string, unknown>, string][] = [
      [
        'PUT',
        `/api/ai-datasets/${dataset.id}`,
        { Name: 'a\u0000b', Language: 'tr', SurveyIds: [f.surveyId] },
        'body/Name',
      ],
      ['POST', '/api/ai-datasets', { Name: 'Big', Language: 'tr', SurveyIds: [BIG] }, 'body/SurveyIds/0'],
      [
        'PUT',
        `/api/ai-annotators/${annotator!.id}`,
        { FirstName: 'a\u0000b', LastName: 'Input', Email: 'bad-input@loupe.test' },
        'body/FirstName',
      ],
      [
        'POST',
        '/api/ai-annotators',
        { FirstName: 'Big', LastName: 'Id', Email: 'big@loupe.test', UserId: BIG },
        'body/UserId',
      ],
    ];
    for (const [method, url, body, path] of refusals) {
      const refused = await t.call(method as 'POST', url, { token: admin, body });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ Code: ErrorCode.ModelNotValid, Details: [{ Path: path }] });
    }
    const after = await tableDigests();
    expect(Object.keys(before).filter((table) => before[table] !== after[table])).toEqual([]);
  }, 300_000);
});

/** A Ready Turkish dataset of the fixture's survey, for the blocks whose records need one. */
async function readyDataset(name: string): Promise<{ id: number }> {
  const [dataset] = await t.database.db
    .insert(aiDatasets)
    .values({
      tenantId: f.tenantId,
      name,
      language: 'tr',
      surveyIds: [f.surveyId],
      questionIds: [],
      sources: [],
      status: 'Ready',
    })
    .returning({ id: aiDatasets.id });
  return dataset!;
}

// ------------------------------------------------ annotation works (issue 21 item 2, modules/ai-annotation-works)
// A real work and task get every spoiled body; NUL, 2^31 ids and out-of-range levels are refused by field.
describe('bad input on the annotation work and task routes', () => {
  it('answers every spoiled body with a 4xx, refuses NUL and 2^31 ids by field, and changes no row', async () => {
    const { db } = t.database;
    const dataset = await readyDataset('Bad input annotation dataset');
    const [work] = await db
      .insert(aiAnnotationWorks)
      .values({
        tenantId: f.tenantId,
        name: 'Bad input work',
        annotationType: 0,
        datasetId: dataset.id,
        targetCount: 5,
        agreementLevel: 2,
        status: 'Ready',
      })
      .returning({ id: aiAnnotationWorks.id });
    const [task] = await db
      .insert(aiAnnotationTasks)
      .values({ tenantId: f.tenantId, workId: work!.id, name: 'Bad input task', targetCount: 5 })
      .returning({ id: aiAnnotationTasks.id });
    const works = '/api/ai-annotation-works';
    const tasks = `${works}/${work!.id}/annotation-tasks`;
    const before = await tableDigests();
    const targets: [string, string, z.ZodType][] = [
      ['POST', works, schemaOf('POST', works)],
      ['PUT', `${works}/${work!.id}`, schemaOf('PUT', `${works}/:id`)],
      ['POST', tasks, schemaOf('POST', `${works}/:workId/annotation-tasks`)],
      ['PUT', `${tasks}/${task!.id}`, schemaOf('PUT', `${works}/:workId/annotation-tasks/:id`)],
      [
        'POST',
        `${tasks}/${task!.id}/annotations`,
        schemaOf('POST', `${works}/:workId/annotation-tasks/:id/annotations`),
      ],
    ];
    expect(await send(probesOf(targets))).toEqual([]);
    const workBody = { AnnotationType: 0, TargetCount: 5, AgreementLevel: 2 };
    const taskBody = { Name: 'Task', TargetCount: 5 };
    const refusals: [string, string, Record<string, unknown>, string][] = [
      ['POST', works, { ...workBody, Name: 'a\u0000b', DatasetId: dataset.id }, 'body/Name'],
      ['PUT', `${works}/${work!.id}`, { ...workBody, Name: 'Big', DatasetId: BIG }, 'body/DatasetId'],
      [
        'POST',
        works,
        { ...workBody, Name: 'Level', DatasetId: dataset.id, AgreementLevel: 5 },
        'body/AgreementLevel',
      ],
      ['POST', tasks, { ...taskBody, AnnotatorIds: [BIG] }, 'body/AnnotatorIds/0'],
      ['PUT', `${tasks}/${task!.id}`, { ...taskBody, Name: 'a\u0000b', AnnotatorIds: [1] }, 'body/Name'],
      ['POST', `${tasks}/${task!.id}/annotations`, { AnswerId: 1, Labels: ['a\u0000b'] }, 'body/Labels/0'],
    ];
    for (const [method, url, body, path] of refusals) {
      const refused = await t.call(method as 'POST', url, { token: admin, body });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ Code: ErrorCode.ModelNotValid, Details: [{ Path: path }] });
    }
    const after = await tableDigests();
    expect(Object.keys(before).filter((table) => before[table] !== after[table])).toEqual([]);
  }, 300_000);
});

// ------------------------------------------------ topic models (issue 21 items 4 and 6, modules/ai-topic-models)
// A real model with a topic, a group and a label mapping get every spoiled body; NUL and 2^31 ids are refused by
// field, and nothing changes.
describe('bad input on the topic model, topic, group and label mapping routes', () => {
  it('answers every spoiled body with a 4xx, refuses NUL and 2^31 ids by field, and changes no row', async () => {
    const { db } = t.database;
    const model = await f.addTopicModel({ name: 'Bad input model', language: 'en', topics: ['Fees'] });
    const topicId = model.topics.Fees!;
    const [group] = await db
      .insert(aiTopicModelGroups)
      .values({ tenantId: f.tenantId, name: 'Bad input group' })
      .returning({ id: aiTopicModelGroups.id });
    await db.insert(aiTopicModelGroupMembers).values({ groupId: group!.id, modelId: model.id });
    const [label] = await db
      .insert(aiModelLabels)
      .values({ tenantId: f.tenantId, modelId: model.id, topicName: 'Fees', label: 'Charges' })
      .returning({ id: aiModelLabels.id });
    const before = await tableDigests();
    const models = '/api/ai-topic-models';
    const targets: [string, string, z.ZodType][] = [
      ['POST', models, schemaOf('POST', models)],
      ['PUT', `${models}/${model.id}`, schemaOf('PUT', `${models}/:id`)],
      ['POST', `${models}/${model.id}/topics`, schemaOf('POST', `${models}/:id/topics`)],
      [
        'PUT',
        `${models}/${model.id}/topics/${topicId}`,
        schemaOf('PUT', `${models}/:topicModelId/topics/:id`),
      ],
      ['POST', `${models}/${model.id}/try`, schemaOf('POST', `${models}/:id/try`)],
      ['POST', '/api/ai-topic-model-groups', schemaOf('POST', '/api/ai-topic-model-groups')],
      ['PUT', `/api/ai-topic-model-groups/${group!.id}`, schemaOf('PUT', '/api/ai-topic-model-groups/:id')],
      ['POST', '/api/model-label-mappings', schemaOf('POST', '/api/model-label-mappings')],
      ['PUT', `/api/model-label-mappings/${label!.id}`, schemaOf('PUT', '/api/model-label-mappings/:id')],
    ];
    expect(await send(probesOf(targets))).toEqual([]);
    const refusals: [string, string, Record<string, unknown> | undefined, string][] = [
      ['PUT', `${models}/${model.id}`, { Name: 'a\u0000b', Language: 'en' }, 'body/Name'],
      ['POST', models, { Name: 'Big', Language: 'en', DatasetId: BIG }, 'body/DatasetId'],
      ['POST', `${models}/${model.id}/topics`, { Name: 'Big', ParentId: BIG }, 'body/ParentId'],
      [
        'PUT',
        `${models}/${model.id}/topics/${topicId}`,
        { Name: 'Fees', PositiveSeedWords: ['a\u0000b'] },
        'body/PositiveSeedWords/0',
      ],
      ['POST', `${models}/${model.id}/try`, { Text: 'a\u0000b' }, 'body/Text'],
      ['POST', '/api/ai-topic-model-groups', { Name: 'Big', ModelIds: [BIG] }, 'body/ModelIds/0'],
      ['POST', '/api/model-label-mappings', { ModelId: BIG, TopicName: 'Fees', Label: 'X' }, 'body/ModelId'],
      [
        'PUT',
        `/api/model-label-mappings/${label!.id}`,
        { ModelId: model.id, TopicName: 'Fees', Label: 'a\u0000b' },
        'body/Label',
      ],
    ];
    for (const [method, url, body, path] of refusals) {
      const refused = await t.call(method as 'POST', url, { token: admin, body });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ Code: ErrorCode.ModelNotValid, Details: [{ Path: path }] });
    }
    for (const url of [
      `${models}/${BIG}`,
      `${models}/${model.id}/topics/${BIG}`,
      `${models}/${model.id}/export?count=0`,
    ]) {
      const refused = await t.call('GET', url, { token: admin });
      expect(refused.statusCode, refused.body).toBe(400);
    }
    const after = await tableDigests();
    expect(Object.keys(before).filter((table) => before[table] !== after[table])).toEqual([]);
  }, 300_000);
});

// ------------------------------------------------ scheduled text-analytics jobs (issue 21, modules/ai-scheduled-jobs)
// A real job and configuration get every spoiled body; NUL, 2^31 ids and a wrong cron are refused by field.
describe('bad input on the AI scheduled job and AI system configuration routes', () => {
  it('answers every spoiled body with a 4xx, refuses NUL, 2^31 ids and bad crons by field, and changes no row', async () => {
    const { db } = t.database;
    const dataset = await readyDataset('Bad input job dataset');
    const [job] = await db
      .insert(aiScheduledJobs)
      .values({
        tenantId: f.tenantId,
        name: 'Bad input job',
        jobType: 'dataset',
        datasetId: dataset.id,
        cronText: '0 3 * * *',
      })
      .returning({ id: aiScheduledJobs.id });
    // Seeded for every tenant at start.
    const [configuration] = await db
      .select({ id: aiSystemConfigurations.id })
      .from(aiSystemConfigurations)
      .where(eq(aiSystemConfigurations.tenantId, f.tenantId))
      .limit(1);
    const before = await tableDigests();
    const targets: [string, string, z.ZodType][] = [
      ['POST', '/api/ai-scheduled-jobs', schemaOf('POST', '/api/ai-scheduled-jobs')],
      ['PUT', `/api/ai-scheduled-jobs/${job!.id}`, schemaOf('PUT', '/api/ai-scheduled-jobs/:id')],
      [
        'PUT',
        `/api/ai-system-configurations/${configuration!.id}`,
        schemaOf('PUT', '/api/ai-system-configurations/:id'),
      ],
    ];
    expect(await send(probesOf(targets))).toEqual([]);
    const valid = { Name: 'Job', Type: 'dataset', DatasetId: dataset.id, CronText: '0 3 * * *' };
    const refusals: [string, string, Record<string, unknown>, string][] = [
      ['PUT', `/api/ai-scheduled-jobs/${job!.id}`, { ...valid, Name: 'a\u0000b' }, 'body/Name'],
      ['POST', '/api/ai-scheduled-jobs', { ...valid, DatasetId: BIG }, 'body/DatasetId'],
      ['POST', '/api/ai-scheduled-jobs', { ...valid, CronText: '61 * * * *' }, 'body/CronText'],
      ['PUT', `/api/ai-system-configurations/${configuration!.id}`, { Value: '1\u00002' }, 'body/Value'],
    ];
    for (const [method, url, body, path] of refusals) {
      const refused = await t.call(method as 'POST', url, { token: admin, body });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ Code: ErrorCode.ModelNotValid, Details: [{ Path: path }] });
    }
    for (const url of [`/api/ai-scheduled-jobs/${BIG}/run`, `/api/ai-scheduled-jobs/${BIG}/pause`]) {
      const refused = await t.call('POST', url, { token: admin });
      expect(refused.statusCode, url).toBe(400);
    }
    const after = await tableDigests();
    expect(Object.keys(before).filter((table) => before[table] !== after[table])).toEqual([]);
  }, 300_000);
});

// Sentiment models (issue 21 item 3, modules/ai-sentiment-models): a real, trained model gets every spoiled body
// of its create, replace, train and try; NUL and 2^31 ids are refused by field.
describe('bad input on the sentiment model routes', () => {
  it('answers every spoiled body with a 4xx, refuses NUL and 2^31 ids by field, and changes no row', async () => {
    const { db } = t.database;
    const [model] = await db
      .insert(aiSentimentModels)
      .values({ tenantId: f.tenantId, name: 'Bad input sentiment model', language: 'en', status: 'New' })
      .returning({ id: aiSentimentModels.id });
    const id = model!.id;
    const before = await tableDigests();
    const targets: [string, string, z.ZodType][] = [
      ['POST', '/api/ai-sentiment-models', schemaOf('POST', '/api/ai-sentiment-models')],
      ['PUT', `/api/ai-sentiment-models/${id}`, schemaOf('PUT', '/api/ai-sentiment-models/:id')],
      ['POST', `/api/ai-sentiment-models/${id}/try`, schemaOf('POST', '/api/ai-sentiment-models/:id/try')],
    ];
    expect(await send(probesOf(targets))).toEqual([]);
    const refusals: [string, string, Record<string, unknown>, string][] = [
      [
        'PUT',
        `/api/ai-sentiment-models/${id}`,
        { Name: 'a\u0000b', Language: 'en', AnnotationWorkId: 1 },
        'body/Name',
      ],
      [
        'POST',
        '/api/ai-sentiment-models',
        { Name: 'Big', Language: 'en', AnnotationWorkId: BIG },
        'body/AnnotationWorkId',
      ],
      ['POST', `/api/ai-sentiment-models/${id}/try`, { Text: 'a\u0000b', Language: 'en' }, 'body/Text'],
      ['POST', `/api/ai-sentiment-models/${id}/train`, { FromScratch: 'yes' }, 'body/FromScratch'],
    ];
    for (const [method, url, body, path] of refusals) {
      const refused = await t.call(method as 'POST', url, { token: admin, body });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ Code: ErrorCode.ModelNotValid, Details: [{ Path: path }] });
    }
    const after = await tableDigests();
    expect(Object.keys(before).filter((table) => before[table] !== after[table])).toEqual([]);
  }, 300_000);
});

describe('bad input on the custom data names', () => {
  it('answers every spoiled body with a 4xx, refuses NUL, blanks and repeats by field in the caller language, and changes no row', async () => {
    const url = '/api/custom-data-mappings';
    const valid = Object.fromEntries(CUSTOM_DATA_KEYS.map((key, index) => [key, `Slot ${index + 1}`]));
    const saved = await t.call('PUT', url, { token: admin, body: valid });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = await tableDigests();
    const schema = (
      routes().find((route) => route.method === 'PUT' && route.url === url)!.options.schema as {
        body: z.ZodType;
      }
    ).body;
    const probes: Probe[] = spoiledBodies(schema).map(([what, payload]) => ({
      name: `PUT ${url}: ${what}`,
      method: 'PUT',
      url,
      payload,
    }));
    expect(await send(probes)).toEqual([]);
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ CustomData2: 'a\u0000b' }, 'body/CustomData2', 'Kontrol karakteri içeremez'],
      [{ CustomData3: '' }, 'body/CustomData3', 'Bu alan zorunludur'],
      [{ CustomData4: 'y'.repeat(101) }, 'body/CustomData4', 'En fazla 100 karakter girilebilir'],
      [{ CustomData9: ' slot 1 ' }, 'body/CustomData9', 'Bu değer zaten var'],
    ];
    for (const [change, path, message] of refusals) {
      const response = await t.call('PUT', url, {
        token: admin,
        body: { ...valid, ...change },
        headers: { language: 'tr' },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        Code: ErrorCode.ModelNotValid,
        Message: 'İstek geçerli değil.',
        Details: [{ Path: path, Message: message }],
      });
    }
    const after = await tableDigests();
    expect(Object.keys(before).filter((table) => before[table] !== after[table])).toEqual([]);
  }, 300_000);
});

// Integrations (issue 22, modules/integrations): a real source, workflow and delivery get every spoiled body of
// their writes and of the replays; NUL, 2^31 ids, a bad URL and a bad date are refused by field.
describe('bad input on the integration routes', () => {
  it('answers every spoiled body with a 4xx, refuses NUL, 2^31 ids, bad URLs and dates by field, and changes no row', async () => {
    const { db } = t.database;
    const [source] = await db
      .insert(integrationSources)
      .values({
        tenantId: f.tenantId,
        name: 'Bad input source',
        kind: 'webhook',
        url: 'https://hooks.example.test/bad-input',
        secretSealed: 'v1.sealed',
      })
      .returning({ id: integrationSources.id });
    const [workflow] = await db
      .insert(integrationWorkflows)
      .values({
        tenantId: f.tenantId,
        sourceId: source!.id,
        name: 'Bad input workflow',
        isActive: false,
        event: 'import.processed',
        action: 'webhook.post',
      })
      .returning({ id: integrationWorkflows.id });
    const [delivery] = await db
      .insert(integrationDeliveries)
      .values({
        tenantId: f.tenantId,
        outboxId: 1,
        workflowId: workflow!.id,
        workflowName: 'Bad input workflow',
        sourceId: source!.id,
        sourceName: 'Bad input source',
        event: 'import.processed',
        action: 'webhook.post',
        status: 'pending',
        idempotencyKey: 'bad-input-delivery',
        occurredAt: new Date(),
      })
      .returning({ id: integrationDeliveries.id });
    const before = await tableDigests();
    const targets: [string, string, z.ZodType][] = [
      ['POST', '/api/integration-sources', schemaOf('POST', '/api/integration-sources')],
      ['PUT', `/api/integration-sources/${source!.id}`, schemaOf('PUT', '/api/integration-sources/:id')],
      ['POST', '/api/integration-workflows', schemaOf('POST', '/api/integration-workflows')],
      [
        'PUT',
        `/api/integration-workflows/${workflow!.id}`,
        schemaOf('PUT', '/api/integration-workflows/:id'),
      ],
      ['POST', '/api/integration-deliveries/replay', schemaOf('POST', '/api/integration-deliveries/replay')],
    ];
    expect(await send(probesOf(targets))).toEqual([]);
    const validSource = { Name: 'Hook', Type: 'webhook', Url: 'https://hooks.example.test/x', Secret: 's' };
    const validWorkflow = {
      Name: 'Flow',
      SourceId: source!.id,
      Event: 'import.processed',
      Action: 'webhook.post',
      Mapping: [{ ActionField: 'Name', EventField: 'Name' }],
    };
    const refusals: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/api/integration-sources', { ...validSource, Name: 'a\u0000b' }, 'body/Name'],
      [
        'PUT',
        `/api/integration-sources/${source!.id}`,
        { ...validSource, Secret: 'a\u0000b' },
        'body/Secret',
      ],
      ['POST', '/api/integration-sources', { ...validSource, Url: 'javascript:alert(1)' }, 'body/Url'],
      ['POST', '/api/integration-workflows', { ...validWorkflow, SourceId: BIG }, 'body/SourceId'],
      [
        'PUT',
        `/api/integration-workflows/${workflow!.id}`,
        { ...validWorkflow, Mapping: [{ ActionField: 'a\u0000b', Constant: 'x' }] },
        'body/Mapping/0/ActionField',
      ],
      [
        'POST',
        '/api/integration-deliveries/replay',
        { From: 'yesterday', To: '2026-01-01T00:00:00Z' },
        'body/From',
      ],
      [
        'POST',
        '/api/integration-deliveries/replay',
        { From: '2026-01-01T00:00:00Z', To: '2026-01-02T00:00:00Z', WorkflowId: BIG },
        'body/WorkflowId',
      ],
    ];
    for (const [method, url, body, path] of refusals) {
      const refused = await t.call(method as 'POST', url, { token: admin, body });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ Code: ErrorCode.ModelNotValid, Details: [{ Path: path }] });
    }
    // A pending delivery is being sent: its replay is refused, and the id 2^31 is no id.
    const pending = await t.call('POST', `/api/integration-deliveries/${delivery!.id}/replay`, {
      token: admin,
    });
    expect(pending.statusCode, pending.body).toBe(409);
    const big = await t.call('POST', `/api/integration-deliveries/${BIG}/replay`, { token: admin });
    expect(big.statusCode, big.body).toBe(400);
    const after = await tableDigests();
    expect(Object.keys(before).filter((table) => before[table] !== after[table])).toEqual([]);
  }, 300_000);
});

// Review sources (issue 22 item 1, modules/review-sources): every spoiled body of the writes, NUL, 2^31 ids, a
// bad URL, a limit of zero; a run of the id 2^31 is no id. No row changes.
describe('bad input on the review source routes', () => {
  it('answers every spoiled body with a 4xx, refuses NUL, 2^31 ids, bad URLs and a zero limit by field, and changes no row', async () => {
    const { db } = t.database;
    const [survey] = await db
      .insert(surveys)
      .values({ tenantId: f.tenantId, title: 'Bad input reviews', type: 4 })
      .returning({ id: surveys.id });
    const [source] = await db
      .insert(reviewSources)
      .values({
        tenantId: f.tenantId,
        name: 'Bad input reviews',
        resourceName: 'Google',
        reviewUrl: 'https://reviews.example.test/bad-input',
        resultLimit: 5,
        frequency: 2,
        surveyId: survey!.id,
        isActive: false,
      })
      .returning({ id: reviewSources.id });
    const before = await tableDigests();
    const targets: [string, string, z.ZodType][] = [
      ['POST', '/api/review-sources', schemaOf('POST', '/api/review-sources')],
      ['PUT', `/api/review-sources/${source!.id}`, schemaOf('PUT', '/api/review-sources/:id')],
    ];
    expect(await send(probesOf(targets))).toEqual([]);
    const valid = {
      Name: 'Reviews',
      ResourceName: 'Google',
      ReviewUrl: 'https://reviews.example.test/other',
      ResultLimit: 10,
      Frequency: 2,
      SurveyId: survey!.id,
    };
    const refusals: [string, string, Record<string, unknown>, string, number][] = [
      ['POST', '/api/review-sources', { ...valid, Name: 'a\u0000b' }, 'body/Name', ErrorCode.ModelNotValid],
      [
        'PUT',
        `/api/review-sources/${source!.id}`,
        { ...valid, PlaceId: 'a\u0000b' },
        'body/PlaceId',
        ErrorCode.ModelNotValid,
      ],
      [
        'POST',
        '/api/review-sources',
        { ...valid, ReviewUrl: 'javascript:alert(1)' },
        'body/ReviewUrl',
        ErrorCode.ModelNotValid,
      ],
      ['POST', '/api/review-sources', { ...valid, SurveyId: BIG }, 'body/SurveyId', ErrorCode.ModelNotValid],
      [
        'POST',
        '/api/review-sources',
        { ...valid, ResultLimit: BIG },
        'body/ResultLimit',
        ErrorCode.ModelNotValid,
      ],
      [
        'POST',
        '/api/review-sources',
        { ...valid, ResultLimit: 0 },
        'body/ResultLimit',
        ErrorCode.ReviewSourceResultLimitInvalid,
      ],
      [
        'PUT',
        `/api/review-sources/${source!.id}`,
        { ...valid, ResultLimit: -1 },
        'body/ResultLimit',
        ErrorCode.ReviewSourceResultLimitInvalid,
      ],
    ];
    for (const [method, url, body, path, code] of refusals) {
      const refused = await t.call(method as 'POST', url, { token: admin, body });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ Code: code, Details: [{ Path: path }] });
    }
    const big = await t.call('POST', `/api/review-sources/${BIG}/run`, { token: admin });
    expect(big.statusCode, big.body).toBe(400);
    const after = await tableDigests();
    expect(Object.keys(before).filter((table) => before[table] !== after[table])).toEqual([]);
  }, 300_000);
});

// Translations (issue 23 item 1, modules/translations): a stored override gets every spoiled save and import;
// NUL, a text past 2000 characters, a language outside the 12, an unknown key and a non-text leaf are refused.
describe('bad input on the translation routes', () => {
  it('answers every spoiled body with a 4xx, refuses bad texts, languages and keys by code, and changes no row', async () => {
    const stored = await t.call('PUT', '/api/translations', {
      token: admin,
      body: { Items: [{ Language: 'en', Namespace: 'shell', Key: 'screens.overview', Value: 'Home' }] },
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const before = await tableDigests();
    const targets: [string, string, z.ZodType][] = [
      ['PUT', '/api/translations', schemaOf('PUT', '/api/translations')],
      ['POST', '/api/translations/import', schemaOf('POST', '/api/translations/import')],
    ];
    expect(await send(probesOf(targets))).toEqual([]);
    const item = { Language: 'en', Namespace: 'shell', Key: 'screens.overview' };
    const refusals: [string, string, Record<string, unknown>, ErrorCode, string][] = [
      [
        'PUT',
        '/api/translations',
        { Items: [{ ...item, Value: 'a\u0000b' }] },
        ErrorCode.ModelNotValid,
        'body/Items/0/Value',
      ],
      [
        'PUT',
        '/api/translations',
        { Items: [{ ...item, Value: 'x'.repeat(2001) }] },
        ErrorCode.ModelNotValid,
        'body/Items/0/Value',
      ],
      [
        'PUT',
        '/api/translations',
        { Items: [{ ...item, Language: 'xx', Value: 'x' }] },
        ErrorCode.ModelNotValid,
        'body/Items/0/Language',
      ],
      [
        'PUT',
        '/api/translations',
        { Items: [{ ...item, Key: 'screens.none', Value: 'x' }] },
        ErrorCode.TranslationKeyUnknown,
        'body/Items/0/Key',
      ],
      [
        'POST',
        '/api/translations/import',
        { Language: 'en', Translations: { shell: { screens: { overview: 'a\u0000b' } } } },
        ErrorCode.ModelNotValid,
        'body/Translations/shell/screens/overview',
      ],
      [
        'POST',
        '/api/translations/import',
        { Language: 'en', Translations: { shell: { screens: { overview: [1] } } } },
        ErrorCode.TranslationImportInvalid,
        'body/Translations/shell/screens/overview',
      ],
      [
        'POST',
        '/api/translations/import',
        { Language: 'zz', Translations: {} },
        ErrorCode.ModelNotValid,
        'body/Language',
      ],
    ];
    for (const [method, url, body, code, path] of refusals) {
      const refused = await t.call(method as 'POST', url, { token: admin, body });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ Code: code, Details: [{ Path: path }] });
    }
    const many = Object.fromEntries(Array.from({ length: 10_001 }, (_, index) => [`k${index}`, 'x']));
    const tooMany = await t.call('POST', '/api/translations/import', {
      token: admin,
      body: { Language: 'en', Translations: many },
    });
    expect(tooMany.json()).toMatchObject({ Code: ErrorCode.TranslationImportInvalid });
    const after = await tableDigests();
    expect(Object.keys(before).filter((table) => before[table] !== after[table])).toEqual([]);
  }, 300_000);
});

// Email report notifications (issue 23 item 2, modules/email-reports): a stored notification gets every spoiled
// save; NUL, a subject past 200 characters, 2^31 ids, a six-field cron and both recipients are refused by field.
describe('bad input on the email report routes', () => {
  it('answers every spoiled body with a 4xx, refuses NUL, 2^31 ids, bad crons and two recipients, and changes no row', async () => {
    const { db } = t.database;
    const [report] = await db
      .insert(reports)
      .values({ tenantId: f.tenantId, title: 'Bad input email pack' })
      .returning({ id: reports.id });
    const [adminRow] = await db.select({ id: users.id }).from(users).where(eq(users.userName, 'admin'));
    const [stored] = await db
      .insert(emailReports)
      .values({
        tenantId: f.tenantId,
        reportId: report!.id,
        userId: adminRow!.id,
        subject: 'Pack',
        isActive: false,
      })
      .returning({ id: emailReports.id });
    const record = `/api/email-report-notifications/${stored!.id}`;
    const before = await tableDigests();
    const targets: [string, string, z.ZodType][] = [
      ['POST', '/api/email-report-notifications', schemaOf('POST', '/api/email-report-notifications')],
      ['PUT', record, schemaOf('PUT', '/api/email-report-notifications/:id')],
    ];
    expect(await send(probesOf(targets))).toEqual([]);
    const valid = { ReportId: report!.id, UserId: adminRow!.id, Subject: 'Pack', IsActive: false };
    const refusals: [string, string, Record<string, unknown>, string, number][] = [
      [
        'POST',
        '/api/email-report-notifications',
        { ...valid, Subject: 'a\u0000b' },
        'body/Subject',
        ErrorCode.ModelNotValid,
      ],
      ['PUT', record, { ...valid, Body: 'a\u0000b' }, 'body/Body', ErrorCode.ModelNotValid],
      ['PUT', record, { ...valid, Subject: 'x'.repeat(201) }, 'body/Subject', ErrorCode.ModelNotValid],
      [
        'POST',
        '/api/email-report-notifications',
        { ...valid, ReportId: BIG },
        'body/ReportId',
        ErrorCode.ModelNotValid,
      ],
      ['PUT', record, { ...valid, SurveyId: BIG }, 'body/SurveyId', ErrorCode.ModelNotValid],
      [
        'PUT',
        record,
        { ...valid, CronExpression: '0 0 * * * *' },
        'body/CronExpression',
        ErrorCode.ModelNotValid,
      ],
      ['PUT', record, { ...valid, RoleId: 1 }, 'body/UserId', ErrorCode.EmailReportRecipient],
    ];
    for (const [method, url, body, path, code] of refusals) {
      const refused = await t.call(method as 'POST', url, { token: admin, body });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ Code: code, Details: [{ Path: path }] });
    }
    for (const url of [
      `/api/email-report-notifications/${BIG}`,
      `/api/email-report-notifications/${BIG}/send`,
    ]) {
      const big = await t.call(url.endsWith('send') ? 'POST' : 'PUT', url, {
        token: admin,
        body: url.endsWith('send') ? {} : valid,
      });
      expect(big.statusCode, big.body).toBe(400);
    }
    const after = await tableDigests();
    expect(Object.keys(before).filter((table) => before[table] !== after[table])).toEqual([]);
  }, 300_000);
});

// CATI (issue 22 items 7–8, modules/cati): with a customer waiting, every spoiled body of taking a call, then of
// ending the caller's open call, and of a campaign's settings is refused; NUL, 2^31 ids, a bad time and an
// out-of-range priority are refused by field, and no row changes.
describe('bad input on the CATI routes', () => {
  it('answers every spoiled body with a 4xx, refuses NUL, 2^31 ids, bad times and bounds by field, and changes no row', async () => {
    const { db } = t.database;
    const [survey] = await db
      .insert(surveys)
      .values({ tenantId: f.tenantId, title: 'Bad input CATI', language: 'en', channels: [9] })
      .returning({ id: surveys.id });
    await db.insert(surveyFlows).values({ tenantId: f.tenantId, surveyId: survey!.id, name: 'Main' });
    const invitation = async () => {
      const [invitee] = await db
        .insert(invitees)
        .values({
          tenantId: f.tenantId,
          surveyId: survey!.id,
          msisdn: '905550001122',
          transactionDate: new Date(),
        })
        .returning({ id: invitees.id });
      const [row] = await db
        .insert(invitations)
        .values({
          tenantId: f.tenantId,
          inviteeId: invitee!.id,
          surveyId: survey!.id,
          channel: 9,
          token: randomUUID(),
          invitedAt: new Date(),
        })
        .returning({ id: invitations.id });
      return row!.id;
    };
    await invitation();
    const refuse = async (refusals: [string, string, Record<string, unknown>, string][]) => {
      for (const [method, url, body, path] of refusals) {
        const refused = await t.call(method as 'POST', url, { token: admin, body });
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json()).toMatchObject({ Code: ErrorCode.ModelNotValid, Details: [{ Path: path }] });
      }
    };

    // Nobody on a call: a spoiled body that passed would take the waiting customer.
    let before = await tableDigests();
    const campaign = `/api/cati/campaigns/${survey!.id}`;
    expect(
      await send(
        probesOf([
          ['POST', '/api/cati/calls', schemaOf('POST', '/api/cati/calls')],
          ['PUT', campaign, schemaOf('PUT', '/api/cati/campaigns/:surveyId')],
        ]),
      ),
    ).toEqual([]);
    const validCampaign = {
      Priority: 5,
      DailyQuota: 0,
      MaxAttempts: 5,
      NoAnswerRetryMinutes: 60,
      BusyRetryMinutes: 10,
    };
    await refuse([
      ['POST', '/api/cati/calls', { InvitationId: BIG }, 'body/InvitationId'],
      ['PUT', campaign, { ...validCampaign, Priority: 11 }, 'body/Priority'],
      ['PUT', campaign, { ...validCampaign, ScriptNotes: 'a\u0000b' }, 'body/ScriptNotes'],
    ]);
    const bigCampaign = await t.call('PUT', `/api/cati/campaigns/${BIG}`, {
      token: admin,
      body: validCampaign,
    });
    expect(bigCampaign.statusCode, bigCampaign.body).toBe(400);
    let after = await tableDigests();
    expect(Object.keys(before).filter((table) => before[table] !== after[table])).toEqual([]);

    // The caller's open call: a spoiled body that passed would end it.
    const [adminRow] = await db.select().from(users).where(eq(users.userName, 'admin'));
    const [call] = await db
      .insert(catiCalls)
      .values({
        tenantId: f.tenantId,
        invitationId: await invitation(),
        surveyId: survey!.id,
        agentUserId: adminRow!.id,
      })
      .returning({ id: catiCalls.id });
    const outcome = `/api/cati/calls/${call!.id}/outcome`;
    before = await tableDigests();
    expect(
      await send(probesOf([['POST', outcome, schemaOf('POST', '/api/cati/calls/:id/outcome')]])),
    ).toEqual([]);
    await refuse([
      ['POST', outcome, { Outcome: 3, Note: 'a\u0000b' }, 'body/Note'],
      ['POST', outcome, { Outcome: 2, CallbackAt: 'tomorrow' }, 'body/CallbackAt'],
      ['POST', outcome, { Outcome: 6, RefusalReason: 'a\u0000b' }, 'body/RefusalReason'],
    ]);
    const past = await t.call('POST', outcome, {
      token: admin,
      body: { Outcome: 2, CallbackAt: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(past.json()).toMatchObject({ Code: ErrorCode.CatiCallbackTime });
    const bigCall = await t.call('POST', `/api/cati/calls/${BIG}/outcome`, {
      token: admin,
      body: { Outcome: 3 },
    });
    expect(bigCall.statusCode, bigCall.body).toBe(400);
    after = await tableDigests();
    expect(Object.keys(before).filter((table) => before[table] !== after[table])).toEqual([]);
  }, 300_000);
});
