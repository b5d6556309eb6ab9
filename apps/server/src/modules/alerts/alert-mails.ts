import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import { ALERT_PLACEHOLDERS, AlertStatus, toLanguageCode } from '@loupe/contracts';
import { escapeHtml, type Mailer } from '../../core/mailer.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { alertHistory, alertRules, alerts } from '../../db/schema/index.js';
import type { JobQueue, QueueSettings } from '../../jobs/job-queue.js';
import type { Scheduler } from '../../jobs/scheduler.js';
import { rowsOf } from '../../db/rows-of.js';
import { alertEventData, emitIntegrationEvent } from '../integrations/index.js';
import { answersOf } from './alert-answers.js';

/*
 * Alert mails (docs/alerts.md "Alerts, states, mails and statistics"). The `alerts` schedule (every minute)
 * takes the alerts whose creation mail is still to queue (mail_queued_at null: the outbox the rule evaluation
 * fills) and queues one `alert-mail` job per recipient in the same transaction that sets mail_queued_at, and
 * escalates overdue alerts once. Each job sends one mail with a stable Message-ID, so a retry is the same mail.
 */

const ALERT_SCHEDULE = 'alerts';
const MAIL_QUEUE = 'alert-mail';
const PER_TICK = 200;
const TICK_SETTINGS: QueueSettings = { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 300 };
const MAIL_SETTINGS: QueueSettings = { retryLimit: 5, retryDelaySeconds: 60, expireInSeconds: 300 };

type MailKind = 'created' | 'assigned' | 'escalated' | 'action';
/** One mail to one user; `event` tells mails of the same kind apart (a history row's id). */
type AlertMailJob = { alertId: number; userId: number; kind: MailKind; event: number };

type Owner = { userId: number | null; roleId: number | null };

/** The users an owner stands for: the user, or the active members of the role. */
export async function recipientsOf(tx: Executor, owner: Owner): Promise<number[]> {
  if (owner.userId !== null) return [owner.userId];
  if (owner.roleId === null) return [];
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`SELECT u.id FROM user_roles ur JOIN users u ON u.id = ur.user_id
        WHERE ur.role_id = ${owner.roleId} AND u.is_active ORDER BY u.id`,
  );
  return rows.map((row) => Number(row.id));
}

/** The manager of the alert's channel or of its nearest ancestor that has one. */
async function branchManagerOf(tx: Executor, channelId: number | null): Promise<number[]> {
  if (channelId === null) return [];
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`SELECT t.manager_user_id AS id FROM transaction_channels t, transaction_channels c
        WHERE c.id = ${channelId} AND t.id = ANY(c.path) AND t.manager_user_id IS NOT NULL
        ORDER BY cardinality(t.path) DESC LIMIT 1`,
  );
  return rows.map((row) => Number(row.id));
}

/** The members of the owner's role; a user owner: the members of the user's roles (the user among them). */
async function escalationRecipientsOf(tx: Executor, owner: Owner): Promise<number[]> {
  if (owner.userId === null) return recipientsOf(tx, owner);
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`SELECT DISTINCT u.id FROM user_roles own JOIN user_roles ur ON ur.role_id = own.role_id
        JOIN users u ON u.id = ur.user_id WHERE own.user_id = ${owner.userId} AND u.is_active ORDER BY u.id`,
  );
  return rows.map((row) => Number(row.id));
}

/** Queues one mail job per user in the transaction `tx` (call `wakeMails` after it commits). */
export async function queueAlertMails(
  tx: Executor,
  jobs: JobQueue,
  job: Omit<AlertMailJob, 'userId'>,
  userIds: number[],
): Promise<void> {
  for (const userId of new Set(userIds)) await jobs.send(MAIL_QUEUE, { ...job, userId }, { within: tx });
}

export const wakeMails = (jobs: JobQueue) => jobs.wake(MAIL_QUEUE);

/**
 * Runs the rule's actions for the status the alert has just reached (alert_rules.actions): emailOwner and
 * emailBranchManager queue mails; integration writes the alert's event to the integration outbox for the named
 * source (and a history note).
 */
