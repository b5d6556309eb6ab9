import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ALERT_TRANSITIONS,
  AlertStatus,
  ErrorCode,
  alertCommentSchema,
  alertDetailSchema,
  alertParamsSchema,
  alertStatusSchema,
  alertUpdateSchema,
  hasAnyScope,
  messageLanguage,
  type AlertDetail,
  type AlertStatusValue,
  type MessageLanguage,
  type Scope,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import { found, invalidField } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { alertComments, alertHistory, alerts, invitees, roles, users } from '../../db/schema/index.js';
import { AppError, forbidden } from '../../errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { answersOf } from './alert-answers.js';
import { MASK, READ, alertSelection, isMasked, itemOf, visibleTo } from './alert-list.js';
import { alertOwner, queueAlertMails, recipientsOf, runRuleActions, wakeMails } from './alert-mails.js';
import { emitAlertStatusChanged } from '../integrations/index.js';

/*
 * One alert (docs/alerts.md "Alerts, states, mails and statistics"): the detail, assignment and read status,
 * status moves along ALERT_TRANSITIONS, and comments. An alert the caller may not see answers 404.
 */

const MANAGE: [Scope, ...Scope[]] = ['alert:manage'];
/** Read status is the owner's: alert:read and alert:manage (readall alone only looks). Comments likewise. */
const OWNERS: [Scope, ...Scope[]] = ['alert:read', 'alert:manage'];
const COMPLETED = AlertStatus.Completed;
const ASSIGN = AlertStatus.Assign;

const canManage = (actor: Actor) => hasAnyScope(actor.scopes, ['alert:manage']);

/** The alert with this id if the caller may see it; 404 otherwise (another tenant's, not assigned to them). */
async function visibleAlert(db: Executor, actor: Actor, id: number) {
  const [row] = await db
    .select(alertOwner)
    .from(alerts)
    .where(and(visibleTo(actor), eq(alerts.id, id)))
    .for('update');
  return found(row);
}

const iso = (value: Date | string) => new Date(value).toISOString();

async function detailOf(db: Executor, actor: Actor, id: number): Promise<AlertDetail> {
  const masked = isMasked(actor);
  const [row] = await db
    .select({
      ...alertSelection,
      InviteeEmail: sql<string | null>`(SELECT i.email FROM ${invitees} i WHERE i.id = ${alerts.inviteeId})`,
      InviteeMsisdn: sql<
        string | null
      >`(SELECT i.msisdn FROM ${invitees} i WHERE i.id = ${alerts.inviteeId})`,
      SessionId: alerts.sessionId,
    })
    .from(alerts)
    .where(and(visibleTo(actor), eq(alerts.id, id)));
  const { InviteeEmail, InviteeMsisdn, SessionId, ...item } = found(row);
  const hide = (value: string | null) => (masked && value !== null ? MASK : value);
  const comments = await db
    .select({
      Id: alertComments.id,
      UserId: alertComments.userId,
      UserName: users.fullName,
      Text: alertComments.text,
      CreatedAt: alertComments.createdAt,
    })
    .from(alertComments)
    .leftJoin(users, eq(users.id, alertComments.userId))
    .where(eq(alertComments.alertId, id))
    .orderBy(asc(alertComments.createdAt), asc(alertComments.id));
  const h = alertHistory;
  const history = await db
    .select({
      Id: h.id,
      Kind: h.kind,
      UserName: users.fullName,
      FromStatus: h.fromStatus,
      ToStatus: h.toStatus,
      AssignedUserName: sql<
        string | null
      >`(SELECT n.full_name FROM ${users} n WHERE n.id = ${h.assignedUserId})`,
      AssignedRoleName: sql<string | null>`(SELECT n.name FROM ${roles} n WHERE n.id = ${h.assignedRoleId})`,
      Note: h.note,
      CreatedAt: h.createdAt,
    })
    .from(h)
    .leftJoin(users, eq(users.id, h.userId))
    .where(eq(h.alertId, id))
    .orderBy(asc(h.createdAt), asc(h.id));
  const listItem = itemOf(item, masked);
  return {
    ...listItem,
    InviteeEmail: hide(InviteeEmail),
    InviteeMsisdn: hide(InviteeMsisdn),
    SessionId: SessionId === null ? null : Number(SessionId),
    AllowedStatuses: canManage(actor) ? [...ALERT_TRANSITIONS[listItem.Status as AlertStatusValue]] : [],
    Answers: SessionId === null ? [] : await answersOf(db, Number(SessionId), masked),
    Comments: comments.map((entry) => ({ ...entry, Id: Number(entry.Id), CreatedAt: iso(entry.CreatedAt) })),
    History: history.map((entry) => ({ ...entry, Id: Number(entry.Id), CreatedAt: iso(entry.CreatedAt) })),
  };
}

