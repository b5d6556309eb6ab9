import { INVITATION_RULES, InteractionChannel } from '@loupe/contracts';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../core/mailer.js';
import { invitationLinks } from '../message-templates/index.js';
import { renderEmail, renderText } from './invitation-render.js';
import {
  MessageKind,
  type ClaimedMessage,
  type InvitationRepository,
  type SurveyForSending,
} from './invitation.repository.js';
import { parseSmsGateway, sendSms, type SendOutcome } from './sms-gateway.js';

/*
 * One attempt at one message (docs/invitations.md, "Exactly once in effect"):
 *   1. claim the row (attempts + 1, attempt_started_at): no other worker sends it while the claim holds;
 *   2. stamp the handover (sent_at) and commit;
 *   3. hand the message to the SMTP server or the gateway;
 *   4. record the outcome: delivered (never sent again), failed for good, or released for a retry.
 * A node that dies between 3 and 4 leaves a claim that runs out after the lease; the message is then sent again:
 * that gap (milliseconds) is the only at-least-once window, and the e-mail's Message-ID and the gateway's
 * X-Loupe-Message-Id stay the same across attempts, so a receiver can drop the copy.
 */

/** A message to queue again after a temporary failure, and when. */
export type Retry = { messageId: number; afterSeconds: number };

type Deps = {
  db: Db;
  repository: InvitationRepository;
  mailer: Mailer;
  publicUrl: string;
  logger: FastifyBaseLogger;
  /** Seconds before the first retry of a temporary failure; each later one waits twice as long. */
  retrySeconds: number;
  /** How long a claim holds before another worker may take the message over. */
  leaseSeconds: number;
  /** Messages of one batch in flight at once. */
  concurrency: number;
};

const SURVEY_CACHE_MS = 5_000;

type NodemailerError = Error & { responseCode?: number; code?: string };

/** An SMTP failure as an outcome: a 5xx answer is permanent, a 4xx or no answer (connection, timeout) temporary. */
export function classifySmtpError(error: unknown): SendOutcome {
  const { responseCode, code, message } = error as NodemailerError;
  const reason = `SMTP: ${responseCode ? `${responseCode} ` : ''}${code ? `${code} ` : ''}${message}`.slice(
    0,
    500,
  );
  if (responseCode !== undefined && responseCode >= 500) return { kind: 'permanent', reason };
  return { kind: 'temporary', reason };
}

/** Why a message is no longer to be sent, or null while it is. */
function stopReason(message: ClaimedMessage, now: Date): string | null {
  if (message.completedAt) return 'Completed';
  if (message.optedOutAt || message.optedOut) return 'OptedOut';
  if (message.kind !== MessageKind.Invitation && message.failedAt) return 'InvitationFailed';
  if (message.expiresAt && message.expiresAt.getTime() <= now.getTime()) return 'Expired';
  // A not-started reminder is for someone who has not begun; the not-finished one for someone who has.
  if (message.kind === MessageKind.Reminder && message.startedAt) return 'Started';
  return null;
}

/** The subject and body of a message: the survey's invitation template of its channel, or its reminder's. */
function templateOf(message: ClaimedMessage, survey: SurveyForSending) {
  if (message.kind === MessageKind.Invitation)
    return survey.templates.find((template) => template.Channel === message.channel);
  return survey.reminder
    ? { Channel: message.channel, Subject: survey.reminder.Subject, Body: survey.reminder.Body }
    : undefined;
}

