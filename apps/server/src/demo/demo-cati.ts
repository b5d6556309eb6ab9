import { sql } from 'drizzle-orm';
import { CATI_DEFAULTS, CatiOutcome } from '@loupe/contracts';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows-of.js';
import { PERSON_NAMES } from './catalog.data.js';
import { Prng } from './prng.js';

/*
 * The Demo Bank's call centre (issue 22 items 7–8, docs/cati.md "Demo", docs/demo-data.md "CATI"): the `agent`
 * user's queue holds 48 open CATI invitations of the demo's CATI surveys (the loan survey), invited over the last
 * three days — a few with a callback due (promised by `agent` or by `admin`), a few already tried, a few with a
 * callback later today or tomorrow; the loan survey's campaign has script notes; the tenant's system rules get three
 * CATI refusal reasons when they have none; and the last 60 days hold the two agents' ended calls for the
 * statistics: the completed ones on the demo's answered CATI invitations (their sessions are the generator's), the
 * refused, wrong-number and given-up ones on invitations of their own. Seeded, relative to the load's moment, and
 * written once per tenant (a tenant with CATI calls is left alone).
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const SEED = 2222;
const OPEN_INVITATIONS = 48;
const HISTORY_DAYS = 60;
const COMPLETED_CALLS = 80;
const CLOSED_WITHOUT_COMPLETE = 36;

/** The reasons the refusal list offers when the tenant's system rules name none. */
const DEMO_CATI_REASONS = [
  { Reason: 'İlgilenmiyor', Days: 90 },
  { Reason: 'Zamanı yok', Days: 30 },
  { Reason: 'Bir daha aranmak istemiyor', Days: 0 },
] as const;

const SCRIPT_NOTES =
  'Kendinizi adınızla tanıtın ve görüşmenin 3 dakika süreceğini söyleyin.\n' +
  'Müşteri kredi kararından memnun değilse tartışmayın; yorumunu kelimesi kelimesine yazın.\n' +
  'Müşteri meşgulse uygun bir geri arama zamanı sorun.';

type Survey = { id: number; title: string };
/** A customer's facts copied from one of the survey's own invitees, so the new ones segment and filter like them. */
type Seed = {
  productId: number | null;
  channelId: number | null;
  locationId: number | null;
  transactionTypeId: number | null;
  employeeId: number | null;
  segmentIds: number[];
};

const iso = (ms: number) => new Date(ms).toISOString();

