import type { PublicAnswer, PublicSurvey } from '@loupe/contracts';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  pagePost,
  pageProblems,
  shownIds,
  storeSessionKey,
  storedSessionKey,
  topIdsOf,
  visiblePages,
  type Problem,
} from '../answers';
import { ApiError, saveAnswers } from '../api';
import type { Translate } from '../i18n';
import { declineOf } from '../presentation';
import { QuestionView } from './question';

type Props = {
  guid: string;
  survey: PublicSurvey;
  t: Translate;
  /** An agent fills the survey in for the customer (page-mode.ts): no opt-out link, no decline buttons. */
  agent?: boolean;
  onFinished: () => void;
  /** A save refused in a closed state: 4030–4033. */
  onClosed: (code: number) => void;
  onOptOut: () => void;
  /** A survey link's "No, thanks" / "Not now" (docs/respondent-page.md "Presentation frequency"). */
  onDecline: () => void;
};

type Notice = 'errorSummary' | 'saveFailed' | 'tooMany' | 'notAccepted';

/**
 * The survey's pages: one page at a time, its answers saved when the respondent moves on (the last page with
 * Complete), resumed at the saved page with the saved answers after a reload.
 */
export function SurveyForm({
  guid,
  survey,
  t,
  agent = false,
  onFinished,
  onClosed,
  onOptOut,
  onDecline,
}: Props) {
  const decline = agent ? undefined : declineOf(survey.PresentationFrequency);
  const [answers, setAnswers] = useState<Map<number, PublicAnswer>>(
    () => new Map(survey.Answers.map((answer) => [answer.QuestionId, answer])),
  );
  const [pageIndex, setPageIndex] = useState(survey.ResumePage);
  const [problems, setProblems] = useState<Map<number, Problem>>(new Map());
  const [notice, setNotice] = useState<Notice>();
  const [saving, setSaving] = useState(false);
  const topRef = useRef<HTMLDivElement>(null);
  const firstRenderRef = useRef(true);

  const shown = useMemo(() => shownIds(survey, answers), [survey, answers]);
  const visible = visiblePages(survey, shown);
  // A resumed page that display logic now empties falls to the nearest page before it that shows something.
  const current = visible.includes(pageIndex)
    ? pageIndex
    : ([...visible].reverse().find((index) => index < pageIndex) ?? visible[0] ?? 0);
  const position = visible.indexOf(current);
  const nextPage = visible[position + 1];
  const previousPage = position > 0 ? visible[position - 1] : undefined;
  const page = survey.Pages[current] ?? [];

  // A new page starts at its top, announced through the progress text; the first render keeps the focus put.
  useEffect(() => {
    if (firstRenderRef.current) {
      firstRenderRef.current = false;
      return;
    }
    topRef.current?.focus();
    topRef.current?.scrollIntoView?.({ block: 'start' });
  }, [current]);

  const onAnswer = (questionId: number, change: Partial<PublicAnswer>) => {
    setAnswers((before) => {
      const next = new Map(before);
      next.set(questionId, { ...before.get(questionId), ...change, QuestionId: questionId });
      return next;
    });
    setProblems((before) => {
      if (before.size === 0) return before;
      const next = new Map(before);
      for (const question of page) {
        if (question.Id === questionId || question.SubQuestions.some((row) => row.Id === questionId)) {
          next.delete(question.Id);
        }
      }
      return next;
    });
  };

  const showProblems = (found: Map<number, Problem>) => {
    setProblems(found);
    setNotice('errorSummary');
    const first = page.find((question) => found.has(question.Id));
    if (first) {
      requestAnimationFrame(() => {
        const element = document.getElementById(`q${first.Id}`);
        element?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
      });
    }
  };

  const moveOn = async () => {
    const found = pageProblems(page, answers, shown);
    if (found.size > 0) return showProblems(found);
    const complete = nextPage === undefined;
    setSaving(true);
    setNotice(undefined);
    try {
      const key = storedSessionKey(guid);
      const result = await saveAnswers(
        guid,
        {
          Answers: pagePost(page, answers, shown),
          Complete: complete,
          Page: complete ? current : nextPage,
          ...(key ? { SessionKey: key } : {}),
        },
        survey.Language,
      );
      if (complete) {
        storeSessionKey(guid, undefined);
        onFinished();
        return;
      }
      // An identified invitation's key is its guid: nothing to keep.
      if (result.SessionKey !== guid) {
        storeSessionKey(guid, result.SessionKey, survey.PresentationFrequency === 3);
      }
      setProblems(new Map());
      setPageIndex(nextPage);
    } catch (error) {
      handleSaveError(error);
    } finally {
      setSaving(false);
    }
  };

  const handleSaveError = (error: unknown) => {
    if (!(error instanceof ApiError)) return setNotice('saveFailed');
    if (error.code !== undefined && error.code >= 4030 && error.code <= 4033) return onClosed(error.code);
    if (error.code === 4034) {
      const ids = (error.details as { QuestionIds?: number[] } | undefined)?.QuestionIds ?? [];
      const tops = new Set(topIdsOf(survey, ids));
      // Complete checks every page: go back to the first page with a missing answer.
      const missingPage = survey.Pages.findIndex((p) => p.some((question) => tops.has(question.Id)));
      if (missingPage >= 0 && missingPage !== current) setPageIndex(missingPage);
      const found = new Map<number, Problem>([...tops].map((id) => [id, 'required' as const]));
      setProblems(found);
      setNotice('errorSummary');
      return;
    }
    if (error.status === 429) return setNotice('tooMany');
    setNotice(error.code === 4035 ? 'notAccepted' : 'saveFailed');
  };

  const total = Math.max(visible.length, 1);
  return (
    <form
      class="survey"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving) void moveOn();
      }}
    >
      <div class="progress-block" ref={topRef} tabIndex={-1}>
        <div
          class="progress"
          role="progressbar"
          aria-label={t('progressLabel')}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={position + 1}
          aria-valuetext={t('progress', { page: position + 1, pages: total })}
        >
          <div class="progress-fill" style={{ inlineSize: `${((position + 1) / total) * 100}%` }} />
        </div>
        <p class="progress-text" aria-live="polite">
          {t('progress', { page: position + 1, pages: total })}
        </p>
      </div>
      {/* The agent reads the call's script instead: the opening text is filled with the customer's name, which a
          mask:invitee agent must not see. */}
      {position === 0 && !agent && survey.OpeningMessage && (
        <div class="message opening" dangerouslySetInnerHTML={{ __html: survey.OpeningMessage }} />
      )}
      {page
        .filter((question) => shown.has(question.Id))
        .map((question) => (
          <QuestionView
            key={question.Id}
            question={question}
            answers={answers}
            onAnswer={onAnswer}
            problem={problems.get(question.Id)}
            t={t}
          />
        ))}
      <div class="notice" role="alert">
        {/* The summary goes once every problem it summed up is answered. */}
        {notice && (notice !== 'errorSummary' || problems.size > 0) && <p class="error">{t(notice)}</p>}
      </div>
      <div class="actions">
        {previousPage !== undefined && (
          <button
            type="button"
            class="button"
            disabled={saving}
            onClick={() => {
              setProblems(new Map());
              setNotice(undefined);
              setPageIndex(previousPage);
            }}
          >
            {t('back')}
          </button>
        )}
        <button type="submit" class="button primary" disabled={saving} aria-busy={saving}>
          {saving ? t('saving') : nextPage === undefined ? t('complete') : t('next')}
        </button>
      </div>
      {survey.CanOptOut && !agent && (
        <p class="footer">
          <button type="button" class="link-button" onClick={onOptOut}>
            {t('optOut')}
          </button>
        </p>
      )}
      {decline && (
        <p class="footer">
          <button type="button" class="link-button" disabled={saving} onClick={onDecline}>
            {t(decline)}
          </button>
        </p>
      )}
    </form>
  );
}
