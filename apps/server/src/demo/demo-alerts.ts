import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows-of.js';

/*
 * The Demo Bank's alerts (issue 19, docs/demo-data.md "Alerts"): two rules and the alerts they would have raised
 * on the demo's own answered sessions, so the figures are real — "NPS detractor at a branch" (an NPS score of 6
 * or less at the branch with the most detractors, owned by the `manager` user) and "Negative comment about
 * waiting time" (a negative open-ended answer on the waiting-time topic, last 90 days, owned by the manager's
 * role). States, history, comments and read status follow from each alert's age and id: deterministic for a
 * load day. Recent alerts stay unread, so the manager's bell shows a number. Written once per tenant.
 */

const NPS_RULE = 'NPS detractor at a branch';
const WAITING_RULE = 'Negative comment about waiting time';
const DUE_HOURS = 48;

const COMMENTS = [
  'Called the customer; they will visit the branch again on Monday.',
  'Apologised for the wait and explained the new queue system.',
  'Waiting for the branch manager to check the staffing of that day.',
  'Customer satisfied with the call-back.',
  'Passed to the operations team.',
];

async function firstOf<T>(db: Db, query: SQL): Promise<T | undefined> {
  return (await rowsOf<T>(db, query))[0];
}

/** The rule's id if it was created now; undefined when the tenant already has it. */
async function createRule(db: Db, tenantId: number, values: SQL): Promise<number | undefined> {
  const row = await firstOf<{ id: number }>(
    db,
    sql`INSERT INTO alert_rules (tenant_id, title, survey_ids, product_ids, channel_ids, logic, conditions,
          owner_type, owner_id, due_hours, actions)
        VALUES (${tenantId}, ${values})
        ON CONFLICT (tenant_id, title) DO NOTHING RETURNING id`,
  );
  return row?.id;
}

