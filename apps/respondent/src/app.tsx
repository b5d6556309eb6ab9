import type { PublicSurvey, PublicSurveyState } from '@loupe/contracts';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError, getSurvey, optOut } from './api';
import { storedSessionKey, storeSessionKey } from './answers';
import { Finished } from './components/finished';
import { OptOut } from './components/opt-out';
import { SurveyForm } from './components/survey-form';
import { applyLanguage, pageLanguage, translator } from './i18n';
import { pageModeOf } from './page-mode';
import { notifyFinished } from './parent-window';
import { presentationOf, recordPresentation, storedMarks, type Presentation } from './presentation';

/** `/s/{guid}` the survey; `/s/{guid}/optout` the mailed unsubscribe link (asks first, then records the opt-out). */
function parseRoute(pathname: string): { guid: string; optOut: boolean } {
  const [, , guid = '', action] = pathname.split('/');
  return { guid: decodeURIComponent(guid), optOut: action === 'optout' };
}

type View =
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'loadFailed' }
  | { kind: 'state'; state: Exclude<PublicSurveyState, 'Open'> }
  | { kind: 'optOut' }
  | { kind: 'survey' }
  | { kind: 'finished' }
  /** A survey link this browser has answered, declined or been offered before (its presentation frequency). */
  | { kind: 'presentation'; presentation: Exclude<Presentation, 'offer' | 'visitFinished'> }
  /** A once-per-visit link completed earlier in this visit: its closing message again, without the redirect. */
  | { kind: 'visitFinished' };

const STATE_TEXT = {
  Expired: 'stateExpired',
  Completed: 'stateCompleted',
  OptedOut: 'stateOptedOut',
  Closed: 'stateClosed',
} as const;

const PRESENTATION_TEXT = {
  answered: 'stateCompleted',
  declined: 'linkDeclined',
  presented: 'linkPresented',
  visitDeclined: 'linkDeclinedThisVisit',
} as const;

/** The API codes of a save refused in a closed state (docs/respondent-api.md). */
const STATE_OF_CODE: Record<number, Exclude<PublicSurveyState, 'Open'>> = {
  4030: 'Expired',
  4031: 'Completed',
  4032: 'OptedOut',
  4033: 'Closed',
};

export function App() {
  const route = useMemo(() => parseRoute(window.location.pathname), []);
  // An agent's page (the console's CATI screen): compact, no opt-out, no decline, no redirect (page-mode.ts).
  const agent = useMemo(() => pageModeOf(window.location.search) === 'agent', []);
  const [survey, setSurvey] = useState<PublicSurvey>();
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const language = pageLanguage(survey?.Language ?? navigator.language);
  const t = useMemo(() => translator(language), [language]);

  useEffect(() => applyLanguage(language), [language]);
  useEffect(() => {
    if (survey) document.title = survey.Title;
  }, [survey]);

  useEffect(() => {
    let current = true;
    getSurvey(route.guid, storedSessionKey(route.guid), language)
      .then((loaded) => {
        if (!current) return;
        setSurvey(loaded);
        if (!agent && route.optOut && loaded.CanOptOut && loaded.State !== 'OptedOut')
          setView({ kind: 'optOut' });
        else if (loaded.State === 'Open' && agent) setView({ kind: 'survey' });
        else if (loaded.State === 'Open') {
          const frequency = loaded.PresentationFrequency;
          const shown = presentationOf(
            frequency,
            storedMarks(route.guid),
            storedSessionKey(route.guid) !== undefined,
          );
          if (shown === 'offer') {
            recordPresentation(route.guid, frequency, 'shown');
            setView({ kind: 'survey' });
          } else if (shown === 'visitFinished') setView({ kind: 'visitFinished' });
          else setView({ kind: 'presentation', presentation: shown });
        } else {
          if (loaded.State === 'Completed') notifyFinished(route.guid);
          setView({ kind: 'state', state: loaded.State });
        }
      })
      .catch((error: unknown) => {
        if (!current) return;
        const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
        setView({ kind: notFound ? 'notFound' : 'loadFailed' });
      });
    return () => {
      current = false;
    };
    // The page's language follows the survey once loaded; loading again for it would be a loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [route, agent, attempt]);

  const body = (() => {
    switch (view.kind) {
      case 'loading':
        return (
          <p class="status" role="status">
            {t('loading')}
          </p>
        );
      case 'notFound':
        return <p class="status">{t('notFound')}</p>;
      case 'loadFailed':
        return (
          <div class="status">
            <p role="alert">{t('loadFailed')}</p>
            <button
              type="button"
              class="button primary"
              onClick={() => {
                setView({ kind: 'loading' });
                setAttempt((n) => n + 1);
              }}
            >
              {t('retry')}
            </button>
          </div>
        );
      case 'state':
        return <p class="status">{t(STATE_TEXT[view.state])}</p>;
      case 'optOut':
        return (
          <OptOut
            t={t}
            onConfirm={() => optOut(route.guid, {}, language)}
            onCancel={
              survey?.State === 'Open'
                ? () => {
                    window.history.replaceState(null, '', `/s/${encodeURIComponent(route.guid)}`);
                    setView({ kind: 'survey' });
                  }
                : undefined
            }
          />
        );
      case 'survey':
        return (
          <SurveyForm
            guid={route.guid}
            survey={survey!}
            t={t}
            agent={agent}
            onFinished={() => {
              if (!agent) recordPresentation(route.guid, survey!.PresentationFrequency, 'completed');
              notifyFinished(route.guid);
              setView({ kind: 'finished' });
            }}
            onDecline={() => {
              const frequency = survey!.PresentationFrequency;
              recordPresentation(route.guid, frequency, 'declined');
              // A declined session is not resumed: the next offer (once per visit) starts afresh.
              storeSessionKey(route.guid, undefined);
              setView({
                kind: 'presentation',
                presentation: frequency === 3 ? 'visitDeclined' : 'declined',
              });
            }}
            onClosed={(code) => setView({ kind: 'state', state: STATE_OF_CODE[code] ?? 'Closed' })}
            onOptOut={() => setView({ kind: 'optOut' })}
          />
        );
      case 'finished':
        return <Finished survey={survey!} t={t} redirect={!agent} agent={agent} />;
      case 'visitFinished':
        return <Finished survey={survey!} t={t} redirect={false} />;
      case 'presentation':
        return (
          <p class="status" role="status">
            {t(PRESENTATION_TEXT[view.presentation])}
          </p>
        );
    }
  })();

  return (
    <main class={agent ? 'page agent' : 'page'}>
      {agent && (
        <p class="agent-mode" role="note">
          {t('agentMode')}
        </p>
      )}
      {survey && <h1 class="title">{survey.Title}</h1>}
      {body}
    </main>
  );
}