export function createInvitationSender(deps: Deps) {
  const { db, repository, mailer, publicUrl } = deps;
  const host = new URL(publicUrl).hostname || 'loupe.local';

  // The survey's settings, read once per few seconds rather than once per message: a batch of one survey's
  // invitations reads it once; a template edit reaches the sender within SURVEY_CACHE_MS.
  const surveys = new Map<string, { at: number; survey: Promise<SurveyForSending | undefined> }>();
  function surveyOf(message: ClaimedMessage): Promise<SurveyForSending | undefined> {
    const key = `${message.tenantId}:${message.surveyId}`;
    const cached = surveys.get(key);
    if (cached && Date.now() - cached.at < SURVEY_CACHE_MS) return cached.survey;
    if (surveys.size > 1_000) surveys.clear();
    const survey = repository.survey(db, message.tenantId, message.surveyId);
    surveys.set(key, { at: Date.now(), survey });
    survey.catch(() => surveys.delete(key));
    return survey;
  }

  /** A message ready to leave: its Message-ID and the handover itself. */
  type Ready = { message: ClaimedMessage; providerId: string; send: () => Promise<SendOutcome> };

  /** What a message needs before it leaves; an outcome at once when it cannot (no template, address, gateway). */
  async function prepare(message: ClaimedMessage, survey: SurveyForSending): Promise<Ready | SendOutcome> {
    const template = templateOf(message, survey);
    if (!template) return { kind: 'permanent', reason: 'NoTemplate' };
    const links = invitationLinks(publicUrl, message.token);
    const input = { invitee: message.values, links };
    const providerId = `<inv-${message.id}.${message.tenantId}@${host}>`;

    if (message.channel === InteractionChannel.Email) {
      const to = message.email;
      if (!to) return { kind: 'permanent', reason: 'NoAddress' };
      if (!mailer.configured) return { kind: 'temporary', reason: 'SMTP_URL is not set' };
      const mail = renderEmail(template, {
        ...input,
        fallbackSubject: survey.title,
        language: survey.language,
      });
      const headers = {
        'List-Unsubscribe': `<${links.unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      };
      return {
        message,
        providerId,
        send: () =>
          mailer.send({ to, ...mail, messageId: providerId, headers }).then(
            (): SendOutcome => ({ kind: 'delivered', providerId }),
            (error: unknown) => classifySmtpError(error),
          ),
      };
    }

    if (message.channel === InteractionChannel.Sms) {
      const to = message.msisdn;
      if (!to) return { kind: 'permanent', reason: 'NoAddress' };
      const gateway = parseSmsGateway(await repository.smsGatewayJson(db, message.tenantId));
      if (!gateway) return { kind: 'temporary', reason: 'SmsGateway is not configured' };
      const text = renderText(template, input);
      return { message, providerId, send: () => sendSms(gateway, { to, text, messageId: providerId }) };
    }
    // Push, IVR and CATI are queued for their own dispatchers: nothing is sent from here.
    return { kind: 'permanent', reason: 'ChannelNotSent' };
  }

  /** Records one attempt's outcome; the seconds before the retry when a temporary failure leaves attempts. */
  async function record(message: ClaimedMessage, outcome: SendOutcome): Promise<number | undefined> {
    switch (outcome.kind) {
      case 'delivered':
        await repository.markDelivered(db, message, outcome.providerId);
        return undefined;
      case 'permanent':
        await repository.markFailed(db, message, outcome.reason);
        return undefined;
      case 'temporary':
        if (message.attempts >= INVITATION_RULES.sendAttempts) {
          await repository.markFailed(db, message, outcome.reason);
          return undefined;
        }
        await repository.releaseForRetry(db, message, outcome.reason);
        return deps.retrySeconds * 2 ** (message.attempts - 1);
    }
  }

  return {
    /**
     * One attempt at each of these messages (those another worker holds, or that are done, are skipped): claimed
     * in one statement, handed over in one, sent `concurrency` at a time, each outcome recorded as it comes.
     * Answers the messages to try again, with their back-off.
     */
    async attempt(messageIds: number[]): Promise<Retry[]> {
      const claimed = await repository.claim(db, messageIds, deps.leaseSeconds);
      const now = new Date();
      const ready: Ready[] = [];
      const retries: Retry[] = [];
      const settle = async (message: ClaimedMessage, outcome: SendOutcome) => {
        const after = await record(message, outcome);
        if (after !== undefined) retries.push({ messageId: message.id, afterSeconds: after });
      };
      for (const message of claimed) {
        const stop = stopReason(message, now);
        if (stop) {
          await repository.markDropped(db, message, stop);
          continue;
        }
        const survey = await surveyOf(message);
        const prepared = survey
          ? await prepare(message, survey)
          : ({ kind: 'permanent', reason: 'SurveyNotFound' } as const);
        if ('send' in prepared) ready.push(prepared);
        else await settle(message, prepared);
      }
      // A fault of ours past this point (the database) throws: the claims run out and the messages go again.
      await repository.markSent(db, ready);
      const limit = pLimit(deps.concurrency);
      await Promise.all(ready.map((item) => limit(async () => settle(item.message, await item.send()))));
      return retries;
    },
  };
}

export type InvitationSender = ReturnType<typeof createInvitationSender>;
