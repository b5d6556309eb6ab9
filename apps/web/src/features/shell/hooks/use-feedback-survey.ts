import { useEffect, useState } from 'react';
import { SURVEY_FINISHED_MESSAGE } from '@loupe/contracts';
import { HOUR_MS, recall, remember } from '@/lib/remembered';
import { checkFeedbackSurvey, type FeedbackInvitation } from '../api/check-feedback-survey';

/** What the last check said, kept an hour per user (the spec's cookie). */
type FeedbackState =
  { status: 'available'; invitation: FeedbackInvitation } | { status: 'none' } | { status: 'finished' };

const storageKey = (userId: number) => `loupe.feedbackSurvey.${userId}`;

/**
 * The feedback button's state: checked at most once an hour per user, the invitation (and its token) reused
 * until then, hidden once the survey reports it finished.
 */
export function useFeedbackSurvey(userId: number) {
  const [state, setState] = useState<FeedbackState | undefined>(() =>
    recall<FeedbackState>(storageKey(userId)),
  );

  useEffect(() => {
    if (recall<FeedbackState>(storageKey(userId))) return;
    let current = true;
    void checkFeedbackSurvey()
      .then((invitation): FeedbackState =>
        invitation ? { status: 'available', invitation } : { status: 'none' },
      )
      .catch((error: unknown): FeedbackState => {
        // Only logged (shell spec §8); the next check comes after the hour like any other.
        console.warn('feedback survey check failed', error);
        return { status: 'none' };
      })
      .then((next) => {
        remember(storageKey(userId), next, HOUR_MS);
        if (current) setState(next);
      });
    return () => {
      current = false;
    };
  }, [userId]);

  const invitation = state?.status === 'available' ? state.invitation : undefined;

  useEffect(() => {
    if (!invitation) return;
    const surveyOrigin = new URL(invitation.SurveyUrl, window.location.href).origin;
    const onMessage = (event: MessageEvent<unknown>) => {
      if (event.origin !== surveyOrigin) return;
      // The respondent page (apps/respondent, parent-window.ts) posts `{ type, guid }` when the survey is done.
      const data = event.data as { type?: unknown; guid?: unknown } | null;
      if (typeof data !== 'object' || data === null || data.type !== SURVEY_FINISHED_MESSAGE) return;
      if (data.guid !== invitation.Token) return;
      const finished: FeedbackState = { status: 'finished' };
      remember(storageKey(userId), finished, HOUR_MS);
      setState(finished);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [invitation, userId]);

  return { invitation };
}
