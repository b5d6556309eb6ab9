import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { INTEGRATION_READ_SCOPES, hasAnyScope, type ResponseDetail } from '@loupe/contracts';
import type { Actor } from '../../core/actor.js';
import type { ModuleDeps } from '../../core/deps.js';
import { found } from '../../core/refusals.js';
import { rowsOf } from '../../db/rows-of.js';
import { compileFilter } from '../../analytics/filter-compiler.js';
import {
  alertRules,
  alerts,
  employees,
  integrationDeliveries,
  products,
  transactionChannels,
} from '../../db/schema/index.js';
import { alertAnswersOf, alertsVisibleTo, INVITEE_MASK } from '../alerts/index.js';
import { atCallerOffset, loadWidgetQuery } from '../widget-data/index.js';
import { audienceOf, namesOf } from './responses-list.js';

/*
 * One response of the analyzer (docs/responses-analyzer.md "The detail"): `{id}` is the invitee's id, the address
 * the comment highlights widget opens (reports spec §1). Which sessions of the invitee the caller may open is the
 * replica's answer under the caller's data restrictions (the filter compiler, no report filter, test sessions
 * included); none answers 404, as another tenant's id does. The record itself (answers, analysis, invitation,
 * alerts) is read from PostgreSQL.
 */

/** Scopes that read responses without the invitee's identity (response:readlimited alone, and mask:invitee). */
function identityMasked(actor: Actor): boolean {
  if (hasAnyScope(actor.scopes, ['mask:invitee'])) return true;
  return !hasAnyScope(actor.scopes, ['feedbackAnalysis', 'response:readall']);
}

/** An invitation's furthest step (docs/responses-analyzer.md "Lineage"): failed wins, then completed ... invited. */
function invitationStatus(row: SessionRecord): NonNullable<ResponseDetail['Invitation']>['Status'] {
  if (row.failed_at !== null) return 'failed';
  if (row.completed_at !== null) return 'completed';
  if (row.started_at !== null) return 'started';
  if (row.opened_at !== null) return 'opened';
  if (row.delivered_at !== null) return 'delivered';
  if (row.sent_at !== null) return 'sent';
  return 'invited';
}

/** Who reads a response's integration deliveries: the delivery log's readers. */
const DELIVERY_READERS = [...INTEGRATION_READ_SCOPES];

const iso = (value: string | Date | null): string | null =>
  value === null ? null : new Date(value).toISOString();

type SessionRecord = {
  survey_id: number;
  survey_title: string;
  answered_at: string | null;
  transaction_date: string;
  completion: number;
  source: string;
  full_name: string | null;
  email: string | null;
  msisdn: string | null;
  channel_id: number | null;
  product_id: number | null;
  employee_id: number | null;
  invitation_id: number | null;
  channel: number | null;
  invited_at: string | null;
  sent_at: string | null;
  delivered_at: string | null;
  opened_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  failed_at: string | null;
};

type CommentRecord = {
  answer_id: number;
  question_id: number;
  question: string;
  text: string;
  translated_text: string | null;
  language: string | null;
  sentiment_score: number | null;
};

type LabelRecord = {
  answer_id: number;
  topic_id: number;
  name: string;
  sentiment_score: number;
  intensity: number | null;
  is_emotion: boolean;
};

