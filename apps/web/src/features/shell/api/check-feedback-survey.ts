import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const feedbackInvitationSchema = z.object({
  InvitationGuid: z.string(),
  Token: z.string(),
  SurveyUrl: z.string(),
});
export type FeedbackInvitation = z.infer<typeof feedbackInvitationSchema>;

/**
 * `GET /api/feedback-survey/check`: 200 with an invitation when the product's own feedback survey is on for
 * this tenant, 204 (undefined here) when not. Failures are only logged by the caller (shell spec §8).
 */
export function checkFeedbackSurvey(): Promise<FeedbackInvitation | undefined> {
  return apiRequest({
    path: '/api/feedback-survey/check',
    schema: feedbackInvitationSchema.optional(),
    showErrorDialog: false,
  });
}