const STATUS_NAMES: Record<MessageLanguage, readonly string[]> = {
  en: ['None', 'Send', 'Acknowledged', 'Open', 'In progress', 'Pending', 'Completed', 'Assign'],
  tr: ['Yok', 'Gönderildi', 'Görüldü', 'Açık', 'İşlemde', 'Beklemede', 'Tamamlandı', 'Atandı'],
  ar: ['لا شيء', 'مرسل', 'تم الاطلاع', 'مفتوح', 'قيد المعالجة', 'معلّق', 'مكتمل', 'مسند'],
};
const REFUSAL: Record<MessageLanguage, (from: string, to: string, allowed: string) => string> = {
  en: (from, to, allowed) => `An alert in "${from}" cannot move to "${to}". Allowed: ${allowed}.`,
  tr: (from, to, allowed) =>
    `"${from}" durumundaki bir alarm "${to}" durumuna geçemez. İzin verilenler: ${allowed}.`,
  ar: (from, to, allowed) => `لا يمكن نقل تنبيه في حالة "${from}" إلى "${to}". المسموح: ${allowed}.`,
};

/** 409 3333: the move is not in ALERT_TRANSITIONS; the message (caller's language) names the allowed moves. */
function refusedMove(from: number, to: number): AppError {
  return new AppError(409, ErrorCode.ModelNotValid, (language: string) => {
    const lang = messageLanguage(language);
    const names = STATUS_NAMES[lang];
    const allowed = ALERT_TRANSITIONS[from as AlertStatusValue].map((status) => names[status]).join(', ');
    return [
      {
        Path: 'body/Status',
        Message: REFUSAL[lang](names[from]!, names[to]!, allowed || '—'),
        AllowedStatuses: [...ALERT_TRANSITIONS[from as AlertStatusValue]],
      },
    ];
  });
}

/** The user or role an `AssignedTo` value names, in the caller's tenant (3333 on body/AssignedTo otherwise). */
async function ownerOf(db: Executor, tenantId: number, value: string) {
  if (value === 'unassigned') return { userId: null, roleId: null };
  const id = Number(value.slice(2));
  const table = value.startsWith('U:') ? users : roles;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.tenantId, tenantId)));
  if (!row) throw invalidField('body/AssignedTo', 'Not a user or role of the tenant');
  return value.startsWith('U:') ? { userId: id, roleId: null } : { userId: null, roleId: id };
}