export async function runRuleActions(
  tx: Executor,
  jobs: JobQueue,
  alert: { id: number; tenantId: number; ruleId: number | null; channelId: number | null } & Owner,
  status: number,
  event: number,
): Promise<void> {
  if (alert.ruleId === null) return;
  const [rule] = await tx
    .select({ actions: alertRules.actions })
    .from(alertRules)
    .where(eq(alertRules.id, alert.ruleId));
  for (const action of (rule?.actions ?? []).filter((entry) => entry.Status === status)) {
    if (action.Action === 'integration') {
      // The named source gets the alert's event through the integration outbox (docs/integrations.md).
      if (action.IntegrationId !== null)
        await emitIntegrationEvent(tx, {
          tenantId: alert.tenantId,
          event: event === 0 ? 'alert.created' : 'alert.status_changed',
          sourceId: action.IntegrationId,
          data: await alertEventData(tx, alert.id),
        });
      await tx.insert(alertHistory).values({
        tenantId: alert.tenantId,
        alertId: alert.id,
        kind: 'action',
        toStatus: status,
        note:
          action.IntegrationId === null
            ? 'integration: no integration named'
            : `integration: queued for integration source ${action.IntegrationId}`,
      });
      continue;
    }
    const users =
      action.Action === 'emailOwner'
        ? await recipientsOf(tx, alert)
        : await branchManagerOf(tx, alert.channelId);
    await queueAlertMails(tx, jobs, { alertId: alert.id, kind: 'action', event: event * 10 + status }, users);
  }
}

/** An alert's owner and what its rule's actions need. */
export const alertOwner = {
  id: alerts.id,
  tenantId: alerts.tenantId,
  ruleId: alerts.ruleId,
  channelId: alerts.channelId,
  status: alerts.status,
  userId: alerts.assignedUserId,
  roleId: alerts.assignedRoleId,
};

/** Queues the creation mails of the alerts still in the outbox, each alert claimed in its own transaction. */
async function queueCreated(db: Db, jobs: JobQueue): Promise<void> {
  const pending = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(isNull(alerts.mailQueuedAt))
    .orderBy(alerts.createdAt, alerts.id)
    .limit(PER_TICK);
  for (const { id } of pending) {
    await db.transaction(async (tx) => {
      const [alert] = await tx
        .update(alerts)
        .set({ mailQueuedAt: new Date() })
        .where(and(eq(alerts.id, id), isNull(alerts.mailQueuedAt)))
        .returning(alertOwner);
      if (!alert) return;
      await queueAlertMails(
        tx,
        jobs,
        { alertId: id, kind: 'created', event: 0 },
        await recipientsOf(tx, alert),
      );
      await runRuleActions(tx, jobs, alert, alert.status, 0);
    });
  }
}

/**
 * Escalates each overdue alert once: a mail to the members of the owner's role (a user owner: of the user's
 * roles) and a history row 'escalated'.
 */
async function escalateOverdue(db: Db, jobs: JobQueue): Promise<void> {
  const now = new Date();
  const overdue = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(isNull(alerts.escalatedAt), lt(alerts.dueAt, now), ne(alerts.status, AlertStatus.Completed)))
    .orderBy(alerts.dueAt, alerts.id)
    .limit(PER_TICK);
  for (const { id } of overdue) {
    await db.transaction(async (tx) => {
      const [alert] = await tx
        .update(alerts)
        .set({ escalatedAt: now })
        .where(and(eq(alerts.id, id), isNull(alerts.escalatedAt)))
        .returning(alertOwner);
      if (!alert) return;
      const [row] = await tx
        .insert(alertHistory)
        .values({ tenantId: alert.tenantId, alertId: id, kind: 'escalated', note: 'overdue' })
        .returning({ id: alertHistory.id });
      const users = await escalationRecipientsOf(tx, alert);
      await queueAlertMails(tx, jobs, { alertId: id, kind: 'escalated', event: row!.id }, users);
    });
  }
}

type Language = 'tr' | 'en' | 'ar';
type Texts = Record<MailKind, { subject: string; body: string }> & { link: string };

