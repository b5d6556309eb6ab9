import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { loadDemoData } from './demo-data.js';

const RESPONSES = 2_000;

type Row = Record<string, unknown>;

describe('demo data', () => {
  let first: TestApp;
  let second: TestApp;
  const progress: [number, number][] = [];

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestApp(), createTestApp()]);
    const result = await loadDemoData(first.database, {
      tenantId: first.tenantId,
      responses: RESPONSES,
      seed: 7,
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(result.sessions).toBe(RESPONSES);
    await loadDemoData(second.database, { tenantId: second.tenantId, responses: RESPONSES, seed: 7 });
  });

  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  const one = async (app: TestApp, text: string, params: unknown[] = []) => {
    const [row] = await app.database.raw<Row>(text, params);
    if (!row) throw new Error(`no row: ${text}`);
    return row;
  };
  const count = async (app: TestApp, text: string, params: unknown[] = []) =>
    Number((await one(app, text, params)).n);

  it('loads exactly the requested number of answered sessions, each with its invitee and invitation', async () => {
    const T = first.tenantId;
    expect(
      await count(
        first,
        'SELECT count(*) AS n FROM sessions WHERE tenant_id = $1 AND answered_at IS NOT NULL',
        [T],
      ),
    ).toBe(RESPONSES);
    expect(await count(first, 'SELECT count(*) AS n FROM invitees WHERE tenant_id = $1', [T])).toBe(
      RESPONSES,
    );
    expect(await count(first, 'SELECT count(*) AS n FROM invitations WHERE tenant_id = $1', [T])).toBe(
      RESPONSES,
    );
    expect(
      await count(
        first,
        `SELECT count(*) AS n FROM sessions s JOIN invitations v ON v.id = s.invitation_id JOIN invitees i ON i.id = s.invitee_id
         WHERE s.tenant_id = $1 AND v.invited_at >= i.transaction_date AND s.created_at >= v.invited_at
           AND s.answered_at > s.created_at AND s.answered_at <= now()
           AND i.transaction_channel_id IS NOT NULL AND i.product_id IS NOT NULL AND i.employee_id IS NOT NULL
           AND i.location_id IS NOT NULL AND cardinality(i.segment_ids) = 3`,
        [T],
      ),
    ).toBe(RESPONSES);
    // Sessions reach up to today, so "last 30 days" always has data.
    expect(
      await count(
        first,
        "SELECT count(*) AS n FROM sessions WHERE tenant_id = $1 AND answered_at > now() - interval '30 days'",
        [T],
      ),
    ).toBeGreaterThan(20);
    expect(progress.at(-1)).toEqual([RESPONSES, RESPONSES]);
  });

  it('leaves a tenant that has data alone unless asked to add more', async () => {
    const again = await loadDemoData(first.database, { tenantId: first.tenantId, responses: RESPONSES });
    expect(again.sessions).toBe(0);
    expect(
      await count(first, 'SELECT count(*) AS n FROM sessions WHERE tenant_id = $1', [first.tenantId]),
    ).toBe(RESPONSES);
  });

  it('names the NPS and comment questions NPS and COMMENT, and gives every question a unique code', async () => {
    const T = first.tenantId;
    const nps = await one(
      first,
      "SELECT experience_id, scale, type FROM questions WHERE tenant_id = $1 AND integration_code = 'NPS'",
      [T],
    );
    expect(nps).toMatchObject({ experience_id: 101, scale: 11, type: 'MCSS' });
    const comment = await one(
      first,
      "SELECT experience_id, type FROM questions WHERE tenant_id = $1 AND integration_code = 'COMMENT'",
      [T],
    );
    expect(comment).toMatchObject({ experience_id: 601, type: 'OETX' });
    expect(
      await count(
        first,
        'SELECT count(*) AS n FROM questions WHERE tenant_id = $1 AND integration_code IS NULL',
        [T],
      ),
    ).toBe(0);
    // A custom metric (measurement type 1) and an average score (type 2) on a 5-point scale.
    const kinds = await first.database.raw<Row>(
      `SELECT DISTINCT e.measurement_type, q.scale FROM questions q JOIN experiences e ON e.id = q.experience_id
       WHERE q.tenant_id = $1 ORDER BY 1, 2`,
      [T],
    );
    expect(kinds).toEqual(
      expect.arrayContaining([
        { measurement_type: 0, scale: 11 },
        { measurement_type: 1, scale: 5 },
        { measurement_type: 2, scale: 5 },
      ]),
    );
    expect(
      await count(first, 'SELECT count(*) AS n FROM surveys WHERE tenant_id = $1', [T]),
    ).toBeGreaterThanOrEqual(3);
  });

  it('builds the catalogue: ~200 branches under regions, ~30 products, three countries, ~2,000 employees, all with codes', async () => {
    const T = first.tenantId;
    const branches = await count(
      first,
      'SELECT count(*) AS n FROM transaction_channels WHERE tenant_id = $1 AND level = 2',
      [T],
    );
    expect(branches).toBeGreaterThanOrEqual(190);
    expect(branches).toBeLessThanOrEqual(210);
    expect(
      await count(
        first,
        `SELECT count(*) AS n FROM transaction_channels b JOIN transaction_channels r ON r.id = b.parent_id
         WHERE b.tenant_id = $1 AND b.level = 2 AND r.level = 1 AND b.path = ARRAY[r.id, b.id]`,
        [T],
      ),
    ).toBe(branches);
    const products = await count(first, 'SELECT count(*) AS n FROM products WHERE tenant_id = $1', [T]);
    expect(products).toBeGreaterThanOrEqual(25);
    expect(products).toBeLessThanOrEqual(35);
    const countries = await first.database.raw<{ code: string }>(
      'SELECT code FROM locations WHERE tenant_id = $1 AND level = 1 ORDER BY code',
      [T],
    );
    expect(countries.map((c) => c.code)).toEqual(['IN', 'TR', 'US']);
    const istanbul = await one(
      first,
      "SELECT name, map_code, level FROM locations WHERE tenant_id = $1 AND code = 'TR-34'",
      [T],
    );
    expect(istanbul).toEqual({ name: 'İstanbul', map_code: 'TR-34', level: 3 });
    const employees = await count(first, 'SELECT count(*) AS n FROM employees WHERE tenant_id = $1', [T]);
    expect(employees).toBeGreaterThanOrEqual(1_800);
    expect(employees).toBeLessThanOrEqual(2_200);
    for (const table of [
      'transaction_channels',
      'products',
      'locations',
      'employees',
      'transaction_types',
      'segments',
    ]) {
      expect(
        await count(
          first,
          `SELECT count(*) AS n FROM ${table} WHERE tenant_id = $1 AND coalesce(code, '') = ''`,
          [T],
        ),
      ).toBe(0);
    }
    // Branches sit in all three countries.
    expect(
      await count(
        first,
        `SELECT count(DISTINCT l.path[1]) AS n FROM transaction_channels c JOIN locations l ON l.id = c.location_id
         WHERE c.tenant_id = $1`,
        [T],
      ),
    ).toBe(3);
  });

  it('writes comments whose sentiment agrees with the score', async () => {
    const rows = await first.database.raw<{ type: string; sentiment: number; n: number | string }>(
      `SELECT CASE WHEN a.score >= 9 THEN 'promoter' WHEN a.score <= 6 THEN 'detractor' ELSE 'passive' END AS type,
              t.sentiment_score AS sentiment, count(*) AS n
       FROM answers a JOIN questions q ON q.id = a.question_id AND q.experience_id = 101
       JOIN text_analyses t ON t.session_id = a.session_id
       WHERE a.tenant_id = $1 GROUP BY 1, 2`,
      [first.tenantId],
    );
    const share = (type: string, sentiment: number) => {
      const total = rows.filter((r) => r.type === type).reduce((sum, r) => sum + Number(r.n), 0);
      const matching = rows.find((r) => r.type === type && r.sentiment === sentiment);
      return Number(matching?.n ?? 0) / total;
    };
    expect(share('promoter', 4)).toBeGreaterThan(0.8);
    expect(share('detractor', 0)).toBeGreaterThan(0.8);
    const comments = await count(first, 'SELECT count(*) AS n FROM text_analyses WHERE tenant_id = $1', [
      first.tenantId,
    ]);
    expect(comments / RESPONSES).toBeGreaterThan(0.3);
    expect(comments / RESPONSES).toBeLessThan(0.55);
    // Both languages, each with the other as translation; topics and emotions labelled.
    const languages = await first.database.raw<{ language: string }>(
      `SELECT DISTINCT language FROM text_analyses WHERE tenant_id = $1 AND translated_text IS NOT NULL ORDER BY 1`,
      [first.tenantId],
    );
    expect(languages.map((l) => l.language)).toEqual(['en', 'tr']);
    expect(
      await count(
        first,
        `SELECT count(DISTINCT m.is_emotion_model) AS n FROM text_topics t JOIN topic_models m ON m.id = t.model_id
         WHERE t.tenant_id = $1`,
        [first.tenantId],
      ),
    ).toBe(2);
  });

  it('mentions topics with every sentiment, as the bubble chart counts them', async () => {
    const rows = await first.database.raw<{ sentiment: number; n: number | string }>(
      `SELECT t.sentiment_score AS sentiment, count(*) AS n FROM text_topics t
       JOIN topic_models m ON m.id = t.model_id AND NOT m.is_emotion_model
       WHERE t.tenant_id = $1 GROUP BY 1 ORDER BY 1`,
      [first.tenantId],
    );
    // Unclassified (-1), negative (0), neutral (2) and positive (4) mentions; praise and complaints the most.
    expect(rows.map((row) => row.sentiment)).toEqual([-1, 0, 2, 4]);
    const n = (sentiment: number) => Number(rows.find((row) => row.sentiment === sentiment)?.n ?? 0);
    expect(n(2)).toBeLessThan(n(0));
    expect(n(-1)).toBeLessThan(n(2));
  });

  it("writes each comment in its branch's language: Turkish in Türkiye, English in India and the US", async () => {
    const rows = await first.database.raw<{ country: string; language: string; n: number | string }>(
      `SELECT left(l.code, 2) AS country, ta.language, count(*) AS n
       FROM text_analyses ta JOIN sessions s ON s.id = ta.session_id JOIN invitees i ON i.id = s.invitee_id
       JOIN transaction_channels c ON c.id = i.transaction_channel_id JOIN locations l ON l.id = c.location_id
       WHERE ta.tenant_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
      [first.tenantId],
    );
    expect(rows.map((row) => `${row.country} ${row.language}`)).toEqual(['IN en', 'TR tr', 'US en']);
  });

  it('gives the same answers and comments for the same seed in another database', async () => {
    const fingerprint = (app: TestApp) =>
      one(
        app,
        `SELECT sum(score) AS scores, count(*) AS answers, md5(string_agg(coalesce(text, ''), '|' ORDER BY id)) AS texts
         FROM answers WHERE tenant_id = $1`,
        [app.tenantId],
      );
    const [a, b] = await Promise.all([fingerprint(first), fingerprint(second)]);
    expect(Number(a.answers)).toBeGreaterThan(RESPONSES * 3);
    expect(b).toEqual(a);
  });

  it('limits the scoped user to one region and one product', async () => {
    const scoped = await one(
      first,
      "SELECT transaction_channel_ids, product_ids FROM users WHERE tenant_id = $1 AND user_name = 'scoped'",
      [first.tenantId],
    );
    const channels = scoped.transaction_channel_ids as number[];
    const products = scoped.product_ids as number[];
    expect(channels).toHaveLength(1);
    expect(products).toHaveLength(1);
    expect(await one(first, 'SELECT level FROM transaction_channels WHERE id = $1', [channels[0]])).toEqual({
      level: 1,
    });
    expect(await one(first, 'SELECT level FROM products WHERE id = $1', [products[0]])).toEqual({ level: 2 });
    // The region has data to show.
    expect(
      await count(
        first,
        `SELECT count(*) AS n FROM invitees i JOIN transaction_channels c ON c.id = i.transaction_channel_id
         WHERE i.tenant_id = $1 AND $2 = ANY(c.path) AND i.product_id = $3`,
        [first.tenantId, channels[0], products[0]],
      ),
    ).toBeGreaterThan(0);
    const token = await first.signIn('scoped');
    expect(token.access_token).toBeTruthy();
  });
});