export function alertDetailRoutes(app: FastifyInstance, { db, jobs }: { db: Db; jobs: JobQueue }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const params = alertParamsSchema;
  const response = { 200: alertDetailSchema };

  routes.get(
    '/api/alerts/:id',
    { config: { access: READ as [Scope, ...Scope[]] }, schema: { params, response } },
    async (request) => detailOf(db, request.actor, request.params.id),
  );

  routes.put(
    '/api/alerts/:id',
    { config: { access: OWNERS }, schema: { params, body: alertUpdateSchema, response } },
    async (request) => {
      const { actor } = request;
      const { id } = request.params;
      const { AssignedTo, ReadStatus } = request.body;
      if (AssignedTo !== undefined && !canManage(actor)) throw forbidden();
      const tenantId = requireTenant(actor);
      const detail = await db.transaction(async (tx) => {
        const alert = await visibleAlert(tx, actor, id);
        const now = new Date();
        if (ReadStatus !== undefined) {
          await tx.update(alerts).set({ readStatus: ReadStatus, updatedAt: now }).where(eq(alerts.id, id));
          await tx.insert(alertHistory).values({
            tenantId,
            alertId: id,
            userId: actor.userId,
            kind: ReadStatus === 1 ? 'read' : 'unread',
          });
        }
        if (AssignedTo !== undefined) {
          if (alert.status === COMPLETED) throw refusedMove(COMPLETED, ASSIGN);
          const owner = await ownerOf(tx, tenantId, AssignedTo);
          const status = owner.userId === null && owner.roleId === null ? alert.status : ASSIGN;
          await tx
            .update(alerts)
            .set({
              assignedUserId: owner.userId,
              assignedRoleId: owner.roleId,
              status,
              updatedAt: now,
              firstResponseAt: sql`coalesce(${alerts.firstResponseAt}, ${now})`,
            })
            .where(eq(alerts.id, id));
          const [event] = await tx
            .insert(alertHistory)
            .values({
              tenantId,
              alertId: id,
              userId: actor.userId,
              kind: 'assigned',
              fromStatus: alert.status,
              toStatus: status,
              assignedUserId: owner.userId,
              assignedRoleId: owner.roleId,
            })
            .returning({ id: alertHistory.id });
          await queueAlertMails(
            tx,
            jobs,
            { alertId: id, kind: 'assigned', event: event!.id },
            await recipientsOf(tx, owner),
          );
          if (status !== alert.status) {
            await emitAlertStatusChanged(tx, {
              tenantId,
              alertId: id,
              from: alert.status,
              to: status,
              userId: actor.userId,
              at: now,
            });
            await runRuleActions(tx, jobs, { ...alert, ...owner }, status, event!.id);
          }
        }
        return detailOf(tx, actor, id);
      });
      wakeMails(jobs);
      return detail;
    },
  );

  routes.put(
    '/api/alerts/:id/status',
    { config: { access: MANAGE }, schema: { params, body: alertStatusSchema, response } },
    async (request) => {
      const { actor } = request;
      const { id } = request.params;
      const { Status, Note } = request.body;
      const tenantId = requireTenant(actor);
      const detail = await db.transaction(async (tx) => {
        const alert = await visibleAlert(tx, actor, id);
        if (!ALERT_TRANSITIONS[alert.status as AlertStatusValue].includes(Status as AlertStatusValue))
          throw refusedMove(alert.status, Status);
        const now = new Date();
        await tx
          .update(alerts)
          .set({
            status: Status,
            updatedAt: now,
            firstResponseAt: sql`coalesce(${alerts.firstResponseAt}, ${now})`,
            // Completed closes it; a reopen clears the close.
            closedAt: Status === COMPLETED ? now : null,
          })
          .where(eq(alerts.id, id));
        const [event] = await tx
          .insert(alertHistory)
          .values({
            tenantId,
            alertId: id,
            userId: actor.userId,
            kind: 'status',
            fromStatus: alert.status,
            toStatus: Status,
            note: Note || null,
          })
          .returning({ id: alertHistory.id });
        if (Status !== alert.status)
          await emitAlertStatusChanged(tx, {
            tenantId,
            alertId: id,
            from: alert.status,
            to: Status,
            userId: actor.userId,
            at: now,
          });
        await runRuleActions(tx, jobs, alert, Status, event!.id);
        return detailOf(tx, actor, id);
      });
      wakeMails(jobs);
      return detail;
    },
  );

  routes.post(
    '/api/alerts/:id/comments',
    {
      config: { access: OWNERS },
      schema: { params, body: alertCommentSchema, response: { 201: alertDetailSchema } },
    },
    async (request, reply) => {
      const { actor } = request;
      const { id } = request.params;
      const tenantId = requireTenant(actor);
      const detail = await db.transaction(async (tx) => {
        await visibleAlert(tx, actor, id);
        const now = new Date();
        await tx
          .insert(alertComments)
          .values({ tenantId, alertId: id, userId: actor.userId, text: request.body.Text });
        await tx
          .update(alerts)
          .set({ updatedAt: now, firstResponseAt: sql`coalesce(${alerts.firstResponseAt}, ${now})` })
          .where(eq(alerts.id, id));
        await tx
          .insert(alertHistory)
          .values({ tenantId, alertId: id, userId: actor.userId, kind: 'comment' });
        return detailOf(tx, actor, id);
      });
      return reply.status(201).send(detail);
    },
  );
}
