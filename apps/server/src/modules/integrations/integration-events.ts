import { sql, type SQL } from 'drizzle-orm';
import type { IntegrationEvent } from '@loupe/contracts';
import type { Executor } from '../../db/executor.js';
import { rowsOf } from '../../db/rows-of.js';

/*
 * The integration outbox's writers (docs/integrations.md "Events"): each runs in the caller's transaction, the one
 * that makes the change, so an event exists exactly when its change committed. A row is written only when one of
 * the tenant's active workflows listens to the event (or, for an alert rule's action, for its source): a tenant
 * without integrations pays one indexed look-up. The `integration-outbox` worker fans the rows out to deliveries.
 */

/** Whether an active workflow of the tenant listens to `event` (an SQL condition). */
const listened = (tenantId: number, event: IntegrationEvent): SQL => sql`EXISTS (
  SELECT 1 FROM integration_workflows w
  WHERE w.tenant_id = ${tenantId}::integer AND w.event = ${event}::text AND w.is_active)`;

/**
 * Writes one event. With `sourceId` (an alert rule's "integration" action) the row is written always and is
 * delivered to that source only; without, only when an active workflow listens.
 */
export async function emitIntegrationEvent(
  db: Executor,
  event: { tenantId: number; event: IntegrationEvent; data: Record<string, unknown>; sourceId?: number },
): Promise<void> {
  const { tenantId } = event;
  const sourceId = event.sourceId ?? null;
  await db.execute(sql`
    INSERT INTO integration_outbox (tenant_id, event, data, source_id)
    SELECT ${tenantId}::integer, ${event.event}::text, ${JSON.stringify(event.data)}::jsonb, ${sourceId}::integer
    WHERE ${sourceId === null ? listened(tenantId, event.event) : sql`true`}`);
}

/** `session.completed` of each of the sessions (completed ones only), in the transaction that completed them. */
export async function emitSessionsCompleted(
  db: Executor,
  tenantId: number,
  sessionIds: number[],
): Promise<void> {
  if (sessionIds.length === 0) return;
  await db.execute(sql`
    INSERT INTO integration_outbox (tenant_id, event, data)
    SELECT ${tenantId}::integer, 'session.completed', jsonb_build_object(
      'SessionId', se.id, 'SurveyId', se.survey_id, 'SurveyTitle', sv.title, 'FlowId', se.flow_id,
      'InviteeId', se.invitee_id, 'CompletedAt', se.answered_at,
      'AnswerCount', (SELECT count(*) FROM answers a WHERE a.session_id = se.id))
    FROM sessions se JOIN surveys sv ON sv.id = se.survey_id
    WHERE se.tenant_id = ${tenantId}::integer AND se.id = ANY(${sql.param(sessionIds)}::bigint[])
      AND se.completion = 1 AND ${listened(tenantId, 'session.completed')}
    ORDER BY se.id`);
}

/**
 * The CTE body that writes `alert.created` for the alerts a statement inserts: `alerts` names the CTE of the
 * inserted rows (with id, rule_id, status, session_id, survey_id, assigned_user_id, assigned_role_id, due_at,
 * created_at).
 */
export function alertsCreatedOutbox(tenantId: number, alerts: SQL): SQL {
  return sql`
    INSERT INTO integration_outbox (tenant_id, event, data)
    SELECT ${tenantId}::integer, 'alert.created', jsonb_build_object(
      'AlertId', n.id, 'AlertRuleId', n.rule_id, 'AlertTitle', r.title, 'Status', n.status,
      'SessionId', n.session_id, 'SurveyId', n.survey_id, 'OwnerUserId', n.assigned_user_id,
      'OwnerRoleId', n.assigned_role_id, 'DueAt', n.due_at, 'CreatedAt', n.created_at)
    FROM ${alerts} n LEFT JOIN alert_rules r ON r.id = n.rule_id
    WHERE ${listened(tenantId, 'alert.created')}`;
}

/** The data of an alert event, read from the alert (and `extra`: OldStatus, ChangedByUserId, ChangedAt). */
export async function alertEventData(
  db: Executor,
  alertId: number,
  extra: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const [row] = await rowsOf<{ data: Record<string, unknown> | string }>(
    db,
    sql`
    SELECT jsonb_build_object(
      'AlertId', a.id, 'AlertRuleId', a.rule_id, 'AlertTitle', r.title, 'Status', a.status,
      'SessionId', a.session_id, 'SurveyId', a.survey_id, 'OwnerUserId', a.assigned_user_id,
      'OwnerRoleId', a.assigned_role_id, 'DueAt', a.due_at, 'CreatedAt', a.created_at) AS data
    FROM alerts a LEFT JOIN alert_rules r ON r.id = a.rule_id
    WHERE a.id = ${alertId}::bigint`,
  );
  const data = row?.data ?? {};
  return { ...(typeof data === 'string' ? (JSON.parse(data) as Record<string, unknown>) : data), ...extra };
}

/** `alert.status_changed`, in the transaction that moved the alert. */
export async function emitAlertStatusChanged(
  db: Executor,
  change: { tenantId: number; alertId: number; from: number; to: number; userId: number | null; at: Date },
): Promise<void> {
  const [row] = await rowsOf<{ listened: boolean }>(
    db,
    sql`SELECT ${listened(change.tenantId, 'alert.status_changed')} AS listened`,
  );
  if (!row?.listened) return;
  const data = await alertEventData(db, change.alertId, {
    OldStatus: change.from,
    Status: change.to,
    ChangedByUserId: change.userId,
    ChangedAt: change.at.toISOString(),
  });
  await emitIntegrationEvent(db, { tenantId: change.tenantId, event: 'alert.status_changed', data });
}
