import { and, desc, eq, gt, isNull, notExists } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  invitations,
  invitees,
  sessions,
  surveys,
  systemConfigurations,
  users,
} from '../../db/schema/index.js';

/** Interaction channel of invitations made in the console itself (touchpoint). */
const TOUCHPOINT_CHANNEL = 11;
/** Session completion: 1 completed. */
const COMPLETED = 1;

export type FeedbackInvitee = {
  tenantId: number;
  surveyId: number;
  /** The staff user's id, kept in CustomData1 so the user's open invitation can be found again. */
  userKey: string;
  fullName: string;
  email: string | null;
  msisdn: string | null;
  language: string;
};

/** Reads and writes of the product-feedback survey's invitations; every query is limited to `tenantId`. */
export function createFeedbackSurveyRepository(db: Db) {
  return {
    async configuration(tenantId: number, section: string): Promise<string | undefined> {
      const [row] = await db
        .select({ json: systemConfigurations.jsonConfig })
        .from(systemConfigurations)
        .where(and(eq(systemConfigurations.tenantId, tenantId), eq(systemConfigurations.section, section)));
      return row?.json;
    },

    async isActiveSurvey(tenantId: number, surveyId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: surveys.id })
        .from(surveys)
        .where(and(eq(surveys.id, surveyId), eq(surveys.tenantId, tenantId), eq(surveys.isActive, true)));
      return row !== undefined;
    },

    async user(tenantId: number, userId: number) {
      const [row] = await db
        .select({
          fullName: users.fullName,
          email: users.email,
          msisdn: users.msisdn,
          language: users.language,
        })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)));
      return row;
    },

    /**
     * The user's latest unexpired touchpoint invitation to the survey that is not completed yet: neither marked so by
     * the respondent page (an anonymised survey's session does not name its invitation) nor with a completed session.
     */
    async openInvitation(invitee: FeedbackInvitee, now: Date): Promise<string | undefined> {
      const [row] = await db
        .select({ token: invitations.token })
        .from(invitations)
        .innerJoin(invitees, eq(invitees.id, invitations.inviteeId))
        .where(
          and(
            eq(invitations.tenantId, invitee.tenantId),
            eq(invitations.surveyId, invitee.surveyId),
            eq(invitations.channel, TOUCHPOINT_CHANNEL),
            gt(invitations.expiresAt, now),
            isNull(invitations.completedAt),
            eq(invitees.customData1, invitee.userKey),
            notExists(
              db
                .select({ id: sessions.id })
                .from(sessions)
                .where(and(eq(sessions.invitationId, invitations.id), eq(sessions.completion, COMPLETED))),
            ),
          ),
        )
        .orderBy(desc(invitations.invitedAt), desc(invitations.id))
        .limit(1);
      return row?.token;
    },

    /** A new invitee (the staff user) and a touchpoint invitation; returns the invitation's token. */
    createInvitation(
      invitee: FeedbackInvitee,
      { token, invitedAt, expiresAt }: { token: string; invitedAt: Date; expiresAt: Date },
    ): Promise<string> {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(invitees)
          .values({
            tenantId: invitee.tenantId,
            surveyId: invitee.surveyId,
            fullName: invitee.fullName,
            email: invitee.email,
            msisdn: invitee.msisdn,
            language: invitee.language,
            transactionDate: invitedAt,
            isTestUser: false,
            customData1: invitee.userKey,
          })
          .returning({ id: invitees.id });
        if (!created) throw new Error('invitee insert returned nothing');
        const [invitation] = await tx
          .insert(invitations)
          .values({
            tenantId: invitee.tenantId,
            inviteeId: created.id,
            surveyId: invitee.surveyId,
            channel: TOUCHPOINT_CHANNEL,
            token,
            invitedAt,
            expiresAt,
          })
          .returning({ token: invitations.token });
        if (!invitation) throw new Error('invitation insert returned nothing');
        return invitation.token;
      });
    },
  };
}

export type FeedbackSurveyRepository = ReturnType<typeof createFeedbackSurveyRepository>;