export async function ensureDemoCati(db: Db, tenantId: number, nowMs = Date.now()): Promise<number> {
  const [done] = await rowsOf<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM cati_calls WHERE tenant_id = ${tenantId}) AS found`,
  );
  if (done?.found) return 0;
  const agents = await rowsOf<{ id: number; user_name: string }>(
    db,
    sql`SELECT id, user_name FROM users WHERE tenant_id = ${tenantId} AND user_name IN ('agent', 'admin')
        ORDER BY user_name DESC`,
  );
  const agent = agents.find((row) => row.user_name === 'agent');
  const admin = agents.find((row) => row.user_name === 'admin');
  const surveys = await rowsOf<Survey>(
    db,
    sql`SELECT s.id, s.title FROM surveys s
        WHERE s.tenant_id = ${tenantId} AND 9 = ANY(s.channels) AND s.is_active AND s.wizard_step >= 6
          AND EXISTS (SELECT 1 FROM survey_flows f WHERE f.survey_id = s.id AND f.is_active)
        ORDER BY s.id`,
  );
  if (!agent || !admin || surveys.length === 0) return 0;
  const r = new Prng(SEED, tenantId);
  const agentIds = [agent.id, admin.id];

  await db.execute(sql`INSERT INTO system_rules (tenant_id, cati_optout_frequencies)
      VALUES (${tenantId}, ${JSON.stringify(DEMO_CATI_REASONS)}::jsonb)
      ON CONFLICT (tenant_id) DO UPDATE SET cati_optout_frequencies = excluded.cati_optout_frequencies
      WHERE system_rules.cati_optout_frequencies = '[]'::jsonb`);
  await db.execute(sql`INSERT INTO cati_campaigns (survey_id, tenant_id, priority, daily_quota, max_attempts,
        no_answer_retry_minutes, busy_retry_minutes, script_notes)
      VALUES (${surveys[0]!.id}, ${tenantId}, 7, 60, 4, ${CATI_DEFAULTS.noAnswerRetryMinutes},
        ${CATI_DEFAULTS.busyRetryMinutes}, ${SCRIPT_NOTES})
      ON CONFLICT (survey_id) DO NOTHING`);

  // The products, branches, locations, transaction types, employees and segments of the survey's own customers.
  const seeds = await rowsOf<Seed & { survey_id: number }>(
    db,
    sql`SELECT survey_id, product_id AS "productId", transaction_channel_id AS "channelId",
          location_id AS "locationId", transaction_type_id AS "transactionTypeId", employee_id AS "employeeId",
          segment_ids AS "segmentIds" FROM (
          SELECT i.survey_id, i.product_id, i.transaction_channel_id, i.location_id, i.transaction_type_id,
            i.employee_id, i.segment_ids,
            row_number() OVER (PARTITION BY i.survey_id ORDER BY i.id DESC) AS n
          FROM invitees i WHERE i.tenant_id = ${tenantId}
            AND i.survey_id = ANY(${sql.param(surveys.map((s) => s.id))}::integer[])) x
        WHERE n <= 40`,
  );
  const seedOf = (surveyId: number): Seed => {
    const own = seeds.filter((row) => row.survey_id === surveyId);
    return own.length > 0
      ? r.pick(own)
      : {
          productId: null,
          channelId: null,
          locationId: null,
          transactionTypeId: null,
          employeeId: null,
          segmentIds: [],
        };
  };

  /** A new CATI invitee and invitation; answers the invitation's id. */
  async function newInvitation(
    survey: Survey,
    invitedAtMs: number,
    close: Record<string, string | null> = {},
  ) {
    const names = PERSON_NAMES.tr;
    const fullName = `${r.pick(names.first)} ${r.pick(names.last)}`;
    const msisdn = `+905${r.pick(['32', '33', '42', '44', '05', '55'])}${String(r.int(1_000_000, 9_999_999))}`;
    const seed = seedOf(survey.id);
    const transactionMs = invitedAtMs - r.int(2, 72) * HOUR_MS;
    const [row] = await rowsOf<{ id: number }>(
      db,
      sql`WITH invitee AS (
            INSERT INTO invitees (tenant_id, survey_id, full_name, msisdn, language, transaction_date, product_id,
              transaction_channel_id, location_id, transaction_type_id, employee_id, segment_ids)
            VALUES (${tenantId}, ${survey.id}, ${fullName}, ${msisdn}, 'tr', ${iso(transactionMs)}::timestamptz,
              ${seed.productId}, ${seed.channelId}, ${seed.locationId}, ${seed.transactionTypeId}, ${seed.employeeId},
              ${sql.param(seed.segmentIds)}::integer[])
            RETURNING id)
          INSERT INTO invitations (tenant_id, invitee_id, survey_id, channel, token, invited_at, expires_at, sent_at,
            failed_at, failure_reason, opted_out_at)
          SELECT ${tenantId}, invitee.id, ${survey.id}, 9, gen_random_uuid(), ${iso(invitedAtMs)}::timestamptz,
            ${iso(invitedAtMs + 14 * DAY_MS)}::timestamptz, ${close.sentAt ?? null}::timestamptz,
            ${close.failedAt ?? null}::timestamptz, ${close.failureReason ?? null}::text,
            ${close.optedOutAt ?? null}::timestamptz
          FROM invitee RETURNING id`,
    );
    return Number(row!.id);
  }

  type Call = {
    invitationId: number;
    surveyId: number;
    agentId: number;
    startedMs: number;
    seconds: number;
    outcome: number;
    callbackMs?: number;
    refusalReason?: string;
    wasCallback?: boolean;
  };
  const calls: Call[] = [];
  const queue: {
    invitationId: number;
    attempts: number;
    nextCallMs: number | null;
    callbackMs: number | null;
    callbackUserId: number | null;
    lastOutcome: number | null;
    closedMs: number | null;
  }[] = [];
  const optouts: { invitationId: number; reason: string; days: number; atMs: number }[] = [];
  const shortCall = () => r.int(15, 60);

  // The queue: 48 open invitations of the last three days, on the CATI surveys in turn.
  for (let n = 0; n < OPEN_INVITATIONS; n++) {
    const survey = surveys[n % surveys.length]!;
    // The called ones were invited at least 30 hours ago (their calls lie between), the others in the last 3 days.
    const invitedMs = nowMs - (n < 16 ? r.int(30 * 60, 72 * 60) : r.int(10, 72 * 60)) * MINUTE_MS;
    const id = await newInvitation(survey, invitedMs);
    if (n < 5) {
      // A callback due: promised by agent (three) or admin (two), its time a few minutes to an hour ago.
      const promisedBy = n < 3 ? agent.id : admin.id;
      const callbackMs = nowMs - r.int(2, 60) * MINUTE_MS;
      const startedMs = callbackMs - r.int(4, 24) * HOUR_MS;
      calls.push({
        invitationId: id,
        surveyId: survey.id,
        agentId: promisedBy,
        startedMs,
        seconds: shortCall(),
        outcome: CatiOutcome.Callback,
        callbackMs,
      });
      queue.push({
        invitationId: id,
        attempts: 1,
        nextCallMs: callbackMs,
        callbackMs,
        callbackUserId: promisedBy,
        lastOutcome: CatiOutcome.Callback,
        closedMs: null,
      });
    } else if (n < 8) {
      // A callback later today or tomorrow: not in the queue yet.
      const callbackMs = nowMs + r.int(1, 30) * HOUR_MS;
      const startedMs = nowMs - r.int(1, 8) * HOUR_MS;
      const by = r.pick(agentIds);
      calls.push({
        invitationId: id,
        surveyId: survey.id,
        agentId: by,
        startedMs,
        seconds: shortCall(),
        outcome: CatiOutcome.Callback,
        callbackMs,
      });
      queue.push({
        invitationId: id,
        attempts: 1,
        nextCallMs: callbackMs,
        callbackMs,
        callbackUserId: by,
        lastOutcome: CatiOutcome.Callback,
        closedMs: null,
      });
    } else if (n < 16) {
      // Tried once or twice without an answer (or busy); the retry's wait is over.
      const attempts = r.int(1, 2);
      let lastOutcome: number = CatiOutcome.NoAnswer;
      for (let a = 0; a < attempts; a++) {
        lastOutcome = r.chance(0.7) ? CatiOutcome.NoAnswer : CatiOutcome.Busy;
        const startedMs = invitedMs + (a + 1) * r.int(30, 90) * MINUTE_MS;
        calls.push({
          invitationId: id,
          surveyId: survey.id,
          agentId: r.pick(agentIds),
          startedMs,
          seconds: r.int(20, 45),
          outcome: lastOutcome,
        });
      }
      queue.push({
        invitationId: id,
        attempts,
        nextCallMs: nowMs - r.int(1, 90) * MINUTE_MS,
        callbackMs: null,
        callbackUserId: null,
        lastOutcome,
        closedMs: null,
      });
    }
  }

  // History: the demo's answered CATI invitations of the last 60 days, each completed on a call.
  const todayMs = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const answered = await rowsOf<{
    id: string | number;
    survey_id: number;
    invited_at: string;
    started_at: string;
    completed_at: string;
  }>(
    db,
    // At most two a day, none today (today's completes count against the campaign's daily quota).
    sql`SELECT id, survey_id, invited_at, started_at, completed_at FROM (
          SELECT inv.id, inv.survey_id, inv.invited_at, coalesce(inv.started_at, inv.completed_at) AS started_at, inv.completed_at,
            row_number() OVER (PARTITION BY date_trunc('day', inv.completed_at) ORDER BY inv.id) AS n
          FROM invitations inv
          WHERE inv.tenant_id = ${tenantId} AND inv.channel = 9 AND NOT inv.is_test AND inv.completed_at IS NOT NULL
            AND inv.completed_at > ${iso(nowMs - HISTORY_DAYS * DAY_MS)}::timestamptz
            AND inv.completed_at < ${iso(todayMs)}::timestamptz
            AND inv.survey_id = ANY(${sql.param(surveys.map((s) => s.id))}::integer[])) x
        WHERE n <= 2 ORDER BY completed_at DESC LIMIT ${COMPLETED_CALLS}`,
  );
  for (const row of answered) {
    const invitationId = Number(row.id);
    const invitedMs = new Date(row.invited_at).getTime();
    const startMs = Math.max(invitedMs, new Date(row.started_at).getTime() - r.int(1, 3) * MINUTE_MS);
    const endMs = new Date(row.completed_at).getTime() + r.int(20, 90) * 1000;
    const agentId = r.chance(0.6) ? agent.id : admin.id;
    let attempts = 1;
    let wasCallback = false;
    // Some were first reached at a bad time (a callback promised, mostly kept: the call came at most 30 minutes
    // after its time), some did not answer at first; never before the invitation.
    const earlier = r.chance(0.25) ? CatiOutcome.Callback : r.chance(0.3) ? CatiOutcome.NoAnswer : null;
    const earlierMs = startMs - r.int(3, 26) * HOUR_MS;
    if (earlier !== null && earlierMs > invitedMs) {
      const callbackMs = startMs + (r.chance(0.8) ? -r.int(0, 20) : -r.int(40, 90)) * MINUTE_MS;
      calls.push({
        invitationId,
        surveyId: row.survey_id,
        agentId: r.pick(agentIds),
        startedMs: earlierMs,
        seconds: shortCall(),
        outcome: earlier,
        ...(earlier === CatiOutcome.Callback ? { callbackMs } : {}),
      });
      attempts++;
      wasCallback = earlier === CatiOutcome.Callback;
    }
    calls.push({
      invitationId,
      surveyId: row.survey_id,
      agentId,
      startedMs: startMs,
      seconds: Math.max(60, Math.round((endMs - startMs) / 1000)),
      outcome: CatiOutcome.Completed,
      wasCallback,
    });
    queue.push({
      invitationId,
      attempts,
      nextCallMs: null,
      callbackMs: null,
      callbackUserId: null,
      lastOutcome: CatiOutcome.Completed,
      closedMs: endMs,
    });
  }

  // History: refused, wrong numbers and attempts used up, on invitations of their own.
  for (let n = 0; n < CLOSED_WITHOUT_COMPLETE; n++) {
    const survey = surveys[n % surveys.length]!;
    const invitedMs = nowMs - r.int(2, HISTORY_DAYS - 1) * DAY_MS - r.int(0, 12) * HOUR_MS;
    const kind = n % 3;
    const agentId = r.pick(agentIds);
    let startedMs = invitedMs + r.int(10, 240) * MINUTE_MS;
    let endedMs = startedMs + r.int(30, 180) * 1000;
    if (kind === 0) {
      const reason = r.pick(DEMO_CATI_REASONS);
      // Most refusals came on a callback the customer had asked for (mostly kept: within 30 minutes of its time).
      const callback = r.chance(0.7)
        ? { firstMs: startedMs, callbackMs: startedMs + r.int(3, 20) * HOUR_MS, by: r.pick(agentIds) }
        : null;
      if (callback) {
        startedMs = callback.callbackMs + (r.chance(0.75) ? r.int(0, 20) : r.int(40, 90)) * MINUTE_MS;
        endedMs = startedMs + r.int(30, 180) * 1000;
      }
      const id = await newInvitation(survey, invitedMs, {
        sentAt: iso(callback?.firstMs ?? startedMs),
        optedOutAt: iso(endedMs),
      });
      if (callback)
        calls.push({
          invitationId: id,
          surveyId: survey.id,
          agentId: callback.by,
          startedMs: callback.firstMs,
          seconds: shortCall(),
          outcome: CatiOutcome.Callback,
          callbackMs: callback.callbackMs,
        });
      calls.push({
        invitationId: id,
        surveyId: survey.id,
        agentId,
        startedMs,
        seconds: (endedMs - startedMs) / 1000,
        outcome: CatiOutcome.Refused,
        refusalReason: reason.Reason,
        wasCallback: callback !== null,
      });
      optouts.push({ invitationId: id, reason: reason.Reason, days: reason.Days, atMs: endedMs });
      queue.push({
        invitationId: id,
        attempts: callback ? 2 : 1,
        nextCallMs: null,
        callbackMs: null,
        callbackUserId: null,
        lastOutcome: CatiOutcome.Refused,
        closedMs: endedMs,
      });
    } else if (kind === 1) {
      const id = await newInvitation(survey, invitedMs, {
        sentAt: iso(startedMs),
        failedAt: iso(endedMs),
        failureReason: 'WrongNumber',
      });
      calls.push({
        invitationId: id,
        surveyId: survey.id,
        agentId,
        startedMs,
        seconds: (endedMs - startedMs) / 1000,
        outcome: CatiOutcome.WrongNumber,
      });
      queue.push({
        invitationId: id,
        attempts: 1,
        nextCallMs: null,
        callbackMs: null,
        callbackUserId: null,
        lastOutcome: CatiOutcome.WrongNumber,
        closedMs: endedMs,
      });
    } else {
      const attempts = 4;
      let lastMs = startedMs;
      let lastOutcome: number = CatiOutcome.NoAnswer;
      for (let a = 0; a < attempts; a++) {
        lastOutcome = r.chance(0.75) ? CatiOutcome.NoAnswer : CatiOutcome.Busy;
        lastMs = startedMs + a * (lastOutcome === CatiOutcome.Busy ? 20 : 150) * MINUTE_MS;
        calls.push({
          invitationId: 0,
          surveyId: survey.id,
          agentId: r.pick(agentIds),
          startedMs: lastMs,
          seconds: r.int(20, 45),
          outcome: lastOutcome,
        });
      }
      const closedMs = lastMs + MINUTE_MS;
      const id = await newInvitation(survey, invitedMs, {
        sentAt: iso(startedMs),
        failedAt: iso(closedMs),
        failureReason: 'CatiAttemptsExhausted',
      });
      for (const call of calls) if (call.invitationId === 0) call.invitationId = id;
      queue.push({
        invitationId: id,
        attempts,
        nextCallMs: null,
        callbackMs: null,
        callbackUserId: null,
        lastOutcome,
        closedMs,
      });
    }
  }

  const col = <T>(pick: (call: Call) => T) => sql.param(calls.map(pick));
  await db.execute(sql`INSERT INTO cati_calls (tenant_id, invitation_id, survey_id, agent_user_id, started_at, ended_at,
        outcome, callback_at, refusal_reason, was_callback)
      SELECT ${tenantId}, u.i, u.s, u.a, u.st, u.st + make_interval(secs => u.d), u.o, u.cb, u.rr, u.wc
      FROM unnest(${col((c) => c.invitationId)}::bigint[], ${col((c) => c.surveyId)}::integer[],
        ${col((c) => c.agentId)}::integer[], ${col((c) => iso(c.startedMs))}::timestamptz[],
        ${col((c) => c.seconds)}::float8[], ${col((c) => c.outcome)}::smallint[],
        ${col((c) => (c.callbackMs === undefined ? null : iso(c.callbackMs)))}::timestamptz[],
        ${col((c) => c.refusalReason ?? null)}::text[], ${col((c) => c.wasCallback ?? false)}::boolean[])
        AS u(i, s, a, st, d, o, cb, rr, wc)`);
  const q = <T>(pick: (row: (typeof queue)[number]) => T) => sql.param(queue.map(pick));
  const time = (ms: number | null) => (ms === null ? null : iso(ms));
  await db.execute(sql`INSERT INTO cati_queue (invitation_id, tenant_id, attempts, next_call_at, callback_at,
        callback_user_id, last_outcome, closed_at)
      SELECT u.i, ${tenantId}, u.a, u.n, u.cb, u.cu, u.o, u.c
      FROM unnest(${q((row) => row.invitationId)}::bigint[], ${q((row) => row.attempts)}::smallint[],
        ${q((row) => time(row.nextCallMs))}::timestamptz[], ${q((row) => time(row.callbackMs))}::timestamptz[],
        ${q((row) => row.callbackUserId)}::integer[], ${q((row) => row.lastOutcome)}::smallint[],
        ${q((row) => time(row.closedMs))}::timestamptz[]) AS u(i, a, n, cb, cu, o, c)`);
  // A called invitation went out at its first call (as POST /api/cati/calls stamps it).
  await db.execute(sql`UPDATE invitations inv SET sent_at = k.first FROM (
        SELECT invitation_id, min(started_at) AS first FROM cati_calls WHERE tenant_id = ${tenantId} GROUP BY 1) k
      WHERE inv.id = k.invitation_id AND inv.tenant_id = ${tenantId} AND inv.sent_at IS NULL`);
  for (const optout of optouts) {
    const untilMs = optout.days > 0 ? optout.atMs + optout.days * DAY_MS : null;
    await db.execute(sql`INSERT INTO optouts (tenant_id, msisdn, channel, reason, until_date, is_forever, source,
          invitation_id, created_at, updated_at)
        SELECT ${tenantId}, i.msisdn, 9, ${optout.reason}, ${time(untilMs)}::timestamptz, ${untilMs === null}, 'cati',
          inv.id, ${iso(optout.atMs)}::timestamptz, ${iso(optout.atMs)}::timestamptz
        FROM invitations inv JOIN invitees i ON i.id = inv.invitee_id WHERE inv.id = ${optout.invitationId}`);
  }
  return calls.length;
}
