import { feedbackSurveyInvitationSchema, type FeedbackSurveyInvitation } from '@loupe/contracts';
import { apiRequest } from '@/lib/api-client';

export type FeedbackInvitation = FeedbackSurveyInvitation;

/**
 * `GET /api/feedback-survey/check`: 200 with an invitation when the product's own feedback survey is on for
 * this tenant, 204 (undefined here) when not. Failures are only logged by the caller (shell spec §8).
 */
export function checkFeedbackSurvey(): Promise<FeedbackInvitation | undefined> {
  return apiRequest({
    path: '/api/feedback-survey/check',
    schema: feedbackSurveyInvitationSchema.optional(),
    showErrorDialog: false,
  });
}
