import { z } from 'zod';

/** `GET /api/feedback-survey/check` 200: the invitation the feedback button opens (204 when there is none). */
export const feedbackSurveyInvitationSchema = z.object({
  /** The invitation's id (its uuid token). */
  InvitationGuid: z.string(),
  /** What the survey link carries. */
  Token: z.string(),
  SurveyUrl: z.string(),
});
export type FeedbackSurveyInvitation = z.infer<typeof feedbackSurveyInvitationSchema>;