const TEXTS: Record<Language, Texts> = {
  en: {
    created: {
      subject: 'New alert: {{AlertTitle}}',
      body: 'A new alert was raised by "{{AlertTitle}}" on {{AlertCreatedDate}}.\n\nCustomer: {{FullName}}\n{{QuestionsAndAnswers}}',
    },
    action: {
      subject: 'Alert update: {{AlertTitle}}',
      body: 'The alert raised by "{{AlertTitle}}" on {{AlertCreatedDate}} has changed.\n\n{{QuestionsAndAnswers}}',
    },
    assigned: {
      subject: 'Alert assigned to you: {{AlertTitle}}',
      body: 'The alert raised by "{{AlertTitle}}" on {{AlertCreatedDate}} was assigned to you.\n\n{{QuestionsAndAnswers}}',
    },
    escalated: {
      subject: 'Overdue alert: {{AlertTitle}}',
      body: 'The alert raised by "{{AlertTitle}}" on {{AlertCreatedDate}} is overdue and still open.\n\n{{QuestionsAndAnswers}}',
    },
    link: 'Open the alert: {{AlertDetailLink}}',
  },
  tr: {
    created: {
      subject: 'Yeni alarm: {{AlertTitle}}',
      body: '"{{AlertTitle}}" kuralı {{AlertCreatedDate}} tarihinde yeni bir alarm oluşturdu.\n\nMüşteri: {{FullName}}\n{{QuestionsAndAnswers}}',
    },
    action: {
      subject: 'Alarm güncellendi: {{AlertTitle}}',
      body: '"{{AlertTitle}}" kuralının {{AlertCreatedDate}} tarihli alarmı değişti.\n\n{{QuestionsAndAnswers}}',
    },
    assigned: {
      subject: 'Size atanan alarm: {{AlertTitle}}',
      body: '"{{AlertTitle}}" kuralının {{AlertCreatedDate}} tarihli alarmı size atandı.\n\n{{QuestionsAndAnswers}}',
    },
    escalated: {
      subject: 'Süresi geçen alarm: {{AlertTitle}}',
      body: '"{{AlertTitle}}" kuralının {{AlertCreatedDate}} tarihli alarmının süresi geçti ve hâlâ açık.\n\n{{QuestionsAndAnswers}}',
    },
    link: 'Alarmı açın: {{AlertDetailLink}}',
  },
  ar: {
    created: {
      subject: 'تنبيه جديد: {{AlertTitle}}',
      body: 'أنشأت القاعدة "{{AlertTitle}}" تنبيهًا جديدًا في {{AlertCreatedDate}}.\n\nالعميل: {{FullName}}\n{{QuestionsAndAnswers}}',
    },
    action: {
      subject: 'تحديث تنبيه: {{AlertTitle}}',
      body: 'تغيّر التنبيه الذي أنشأته القاعدة "{{AlertTitle}}" في {{AlertCreatedDate}}.\n\n{{QuestionsAndAnswers}}',
    },
    assigned: {
      subject: 'تنبيه مسند إليك: {{AlertTitle}}',
      body: 'أُسند إليك التنبيه الذي أنشأته القاعدة "{{AlertTitle}}" في {{AlertCreatedDate}}.\n\n{{QuestionsAndAnswers}}',
    },
    escalated: {
      subject: 'تنبيه متأخر: {{AlertTitle}}',
      body: 'التنبيه الذي أنشأته القاعدة "{{AlertTitle}}" في {{AlertCreatedDate}} متأخر وما زال مفتوحًا.\n\n{{QuestionsAndAnswers}}',
    },
    link: 'افتح التنبيه: {{AlertDetailLink}}',
  },
};

function languageOf(language: string | null): Language {
  const code = toLanguageCode(language) ?? 'tr';
  return code === 'en' || code === 'ar' ? code : 'tr';
}

/** `{{Name}}` replaced by its value (unknown placeholders stay as written). */
type Placeholder = (typeof ALERT_PLACEHOLDERS)[number];
const isPlaceholder = (name: string): name is Placeholder =>
  (ALERT_PLACEHOLDERS as readonly string[]).includes(name);
const fill = (template: string, values: Record<Placeholder, string>, escape: (value: string) => string) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    isPlaceholder(name) ? escape(values[name]) : escape(whole),
  );

type MailContext = {
  email: string | null;
  language: string | null;
  isActive: boolean;
  masked: boolean;
  title: string | null;
  subject: string | null;
  body: string | null;
  zone: string;
  createdLocal: string;
  sessionId: number | null;
  questionId: number | null;
  experience: string | null;
  fullName: string | null;
  channel: string | null;
  product: string | null;
  employee: string | null;
};