export function createResponseDetail({ db, replica }: ModuleDeps) {
  return async function detail(actor: Actor, inviteeId: number, offset: number): Promise<ResponseDetail> {
    const query = await loadWidgetQuery(db, actor, {});
    const { tenantId } = query;
    const scope = compileFilter({
      tenantId,
      table: 'sessions',
      restrictions: query.restrictions,
      levels: query.levels,
      alias: 's',
    });
    const sessions = await replica.query<{
      session_id: number;
      nps_score: number | null;
      respondent_type: number | null;
    }>(
      `SELECT s.session_id, s.nps_score, s.respondent_type FROM sessions s
       WHERE ${scope.where} AND s.invitee_id = ?
       ORDER BY s.answered_at DESC NULLS LAST, s.session_id DESC`,
      [...scope.params, inviteeId],
    );
    const [latest] = sessions;
    const shown = found(latest);
    const sessionId = Number(shown.session_id);
    const [record] = await rowsOf<SessionRecord>(
      db,
      sql`SELECT s.survey_id, sv.title AS survey_title, s.answered_at, i.transaction_date, s.completion, s.source,
            i.full_name, i.email, i.msisdn, i.transaction_channel_id AS channel_id, i.product_id, i.employee_id,
            inv.id AS invitation_id, inv.channel, inv.invited_at, inv.sent_at, inv.delivered_at, inv.opened_at,
            inv.started_at, inv.completed_at, inv.failed_at
          FROM sessions s
          JOIN surveys sv ON sv.id = s.survey_id
          JOIN invitees i ON i.id = s.invitee_id
          LEFT JOIN invitations inv ON inv.id = s.invitation_id
          WHERE s.id = ${sessionId} AND s.tenant_id = ${tenantId} AND s.invitee_id = ${inviteeId}`,
    );
    // Gone from PostgreSQL since the replica's last sync: not found either.
    const row = found(record);
    const masked = identityMasked(actor);
    const hide = (value: string | null) => (masked && value !== null ? INVITEE_MASK : value);
    const at = (value: string | Date | null) => atCallerOffset(iso(value), offset);

    const d = integrationDeliveries;
    const readsDeliveries = hasAnyScope(actor.scopes, DELIVERY_READERS);
    const [answers, comments, labels, raised, channels, productNames, employeeNames, deliveries] =
      await Promise.all([
        alertAnswersOf(db, sessionId, masked),
        rowsOf<CommentRecord>(
          db,
          sql`SELECT a.id AS answer_id, q.id AS question_id, q.text AS question, a.text, ta.translated_text,
              ta.language, ta.sentiment_score
            FROM answers a JOIN questions q ON q.id = a.question_id
            LEFT JOIN text_analyses ta ON ta.answer_id = a.id
            WHERE a.session_id = ${sessionId} AND q.type = 'OETX' AND btrim(coalesce(a.text, '')) <> ''
            ORDER BY q.position, q.id, a.id`,
        ),
        rowsOf<LabelRecord>(
          db,
          sql`SELECT tt.answer_id, tt.topic_id, t.name, tt.sentiment_score, tt.intensity, m.is_emotion_model AS is_emotion
            FROM text_topics tt JOIN topics t ON t.id = tt.topic_id JOIN topic_models m ON m.id = tt.model_id
            WHERE tt.session_id = ${sessionId} AND tt.tenant_id = ${tenantId}
            ORDER BY m.id, t.name, t.id`,
        ),
        db
          .select({
            Id: alerts.id,
            RuleTitle: alertRules.title,
            Status: alerts.status,
            CreatedAt: alerts.createdAt,
          })
          .from(alerts)
          .leftJoin(alertRules, eq(alertRules.id, alerts.ruleId))
          .where(and(alertsVisibleTo(actor), eq(alerts.sessionId, sessionId)))
          .orderBy(asc(alerts.createdAt), asc(alerts.id)),
        namesOf(db, tenantId, transactionChannels, [row.channel_id]),
        namesOf(db, tenantId, products, [row.product_id]),
        namesOf(db, tenantId, employees, [row.employee_id]),
        // Lineage: the deliveries of the events that name the session (answered, alert, note, answer events).
        readsDeliveries
          ? db
              .select({
                Id: d.id,
                Event: d.event,
                Action: d.action,
                WorkflowName: d.workflowName,
                Status: d.status,
                Attempts: d.attempt,
                OccurredAt: d.occurredAt,
              })
              .from(d)
              .where(and(eq(d.tenantId, tenantId), sql`${d.eventData}->>'SessionId' = ${String(sessionId)}`))
              .orderBy(desc(d.occurredAt), desc(d.id))
              .limit(100)
          : Promise.resolve(null),
      ]);
    const namedOf = (names: Map<number, string>, id: number | null) =>
      id === null ? null : { Id: Number(id), Name: names.get(Number(id)) ?? `#${id}` };

    return {
      InviteeId: inviteeId,
      SessionId: sessionId,
      OtherSessionIds: sessions.slice(1).map((session) => Number(session.session_id)),
      SurveyId: Number(row.survey_id),
      SurveyTitle: row.survey_title,
      AnsweredDate: at(row.answered_at),
      TransactionDate: at(row.transaction_date)!,
      Completion: Number(row.completion),
      Source: row.source,
      NpsScore: shown.nps_score === null ? null : Number(shown.nps_score),
      Audience: audienceOf(shown.respondent_type),
      Channel: namedOf(channels, row.channel_id),
      Product: namedOf(productNames, row.product_id),
      Employee: namedOf(employeeNames, row.employee_id),
      Masked: masked,
      Invitee: { FullName: hide(row.full_name), Email: hide(row.email), Msisdn: hide(row.msisdn) },
      Answers: answers,
      Comments: comments.map((comment) => {
        const own = labels.filter((label) => Number(label.answer_id) === Number(comment.answer_id));
        return {
          QuestionId: Number(comment.question_id),
          Question: comment.question,
          Text: comment.text,
          TranslatedText: comment.translated_text,
          Language: comment.language,
          SentimentScore: comment.sentiment_score === null ? null : Number(comment.sentiment_score),
          Topics: own
            .filter((label) => !label.is_emotion)
            .map((label) => ({
              Id: Number(label.topic_id),
              Name: label.name,
              SentimentScore: Number(label.sentiment_score),
            })),
          Emotions: own
            .filter((label) => label.is_emotion)
            .map((label) => ({
              Id: Number(label.topic_id),
              Name: label.name,
              Intensity: label.intensity === null ? null : Number(label.intensity),
            })),
        };
      }),
      Invitation:
        row.invitation_id === null
          ? null
          : {
              Id: Number(row.invitation_id),
              Channel: Number(row.channel),
              InvitedDate: at(row.invited_at)!,
              SentDate: at(row.sent_at),
              DeliveredDate: at(row.delivered_at),
              OpenedDate: at(row.opened_at),
              StartedDate: at(row.started_at),
              CompletedDate: at(row.completed_at),
              FailedDate: at(row.failed_at),
              Status: invitationStatus(row),
            },
      Alerts: raised.map((alert) => ({
        Id: Number(alert.Id),
        RuleTitle: alert.RuleTitle,
        Status: alert.Status,
        CreatedDate: at(alert.CreatedAt)!,
      })),
      Deliveries:
        deliveries?.map((delivery) => ({
          Id: Number(delivery.Id),
          Event: delivery.Event,
          Action: delivery.Action,
          WorkflowName: delivery.WorkflowName,
          Status: delivery.Status,
          Attempts: Number(delivery.Attempts),
          OccurredDate: at(delivery.OccurredAt)!,
        })) ?? null,
    };
  };
}
