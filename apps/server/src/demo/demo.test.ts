import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FILTER_FIELDS,
  displayLogicSchema,
  quotaSaveSchema,
  surveyAudienceSchema,
  surveyChannelSchema,
} from '@loupe/contracts';
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
    // Two databases of about 6,400 invitations each: a busy machine needs more than the default minute.
  }, 180_000);

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
    // Not every invitee answers: each answered session comes with one to three invitations nobody answered.
    const invitees = await count(first, 'SELECT count(*) AS n FROM invitees WHERE tenant_id = $1', [T]);
    expect(invitees).toBeGreaterThan(RESPONSES * 2.85);
    expect(invitees).toBeLessThan(RESPONSES * 3.15);
    expect(await count(first, 'SELECT count(*) AS n FROM invitations WHERE tenant_id = $1', [T])).toBe(
      invitees,
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

  it('walks every invitation down the funnel: invited ≥ sent ≥ delivered ≥ opened ≥ started ≥ completed', async () => {
    const rows = await first.database.raw<Record<string, number | string>>(
      `SELECT v.survey_id, count(*) AS invited, count(v.sent_at) AS sent, count(v.delivered_at) AS delivered,
              count(v.opened_at) AS opened, count(s.id) AS started, count(s.id) FILTER (WHERE s.completion = 1) AS completed,
              count(*) FILTER (WHERE s.id IS NOT NULL AND v.opened_at IS NULL) AS started_unopened,
              count(*) FILTER (WHERE v.started_at IS DISTINCT FROM s.created_at
                OR v.completed_at IS DISTINCT FROM (CASE WHEN s.completion = 1 THEN s.answered_at END)) AS path_unlike_session,
              count(*) FILTER (WHERE NOT (v.sent_at >= v.invited_at AND v.delivered_at >= v.sent_at
                AND v.opened_at >= v.delivered_at AND v.opened_at <= coalesce(s.created_at, now()))) AS out_of_order
       FROM invitations v LEFT JOIN sessions s ON s.invitation_id = v.id
       WHERE v.tenant_id = $1 GROUP BY v.survey_id ORDER BY v.survey_id`,
      [first.tenantId],
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const [invited, sent, delivered, opened, started, completed] = [
        'invited',
        'sent',
        'delivered',
        'opened',
        'started',
        'completed',
      ].map((key) => Number(row[key]));
      expect([invited, sent, delivered, opened, started, completed]).toEqual(
        [invited, sent, delivered, opened, started, completed].sort((a, b) => (b ?? 0) - (a ?? 0)),
      );
      // Around a third of the invitees answer; an invitation that led to a session was opened.
      expect(started! / invited!).toBeGreaterThan(0.25);
      expect(started! / invited!).toBeLessThan(0.38);
      expect(Number(row.started_unopened)).toBe(0);
      expect(Number(row.out_of_order)).toBe(0);
      // The invitation's own started and completed times are its session's, as the respondent page writes them.
      expect(Number(row.path_unlike_session)).toBe(0);
    }
    // E-mail: ~97 % delivered, ~45 % opened; SMS: ~99 % and ~60 %.
    const rates = await first.database.raw<{ channel: number; delivered: number; opened: number }>(
      `SELECT channel, avg((delivered_at IS NOT NULL)::int)::float AS delivered, avg((opened_at IS NOT NULL)::int)::float AS opened
       FROM invitations WHERE tenant_id = $1 AND channel IN (1, 2) GROUP BY channel ORDER BY channel`,
      [first.tenantId],
    );
    expect(rates.map((r) => r.channel)).toEqual([1, 2]);
    const [emailRates, smsRates] = rates;
    expect(emailRates!.delivered).toBeCloseTo(0.97, 1);
    expect(emailRates!.opened).toBeGreaterThan(0.39);
    expect(emailRates!.opened).toBeLessThan(0.51);
    expect(smsRates!.delivered).toBeCloseTo(0.99, 1);
    expect(smsRates!.opened).toBeGreaterThan(0.54);
    expect(smsRates!.opened).toBeLessThan(0.66);
  });

  it('saves the three answered surveys through all six wizard steps, in the shapes the wizard reads', async () => {
    const rows = await first.database.raw<Record<string, unknown>>(
      `SELECT id, integration_code, is_active, wizard_step, language, execution_title, opening_message, closing_message,
              redirect_url, audience, channels, primary_channel, channel_settings, max_invitations_per_interval,
              interval_minutes
       FROM surveys WHERE tenant_id = $1 AND integration_code IN ('BRANCH', 'DIGITAL', 'LOAN') ORDER BY id`,
      [first.tenantId],
    );
    expect(rows.map((r) => r.integration_code)).toEqual(['BRANCH', 'DIGITAL', 'LOAN']);
    for (const row of rows) {
      expect(row).toMatchObject({ is_active: true, wizard_step: 6, language: 'tr' });
      expect(row.execution_title).toBeTruthy();
      expect(row.opening_message).toContain('{{FullName}}');
      expect(row.closing_message).toContain('{{FullName}}');
      const channel = surveyChannelSchema.parse({
        Channels: row.channels,
        PrimaryChannel: row.primary_channel,
        ...(row.channel_settings as object),
      });
      expect(channel.Channels).toContain(channel.PrimaryChannel);
      expect(channel.Templates.map((t) => t.Channel).sort()).toEqual([...channel.Channels].sort());
      expect(channel.Templates.find((t) => t.Channel === 1)?.Subject).toBeTruthy();
      expect(channel.ExpiryDays).toBe(7);
      const audience = surveyAudienceSchema.parse(row.audience);
      expect(audience.Conditions.length).toBeGreaterThan(0);
      for (const condition of audience.Conditions) expect(FILTER_FIELDS).toHaveProperty(condition.Property);

      const quotas = await first.database.raw<Record<string, unknown>>(
        `SELECT q.name, q.limit_type, q."limit", q.question_id, q.conditions, q.refresh_cron, q.presentation_frequency,
                x.survey_id AS question_survey_id
         FROM survey_quotas q LEFT JOIN questions x ON x.id = q.question_id WHERE q.survey_id = $1`,
        [row.id],
      );
      expect(quotas.length).toBeGreaterThan(0);
      for (const quota of quotas) {
        quotaSaveSchema.parse({
          Name: quota.name,
          LimitType: quota.limit_type,
          Limit: quota.limit,
          QuestionId: quota.question_id,
          Conditions: quota.conditions,
          RefreshCron: quota.refresh_cron,
          PresentationFrequency: quota.presentation_frequency,
        });
        expect(quota.refresh_cron).toBe('*/15 * * * *');
        if (quota.limit_type === 4) expect(quota.question_survey_id).toBe(row.id);
      }
    }
    expect(
      rows.filter((r) => r.max_invitations_per_interval !== null && r.interval_minutes !== null),
    ).toHaveLength(2);
    // Every quota limit type appears once at least.
    const limitTypes = await first.database.raw<{ limit_type: number }>(
      'SELECT DISTINCT limit_type FROM survey_quotas WHERE tenant_id = $1 ORDER BY 1',
      [first.tenantId],
    );
    expect(limitTypes.map((r) => r.limit_type)).toEqual([1, 2, 3, 4]);
    // The NPS question is each survey's measurement question and ends the first page.
    expect(
      await count(
        first,
        `SELECT count(*) AS n FROM questions WHERE tenant_id = $1 AND integration_code IN ('NPS', 'DIG_NPS', 'LOAN_NPS')
           AND is_measurement AND page_break_after`,
        [first.tenantId],
      ),
    ).toBe(3);
  });

  it('keeps a fourth survey as a draft at the flow step, with a display-logic rule and nobody invited', async () => {
    const draft = await one(
      first,
      `SELECT s.id, s.is_active, s.wizard_step, s.channels, count(DISTINCT f.id) AS flows
       FROM surveys s LEFT JOIN survey_flows f ON f.survey_id = s.id
       WHERE s.tenant_id = $1 AND s.integration_code = 'CARD_APP' GROUP BY s.id`,
      [first.tenantId],
    );
    expect(draft).toMatchObject({ is_active: false, wizard_step: 2, channels: [] });
    expect(Number(draft.flows)).toBe(1);
    for (const table of ['invitees', 'invitations', 'sessions', 'survey_quotas']) {
      expect(await count(first, `SELECT count(*) AS n FROM ${table} WHERE survey_id = $1`, [draft.id])).toBe(
        0,
      );
    }
    const questions = await first.database.raw<Record<string, unknown>>(
      'SELECT id, integration_code, position, page_break_after, display_logic FROM questions WHERE survey_id = $1 ORDER BY position',
      [draft.id],
    );
    expect(questions.map((q) => q.integration_code)).toEqual(['CARD_NPS', 'CARD_WHY']);
    const logic = displayLogicSchema.parse(questions[1]!.display_logic);
    expect(logic).toEqual({ QuestionId: questions[0]!.id, Values: [0, 1, 2, 3, 4, 5, 6] });
    expect(questions[0]!.page_break_after).toBe(true);
  });

  it('keeps unplaced library questions: NPS, five-point, a matrix group, rating stars and pictures', async () => {
    const rows = await first.database.raw<Record<string, unknown>>(
      `SELECT q.integration_code, q.type, q.choice_type, q.survey_id, q.flow_id,
              (SELECT count(*)::int FROM question_choices c WHERE c.question_id = q.id) AS choices,
              (SELECT count(*)::int FROM questions s WHERE s.parent_id = q.id AND s.survey_id IS NULL) AS subs,
              (SELECT count(*)::int FROM question_choices c WHERE c.question_id = q.id AND c.image_mime = 'image/png'
                 AND encode(substring(c.image FROM 1 FOR 8), 'hex') = '89504e470d0a1a0a') AS pngs
       FROM questions q WHERE q.tenant_id = $1 AND q.integration_code LIKE 'LIB\\_%' AND q.parent_id IS NULL
       ORDER BY q.id`,
      [first.tenantId],
    );
    const byCode = new Map(rows.map((r) => [r.integration_code, r]));
    expect(rows.every((r) => r.survey_id === null && r.flow_id === null)).toBe(true);
    expect(byCode.get('LIB_NPS')).toMatchObject({ type: 'MCSS', choices: 11 });
    expect(byCode.get('LIB_SATISFACTION')).toMatchObject({ type: 'MCSS', choices: 5 });
    expect(byCode.get('LIB_BRANCH_MATRIX')).toMatchObject({ type: 'MXSS', choices: 5, subs: 3 });
    expect(byCode.get('LIB_APP_STARS')).toMatchObject({ choice_type: 3, choices: 5 });
    expect(byCode.get('LIB_CARD_DESIGN')).toMatchObject({ choice_type: 4, choices: 3, pngs: 3 });
  });

  it("raises the two demo rules' alerts from the demo's own sessions, in several states, the same in another database", async () => {
    const figures = async (app: TestApp) =>
      app.database.raw<Row>(
        `SELECT r.title, count(a.id)::int AS n, count(DISTINCT a.status)::int AS states,
           count(a.id) FILTER (WHERE a.read_status = 0)::int AS unread,
           (SELECT count(*)::int FROM alert_comments c JOIN alerts x ON x.id = c.alert_id WHERE x.rule_id = r.id) AS comments,
           count(a.id) FILTER (WHERE a.session_id IS NULL)::int AS orphans
         FROM alert_rules r LEFT JOIN alerts a ON a.rule_id = r.id WHERE r.tenant_id = $1 GROUP BY r.id ORDER BY r.title`,
        [app.tenantId],
      );
    const rows = await figures(first);
    expect(rows.map((row) => row.title)).toEqual([
      'NPS detractor at a branch',
      'Negative comment about waiting time',
    ]);
    for (const row of rows) {
      expect(Number(row.n), String(row.title)).toBeGreaterThan(0);
      expect(Number(row.states)).toBeGreaterThan(2);
      expect(Number(row.orphans)).toBe(0);
    }
    expect(rows.reduce((sum, row) => sum + Number(row.comments), 0)).toBeGreaterThan(0);
    // Every NPS alert is a real detractor answer at the rule's branch.
    expect(
      await count(
        first,
        `SELECT count(*) AS n FROM alerts a JOIN alert_rules r ON r.id = a.rule_id
           JOIN answers x ON x.session_id = a.session_id AND x.question_id = a.question_id
         WHERE r.title = 'NPS detractor at a branch' AND (x.score > 6 OR a.channel_id <> ALL(r.channel_ids))`,
      ),
    ).toBe(0);
    expect(await figures(second)).toEqual(rows);
    // A second load leaves them as they are.
    await loadDemoData(first.database, { tenantId: first.tenantId, responses: RESPONSES });
    expect(await figures(first)).toEqual(rows);
  });

  it('gives the manager the survey scopes and the tenant two test users', async () => {
    const scopes = await one(
      first,
      `SELECT r.scopes FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id
       WHERE u.user_name = 'manager'`,
    );
    expect(scopes.scopes).toEqual(expect.arrayContaining(['survey:read', 'survey:manage']));
    const testers = await first.database.raw<Record<string, unknown>>(
      'SELECT email, msisdn FROM users WHERE tenant_id = $1 AND is_test_user AND is_active',
      [first.tenantId],
    );
    expect(testers).toHaveLength(2);
    expect(testers.every((t) => t.email && t.msisdn)).toBe(true);
  });

  it('gives each answered survey one or two touchpoint links on a branch, with the same guids in another database', async () => {
    const links = (app: TestApp) =>
      app.database.raw<Row>(
        `SELECT s.integration_code AS survey, l.guid, l.is_active, c.level
           FROM survey_links l JOIN surveys s ON s.id = l.survey_id
           JOIN transaction_channels c ON c.id = l.transaction_channel_id AND c.tenant_id = l.tenant_id
          WHERE l.tenant_id = $1 ORDER BY l.guid`,
        [app.tenantId],
      );
    const rows = await links(first);
    const perSurvey = new Map<unknown, number>();
    for (const row of rows) perSurvey.set(row.survey, (perSurvey.get(row.survey) ?? 0) + 1);
    expect(Object.fromEntries(perSurvey)).toEqual({ BRANCH: 2, DIGITAL: 1, LOAN: 1 });
    expect(rows.every((row) => row.is_active === true && row.level === 2)).toBe(true);
    expect((await links(second)).map((row) => row.guid)).toEqual(rows.map((row) => row.guid));
  });

  it("builds a Turkish and an English comments dataset, Ready, each counting its instances in the dataset's language", async () => {
    const T = first.tenantId;
    const datasets = await first.database.raw<Row>(
      `SELECT d.name, d.language, d.status, d.instance_count, d.built_at IS NOT NULL AS built,
              (SELECT count(*) FROM ai_dataset_instances i WHERE i.dataset_id = d.id) AS instances,
              (SELECT count(*) FROM ai_dataset_instances i WHERE i.dataset_id = d.id AND i.language <> d.language)
                AS other_language
         FROM ai_datasets d WHERE d.tenant_id = $1 AND d.name LIKE 'Demo comments (%' ORDER BY d.name`,
      [T],
    );
    expect(datasets.map((row) => [row.name, row.language, row.status, row.built])).toEqual([
      ['Demo comments (English)', 'en', 'Ready', true],
      ['Demo comments (Turkish)', 'tr', 'Ready', true],
    ]);
    for (const row of datasets) {
      expect(Number(row.instance_count)).toBeGreaterThan(0);
      expect(Number(row.instances)).toBe(Number(row.instance_count));
      expect(Number(row.other_language)).toBe(0);
    }
    // A second load of the same tenant adds none (the sentiment models' own datasets included).
    const all = 'SELECT count(*) AS n FROM ai_datasets WHERE tenant_id = $1';
    const before = await count(first, all, [T]);
    await loadDemoData(first.database, { tenantId: T, responses: RESPONSES });
    expect(await count(first, all, [T])).toBe(before);
  });
  it("fills the agent's CATI queue (callbacks due, numbers masked) and two agents' call history", async () => {
    const agent = (await first.signIn('agent')).access_token;
    const queue = await first.call('GET', '/api/cati/queue', { token: agent });
    expect(queue.statusCode, queue.body).toBe(200);
    const { Items, Count } = queue.json<{
      Items: { IsCallbackDue: boolean; IsMyCallback: boolean; InviteeFullName: string; Phone: string }[];
      Count: number;
    }>();
    expect(Count).toBeGreaterThanOrEqual(30);
    expect(Items.slice(0, 3).every((item) => item.IsCallbackDue && item.IsMyCallback)).toBe(true);
    expect(Items.every((item) => item.InviteeFullName === '***' && item.Phone === '***')).toBe(true);
    const admin = (await first.signIn('admin')).access_token;
    const from = new Date(Date.now() - 61 * 86_400_000).toISOString();
    const stats = await first.call(
      'GET',
      `/api/cati/statistics?From=${from}&To=${new Date().toISOString()}`,
      {
        token: admin,
      },
    );
    expect(stats.statusCode, stats.body).toBe(200);
    const { Agents, Totals } = stats.json<{
      Agents: { AgentName: string; Calls: number }[];
      Totals: {
        Completes: number;
        CallbacksDue: number;
        CallbacksKept: number;
        Outcomes: Record<string, number>;
      };
    }>();
    expect(Agents.map((row) => row.AgentName).sort()).toEqual(['Demo Admin', 'Ece Agent']);
    // Completed calls follow the load's answered CATI invitations of the last 60 days (few in this small load).
    expect(Totals.Completes).toBeGreaterThan(0);
    // The five callbacks due in the queue were set within the hour.
    expect(Totals.CallbacksDue).toBeGreaterThanOrEqual(5);
    expect(Totals.CallbacksKept).toBeLessThanOrEqual(Totals.CallbacksDue);
    expect(Totals.Outcomes.Refused).toBeGreaterThan(0);
  });
});