export async function ensureDemoAlerts(db: Db, tenantId: number): Promise<number> {
  const manager = await firstOf<{ id: number; roleId: number | null }>(
    db,
    sql`SELECT u.id, (SELECT ur.role_id FROM user_roles ur WHERE ur.user_id = u.id ORDER BY ur.role_id LIMIT 1) AS "roleId"
        FROM users u WHERE u.tenant_id = ${tenantId} AND u.user_name = 'manager'`,
  );
  const nps = await firstOf<{ id: number; surveyId: number }>(
    db,
    sql`SELECT id, survey_id AS "surveyId" FROM questions
        WHERE tenant_id = ${tenantId} AND integration_code = 'NPS' ORDER BY id LIMIT 1`,
  );
  if (!manager?.roleId || !nps) return 0;
  // The branch (the channel tree's deepest level) with the most detractors.
  const branch = await firstOf<{ id: number; parentId: number | null }>(
    db,
    sql`SELECT c.id, c.path[cardinality(c.path) - 1] AS "parentId"
        FROM answers a JOIN sessions s ON s.id = a.session_id JOIN invitees i ON i.id = s.invitee_id
          JOIN transaction_channels c ON c.id = i.transaction_channel_id
        WHERE a.question_id = ${nps.id} AND a.score <= 6
          AND cardinality(c.path) = (SELECT max(cardinality(k.path)) FROM transaction_channels k WHERE k.tenant_id = ${tenantId})
        GROUP BY c.id ORDER BY count(*) DESC, c.id LIMIT 1`,
  );
  if (!branch) return 0;
  const roots = sql`(SELECT coalesce(array_agg(id ORDER BY id), '{}') FROM products WHERE tenant_id = ${tenantId} AND cardinality(path) = 1)`;
  const channelRoots = sql`(SELECT coalesce(array_agg(id ORDER BY id), '{}') FROM transaction_channels WHERE tenant_id = ${tenantId} AND cardinality(path) = 1)`;
  const surveys = sql`(SELECT coalesce(array_agg(id ORDER BY id), '{}') FROM surveys WHERE tenant_id = ${tenantId} AND type <> 7)`;
  const waitingTopics = await rowsOf<{ id: number }>(
    db,
    sql`SELECT t.id FROM topics t WHERE t.tenant_id = ${tenantId}
          AND (t.name IN ('Waiting time', 'Bekleme süresi')
            OR t.parent_id IN (SELECT p.id FROM topics p WHERE p.tenant_id = ${tenantId} AND p.name IN ('Waiting time', 'Bekleme süresi')))
        ORDER BY t.id`,
  );
  const topicIds = waitingTopics.map((topic) => Number(topic.id));

  const npsRule = await createRule(
    db,
    tenantId,
    sql`${NPS_RULE}, ARRAY[${nps.surveyId}]::integer[], ${roots}, ARRAY[${branch.id}]::integer[], 'and',
      ${JSON.stringify([{ Kind: 'score', QuestionId: nps.id, CustomDataNo: null, Operator: 'lte', Value: 6 }])}::jsonb,
      'user', ${manager.id}, ${DUE_HOURS},
      ${JSON.stringify([{ Status: 6, Action: 'emailBranchManager', IntegrationId: null }])}::jsonb`,
  );
  if (npsRule === undefined) return 0;
  const waitingRule = await createRule(
    db,
    tenantId,
    sql`${WAITING_RULE}, ${surveys}, ${roots}, ${channelRoots}, 'and',
      ${JSON.stringify([
        { Kind: 'sentiment', QuestionId: null, CustomDataNo: null, Operator: 'eq', Value: 'negative' },
        { Kind: 'topic', QuestionId: null, CustomDataNo: null, Operator: 'in', Value: topicIds },
      ])}::jsonb,
      'role', ${manager.roleId}, ${DUE_HOURS}, '[]'::jsonb`,
  );

  // The branch's manager is the `manager` user; its region's, the administrator (emailBranchManager's fallback).
  await db.execute(
    sql`UPDATE transaction_channels SET manager_user_id = ${manager.id} WHERE id = ${branch.id}`,
  );
  if (branch.parentId !== null)
    await db.execute(
      sql`UPDATE transaction_channels SET manager_user_id =
            (SELECT id FROM users WHERE tenant_id = ${tenantId} AND user_name = 'admin')
          WHERE id = ${branch.parentId}`,
    );

  const columns = sql`(tenant_id, rule_id, invitee_id, session_id, survey_id, question_id, status, read_status,
    assigned_user_id, assigned_role_id, score, channel_id, employee_id, product_id, created_at, updated_at, due_at,
    mail_queued_at)`;
  const raised = (at: SQL) => sql`${at}, ${at}, ${at} + ${`${DUE_HOURS} hours`}::interval, ${at}`;
  await db.execute(sql`
    INSERT INTO alerts ${columns}
    SELECT ${tenantId}, ${npsRule}, s.invitee_id, s.id, s.survey_id, a.question_id, 1, 0, ${manager.id}, NULL,
      a.score, i.transaction_channel_id, i.employee_id, i.product_id, ${raised(sql`s.answered_at`)}
    FROM answers a JOIN sessions s ON s.id = a.session_id JOIN invitees i ON i.id = s.invitee_id
    WHERE a.question_id = ${nps.id} AND a.score <= 6 AND i.transaction_channel_id = ${branch.id}
      AND s.answered_at IS NOT NULL
    ON CONFLICT (rule_id, session_id) DO NOTHING`);
  if (waitingRule !== undefined && topicIds.length > 0)
    await db.execute(sql`
      INSERT INTO alerts ${columns}
      SELECT DISTINCT ON (s.id) ${tenantId}, ${waitingRule}, s.invitee_id, s.id, s.survey_id, a.question_id, 1, 0,
        NULL, ${manager.roleId}, NULL, i.transaction_channel_id, i.employee_id, i.product_id,
        ${raised(sql`s.answered_at`)}
      FROM text_analyses ta JOIN answers a ON a.id = ta.answer_id JOIN sessions s ON s.id = ta.session_id
        JOIN invitees i ON i.id = s.invitee_id
      WHERE ta.tenant_id = ${tenantId} AND ta.sentiment_score = 0 AND s.answered_at >= now() - interval '90 days'
        AND EXISTS (SELECT 1 FROM text_topics tt WHERE tt.answer_id = ta.answer_id
                    AND tt.topic_id = ANY(${sql.param(topicIds)}::integer[]))
      ORDER BY s.id, a.id
      ON CONFLICT (rule_id, session_id) DO NOTHING`);

  const ours = sql`tenant_id = ${tenantId} AND rule_id IN (${npsRule}, ${waitingRule ?? npsRule})`;
  // States by age: the last 3 days still new (Send, some Acknowledged), the last two weeks being worked, older
  // ones mostly Completed. Times of response and close follow the id, never after now.
  await db.execute(sql`
    UPDATE alerts SET status = CASE
        WHEN created_at > now() - interval '3 days' THEN CASE WHEN id % 3 = 0 THEN 2 ELSE 1 END
        WHEN created_at > now() - interval '14 days' THEN (ARRAY[3, 4, 5, 7, 6, 6])[id % 6 + 1]
        ELSE CASE WHEN id % 10 < 8 THEN 6 WHEN id % 10 = 8 THEN 5 ELSE 4 END END
    WHERE ${ours}`);
  await db.execute(sql`
    UPDATE alerts SET
      first_response_at = CASE WHEN status <> 1 THEN least(now(), created_at + (id % 40 + 1) * interval '1 hour') END,
      closed_at = CASE WHEN status = 6 THEN least(now(), created_at + (id % 90 + 6) * interval '1 hour') END,
      read_status = CASE WHEN status = 1 THEN 0 ELSE 1 END,
      assigned_user_id = CASE WHEN status = 7 THEN ${manager.id} ELSE assigned_user_id END,
      assigned_role_id = CASE WHEN status = 7 THEN NULL ELSE assigned_role_id END,
      escalated_at = CASE WHEN status <> 6 AND due_at < now() THEN due_at END
    WHERE ${ours}`);
  await db.execute(
    sql`UPDATE alerts SET updated_at = greatest(created_at, first_response_at, closed_at) WHERE ${ours}`,
  );

  // History: created; the first move (status 1 → its state, via In progress for the completed ones); the close;
  // the assignment; the escalation.
  await db.execute(sql`
    INSERT INTO alert_history (tenant_id, alert_id, user_id, kind, from_status, to_status, assigned_user_id,
      assigned_role_id, note, created_at)
    SELECT tenant_id, id, NULL::integer, 'created', NULL::smallint, 1::smallint, assigned_user_id, assigned_role_id,
      NULL::text, created_at
      FROM alerts WHERE ${ours}
    UNION ALL
    SELECT tenant_id, id, ${manager.id}::integer, 'status', 1, CASE WHEN status = 6 THEN 4 ELSE status END, NULL, NULL, NULL,
      first_response_at FROM alerts WHERE ${ours} AND status NOT IN (1, 7)
    UNION ALL
    SELECT tenant_id, id, ${manager.id}::integer, 'status', 4, 6, NULL, NULL, NULL, closed_at
      FROM alerts WHERE ${ours} AND status = 6
    UNION ALL
    SELECT tenant_id, id, ${manager.id}::integer, 'assigned', 1, 7, ${manager.id}::integer, NULL, NULL, first_response_at
      FROM alerts WHERE ${ours} AND status = 7
    UNION ALL
    SELECT tenant_id, id, NULL, 'escalated', NULL, NULL, NULL, NULL, 'overdue', escalated_at
      FROM alerts WHERE ${ours} AND escalated_at IS NOT NULL`);
  // A comment on every fourth alert being worked or done, with its history row.
  await db.execute(sql`
    WITH c AS (
      INSERT INTO alert_comments (tenant_id, alert_id, user_id, text, created_at)
      SELECT tenant_id, id, ${manager.id}::integer, (${sql.param(COMMENTS)}::text[])[id % ${COMMENTS.length} + 1],
        least(now(), first_response_at + interval '30 minutes')
      FROM alerts WHERE ${ours} AND status IN (4, 5, 6) AND id % 4 = 0
      RETURNING tenant_id, alert_id, user_id, created_at)
    INSERT INTO alert_history (tenant_id, alert_id, user_id, kind, created_at)
    SELECT tenant_id, alert_id, user_id, 'comment', created_at FROM c`);
  const counted = await firstOf<{ n: number }>(
    db,
    sql`SELECT count(*)::integer AS n FROM alerts WHERE ${ours}`,
  );
  return counted?.n ?? 0;
}
