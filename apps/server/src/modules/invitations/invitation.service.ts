import {
  ErrorCode,
  INVITATION_CHANNELS,
  INVITATION_RULES,
  InteractionChannel,
  invitationState,
  type InvitationCreate,
  type InvitationCreateAnswer,
  type InvitationRow,
  type InvitationSkipReason,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { badRequest, notFound } from '../../errors.js';
import { requireTenant, type Actor } from '../../core/actor.js';
import { fieldRefusal } from '../../core/refusals.js';
import type { InvitationJobs } from './invitation-jobs.js';
import type {
  InvitationRepository,
  InviteeAddress,
  NewInvitation,
  SurveyForSending,
} from './invitation.repository.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

type Deps = { db: Db; repository: InvitationRepository; jobs: InvitationJobs; now?: () => Date };

/** The address an invitee is reached at on a channel; null when it has none. */
function addressOn(invitee: InviteeAddress, channel: number): string | null {
  switch (channel) {
    case InteractionChannel.Email:
      return invitee.email;
    case InteractionChannel.Sms:
      return invitee.msisdn;
    case InteractionChannel.Ivr:
    case InteractionChannel.Cati:
      return invitee.msisdn ?? invitee.phone;
    case InteractionChannel.Push:
      // The app's own id of the customer, which its push service knows.
      return invitee.callbackData;
    default:
      return null;
  }
}

/** The survey's invitation channels, the primary one first. */
function channelsInOrder(survey: SurveyForSending): number[] {
  const offered = survey.channels.filter((channel) =>
    INVITATION_CHANNELS.some((invitationChannel) => invitationChannel === channel),
  );
  const primary = offered.find((channel) => channel === survey.primaryChannel);
  return primary === undefined ? offered : [primary, ...offered.filter((channel) => channel !== primary)];
}

/** Channels whose message is written from a template here; the others' dispatchers have their own scripts. */
const needsTemplate = (channel: number) =>
  channel === InteractionChannel.Email || channel === InteractionChannel.Sms;

const expiryOf = (survey: SurveyForSending, at: Date) =>
  new Date(at.getTime() + (survey.expiryDays ?? INVITATION_RULES.defaultExpiryDays) * DAY_MS);

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
const isoText = (value: unknown) => iso(value)?.toISOString() ?? null;

export function createInvitationService({ db, repository, jobs, now = () => new Date() }: Deps) {
  async function openSurvey(tx: Executor, tenantId: number, surveyId: number): Promise<SurveyForSending> {
    const survey = await repository.survey(tx, tenantId, surveyId);
    if (!survey) throw notFound();
    if (!survey.open) throw badRequest(ErrorCode.SurveyClosed);
    return survey;
  }

  return {
    /**
     * One invitation per chosen invitee of the survey on its primary channel (else the first other channel the
     * invitee has an address for), queued for sending; an id that is not the survey's invitee refuses the whole
     * request (4044). Skipped, with the reason (docs/optouts.md): an opt-out in force, invited by this survey within its
     * CommunicationFrequencyDays, invited InvitationLimit times within the system rules' ContactFrequencyDays,
     * invited within the last INVITATION_RULES.oneInvitePerHours (same email or MSISDN, any survey of the
     * tenant, this request included), no address, no template for the channel.
     */
    async create(actor: Actor, surveyId: number, body: InvitationCreate): Promise<InvitationCreateAnswer> {
      const tenantId = requireTenant(actor);
      const at = now();
      const answer = await db.transaction(async (tx) => {
        const survey = await openSurvey(tx, tenantId, surveyId);
        const channels = channelsInOrder(survey);
        if (channels.length === 0) throw badRequest(ErrorCode.SurveyChannelNotOffered);
        await repository.lockTenant(tx, tenantId);
        const ids = [...new Set(body.InviteeIds)];
        const found = new Map(
          (await repository.invitees(tx, tenantId, surveyId, ids)).map((row) => [row.id, row]),
        );
        // Someone else's id (another survey's, another tenant's) is bad input: refused, nothing made.
        const unknown = ids.findIndex((id) => !found.has(id));
        if (unknown !== -1)
          throw fieldRefusal(
            ErrorCode.InviteeUnknown,
            `InviteeIds.${body.InviteeIds.indexOf(ids[unknown]!)}`,
            'Not an invitee of this survey.',
          );
        const rows = [...found.values()];
        const emails = rows.flatMap((row) => (row.email ? [row.email.toLowerCase()] : []));
        const msisdns = rows.flatMap((row) => (row.msisdn ? [row.msisdn] : []));
        const optedOut = await repository.optedOut(tx, { tenantId, emails, msisdns, at });
        const daysBefore = (days: number) => new Date(at.getTime() - days * DAY_MS);
        const frequency = survey.communicationFrequencyDays;
        const surveyRecent =
          frequency !== null && frequency > 0
            ? await repository.invitedSince(tx, {
                tenantId,
                emails,
                msisdns,
                surveyId,
                since: daysBefore(frequency),
              })
            : new Set<string>();
        const overLimit =
          survey.invitationLimit > 0 && survey.contactFrequencyDays > 0
            ? await repository.invitedSince(tx, {
                tenantId,
                emails,
                msisdns,
                since: daysBefore(survey.contactFrequencyDays),
                atLeast: survey.invitationLimit,
              })
            : new Set<string>();
        const recent = await repository.invitedSince(tx, {
          tenantId,
          emails,
          msisdns,
          since: new Date(at.getTime() - INVITATION_RULES.oneInvitePerHours * HOUR_MS),
        });

        const skipped: InvitationCreateAnswer['Skipped'] = [];
        const planned: { inviteeId: number; channel: number }[] = [];
        const skip = (InviteeId: number, Reason: InvitationSkipReason) => skipped.push({ InviteeId, Reason });
        for (const id of ids) {
          const invitee = found.get(id)!;
          const email = invitee.email?.toLowerCase() ?? null;
          const keys = [email, invitee.msisdn].filter((key): key is string => key !== null);
          if (keys.some((key) => optedOut.has(key))) {
            skip(id, 'OptedOut');
            continue;
          }
          if (keys.some((key) => surveyRecent.has(key))) {
            skip(id, 'SurveyCommunicationFrequency');
            continue;
          }
          if (keys.some((key) => overLimit.has(key))) {
            skip(id, 'GlobalInvitationRule');
            continue;
          }
          if (keys.some((key) => recent.has(key))) {
            skip(id, 'InvitedRecently');
            continue;
          }
          const channel = channels.find((candidate) => addressOn(invitee, candidate) !== null);
          if (channel === undefined) {
            skip(id, 'NoAddress');
            continue;
          }
          if (needsTemplate(channel) && !survey.templates.some((template) => template.Channel === channel)) {
            skip(id, 'NoTemplate');
            continue;
          }
          // The rule holds within one request too: a second invitee with the same address waits its turn.
          for (const key of keys) recent.add(key);
          planned.push({ inviteeId: id, channel });
        }

        const expiresAt = expiryOf(survey, at);
        const created = await repository.insertInvitations(
          tx,
          planned.map((plan): NewInvitation => ({
            tenantId,
            surveyId,
            inviteeId: plan.inviteeId,
            channel: plan.channel,
            invitedAt: at,
            expiresAt,
            isTest: false,
            testInvitationId: null,
          })),
        );
        // Push, IVR and CATI invitations wait for their dispatchers (Queued); e-mail and SMS go out now.
        await jobs.queue(
          created.filter((_row, index) => needsTemplate(planned[index]!.channel)).map((row) => row.messageId),
          tx,
        );
        return {
          Created: created.map((row, index) => ({
            InvitationId: row.invitationId,
            InviteeId: planned[index]!.inviteeId,
            Channel: planned[index]!.channel,
          })),
          Skipped: skipped,
        };
      });
      jobs.wake();
      return answer;
    },

    /**
     * The wizard's test invitation, in the caller's transaction (modules/surveys): one invitation per test user
     * with an address on the channel, marked is_test, outside the 5-hour rule; the request's sent_at is stamped
     * when the first of them is delivered. Call `wake` after the commit.
     */
    async createTestInvitations(
      tx: Executor,
      request: { id: number; tenantId: number; surveyId: number; testUserIds: number[]; channel: number },
    ): Promise<number> {
      const survey = await repository.survey(tx, request.tenantId, request.surveyId);
      if (!survey) throw notFound();
      const at = now();
      const users = await repository.testUsers(tx, request.tenantId, request.testUserIds);
      const rows: NewInvitation[] = [];
      for (const user of users) {
        const address = addressOn(
          { id: 0, email: user.email, msisdn: user.msisdn, phone: null, callbackData: null },
          request.channel,
        );
        if (address === null) continue;
        const inviteeId = await repository.insertTestInvitee(tx, {
          tenantId: request.tenantId,
          surveyId: request.surveyId,
          fullName: user.full_name,
          email: user.email,
          msisdn: user.msisdn,
          language: survey.language,
        });
        rows.push({
          tenantId: request.tenantId,
          surveyId: request.surveyId,
          inviteeId,
          channel: request.channel,
          invitedAt: at,
          expiresAt: expiryOf(survey, at),
          isTest: true,
          testInvitationId: request.id,
        });
      }
      const created = await repository.insertInvitations(tx, rows);
      if (needsTemplate(request.channel))
        await jobs.queue(
          created.map((row) => row.messageId),
          tx,
        );
      return created.length;
    },

    wake: () => jobs.wake(),

    /** One page of the survey's invitations, newest first, each with its state from its timestamps. */
    async list(
      actor: Actor,
      surveyId: number,
      page: { top: number; skip: number },
    ): Promise<{ Items: InvitationRow[]; Count: number }> {
      const tenantId = requireTenant(actor);
      if (!(await repository.survey(db, tenantId, surveyId))) throw notFound();
      const { items, count } = await repository.list(db, tenantId, surveyId, page);
      const at = now();
      return {
        Count: count,
        Items: items.map((row) => ({
          Id: Number(row.id),
          InviteeId: Number(row.invitee_id),
          FullName: row.full_name as string | null,
          Email: row.email as string | null,
          MSISDN: row.msisdn as string | null,
          Channel: row.channel as number,
          State: invitationState(
            {
              sentAt: iso(row.sent_at),
              deliveredAt: iso(row.delivered_at),
              openedAt: iso(row.opened_at),
              startedAt: iso(row.started_at),
              completedAt: iso(row.completed_at),
              failedAt: iso(row.failed_at),
              optedOutAt: iso(row.opted_out_at),
              expiresAt: iso(row.expires_at),
            },
            at,
          ),
          IsTest: row.is_test as boolean,
          InvitedAt: isoText(row.invited_at)!,
          ExpiresAt: isoText(row.expires_at),
          SentAt: isoText(row.sent_at),
          DeliveredAt: isoText(row.delivered_at),
          OpenedAt: isoText(row.opened_at),
          StartedAt: isoText(row.started_at),
          CompletedAt: isoText(row.completed_at),
          FailedAt: isoText(row.failed_at),
          FailureReason: row.failure_reason as string | null,
          OptedOutAt: isoText(row.opted_out_at),
          Attempts: row.attempts as number,
          RemindersSent: row.reminders_sent as number,
        })),
      };
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