/** Sends one alert mail: the rule's subject and body (creation and actions) or the default texts. */
async function sendAlertMail(db: Db, mailer: Mailer, publicUrl: string, job: AlertMailJob): Promise<void> {
  const [context] = await rowsOf<MailContext>(
    db,
    sql`
    SELECT u.email, u.language, u.is_active AS "isActive",
      EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id
              WHERE ur.user_id = u.id AND 'mask:invitee' = ANY(r.scopes)) AS masked,
      r.title, r.email_subject AS subject, r.email_body AS body, t.time_zone AS zone,
      to_char(a.created_at AT TIME ZONE t.time_zone, 'YYYY-MM-DD HH24:MI') AS "createdLocal",
      a.session_id AS "sessionId", a.question_id AS "questionId",
      (SELECT e.name FROM questions q JOIN experiences e ON e.id = q.experience_id WHERE q.id = a.question_id) AS experience,
      (SELECT i.full_name FROM invitees i WHERE i.id = a.invitee_id) AS "fullName",
      (SELECT c.name FROM transaction_channels c WHERE c.id = a.channel_id) AS channel,
      (SELECT p.name FROM products p WHERE p.id = a.product_id) AS product,
      (SELECT m.full_name FROM employees m WHERE m.id = a.employee_id) AS employee
    FROM alerts a JOIN tenants t ON t.id = a.tenant_id
      JOIN users u ON u.id = ${job.userId} AND u.tenant_id = a.tenant_id
      LEFT JOIN alert_rules r ON r.id = a.rule_id
    WHERE a.id = ${job.alertId}`,
  );
  // A deleted alert, a user moved away, deactivated or without an address: nothing to send.
  if (!context?.email || !context.isActive) return;
  const answers = context.sessionId === null ? [] : await answersOf(db, Number(context.sessionId), false);
  const answer = answers.find((entry) => entry.QuestionId === Number(context.questionId));
  const values: Record<Placeholder, string> = {
    AlertTitle: context.title ?? '',
    AlertExperience: context.experience ?? '',
    AlertAnswer: answer?.Answer ?? '',
    AlertCreatedDate: context.createdLocal,
    AlertDetailLink: `${publicUrl}/alerts/${job.alertId}`,
    QuestionsAndAnswers: answers.map((entry) => `${entry.Question}: ${entry.Answer ?? ''}`).join('\n'),
    FullName: context.masked && context.fullName ? '***' : (context.fullName ?? ''),
    TransactionChannelName: context.channel ?? '',
    ProductName: context.product ?? '',
    EmployeeFullName: context.employee ?? '',
  };
  const texts = TEXTS[languageOf(context.language)];
  const ownTexts = (job.kind === 'created' || job.kind === 'action') && context.body?.trim();
  const subject = (ownTexts && context.subject?.trim()) || texts[job.kind].subject;
  const body = `${ownTexts ? context.body! : texts[job.kind].body}\n\n${texts.link}`;
  const html = fill(escapeHtml(body), values, escapeHtml).replace(/\n/g, '<br>\n');
  const host = new URL(publicUrl).hostname || 'loupe.local';
  await mailer.send({
    to: context.email,
    subject: fill(subject, values, (value) => value.replace(/[\r\n]+/g, ' ')),
    text: fill(body, values, (value) => value),
    html: `<div>${html}</div>`,
    messageId: `<alert-${job.alertId}-${job.kind}-${job.event}-${job.userId}@${host}>`,
  });
}

export function alertMailJobs({
  db,
  jobs,
  scheduler,
  mailer,
  publicUrl,
}: {
  db: Db;
  jobs: JobQueue;
  scheduler: Scheduler;
  mailer: Mailer;
  publicUrl: string;
}): void {
  jobs.work<AlertMailJob>(MAIL_QUEUE, MAIL_SETTINGS, (job) => sendAlertMail(db, mailer, publicUrl, job));
  scheduler.add({
    name: ALERT_SCHEDULE,
    cron: '* * * * *',
    settings: TICK_SETTINGS,
    async handler() {
      await queueCreated(db, jobs);
      await escalateOverdue(db, jobs);
      wakeMails(jobs);
    },
  });
}
