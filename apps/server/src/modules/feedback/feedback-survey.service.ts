import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Actor } from '../../core/actor.js';
import type { FeedbackInvitee, FeedbackSurveyRepository } from './feedback-survey.repository.js';

/** The system configuration section naming the product-feedback survey: `{ "SurveyId": n }`. */
const FEEDBACK_SURVEY_SECTION = 'FeedbackSurvey';
/** How long one invitation is offered again before the user gets a new one. */
const INVITATION_LIFETIME_MS = 24 * 60 * 60 * 1000;

const sectionSchema = z.object({ SurveyId: z.number().int().positive() });

/** `GET /api/feedback-survey/check` with 200. */
export type FeedbackSurveyInvitation = { InvitationGuid: string; Token: string; SurveyUrl: string };

function configuredSurveyId(json: string | undefined): number | undefined {
  if (json === undefined) return undefined;
  try {
    const parsed = sectionSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data.SurveyId : undefined;
  } catch {
    return undefined;
  }
}

type Deps = { repository: FeedbackSurveyRepository; publicUrl: string; now?: () => Date };

/**
 * The console's feedback button: when the tenant names an active survey about the product, the signed-in user
 * is invited to it through the touchpoint channel. An open invitation (unexpired, not yet completed) is offered
 * again rather than a new one, so reopening the survey continues it.
 */
export function createFeedbackSurveyService({ repository, publicUrl, now = () => new Date() }: Deps) {
  return {
    /** The invitation to show, or null when there is no feedback survey for the caller. */
    async check(actor: Actor): Promise<FeedbackSurveyInvitation | null> {
      // Installation-wide users belong to no tenant and so to no tenant's survey.
      if (actor.tenantId === null) return null;
      const tenantId = actor.tenantId;
      const surveyId = configuredSurveyId(await repository.configuration(tenantId, FEEDBACK_SURVEY_SECTION));
      if (surveyId === undefined || !(await repository.isActiveSurvey(tenantId, surveyId))) return null;
      const user = await repository.user(tenantId, actor.userId);
      if (!user) return null;

      const invitee: FeedbackInvitee = {
        tenantId,
        surveyId,
        userKey: String(actor.userId),
        fullName: user.fullName,
        email: user.email,
        msisdn: user.msisdn,
        language: user.language ?? 'tr',
      };
      const invitedAt = now();
      const token =
        (await repository.openInvitation(invitee, invitedAt)) ??
        (await repository.createInvitation(invitee, {
          token: randomUUID(),
          invitedAt,
          expiresAt: new Date(invitedAt.getTime() + INVITATION_LIFETIME_MS),
        }));
      return { InvitationGuid: token, Token: token, SurveyUrl: `${publicUrl}/s/${token}` };
    },
  };
}
