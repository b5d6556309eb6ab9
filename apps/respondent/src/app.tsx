import type { PublicSurvey, PublicSurveyState } from '@loupe/contracts';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError, getSurvey, optOut } from './api';
import { storedSessionKey } from './answers';
import { Finished } from './components/finished';
import { OptOut } from './components/opt-out';
import { SurveyForm } from './components/survey-form';
import { applyLanguage, pageLanguage, translator } from './i18n';
import { notifyFinished } from './parent-window';

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
  | { kind: 'finished' };

const STATE_TEXT = {
  Expired: 'stateExpired',
  Completed: 'stateCompleted',
  OptedOut: 'stateOptedOut',
  Closed: 'stateClosed',
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
        if (route.optOut && loaded.CanOptOut && loaded.State !== 'OptedOut') setView({ kind: 'optOut' });
        else if (loaded.State === 'Open') setView({ kind: 'survey' });
        else {
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
  }, [route, attempt]);

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
            onFinished={() => {
              notifyFinished(route.guid);
              setView({ kind: 'finished' });
            }}
            onClosed={(code) => setView({ kind: 'state', state: STATE_OF_CODE[code] ?? 'Closed' })}
            onOptOut={() => setView({ kind: 'optOut' })}
          />
        );
      case 'finished':
        return <Finished survey={survey!} t={t} />;
    }
  })();

  return (
    <main class="page">
      {survey && <h1 class="title">{survey.Title}</h1>}
      {body}
    </main>
  );
}
