import type { PublicSurvey } from '@loupe/contracts';
import { useEffect, useRef } from 'preact/hooks';
import type { Translate } from '../i18n';
import { isFramed } from '../parent-window';

/** Only web addresses are followed after the survey (the survey's RedirectUrl is staff input). */
function redirectTarget(url: string | null): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The closing page: the survey's closing message (HTML the server filled and sanitised) or a plain thank-you,
 * then the redirect after the survey's seconds when it names an address. Inside the console's feedback dialog
 * the page stays: the dialog shows the closing message and the respondent closes it.
 */
export function Finished({
  survey,
  t,
  redirect = true,
  agent = false,
}: {
  survey: PublicSurvey;
  t: Translate;
  /** False when a once-per-visit link shows its closing message again later in the visit (docs/respondent-page.md). */
  redirect?: boolean;
  /** The agent's page (page-mode.ts): a line telling the agent what to record. */
  agent?: boolean;
}) {
  const regionRef = useRef<HTMLDivElement>(null);
  const target = isFramed() || !redirect ? undefined : redirectTarget(survey.RedirectUrl);
  const seconds = Math.max(survey.RedirectSeconds ?? 0, 0);

  useEffect(() => {
    regionRef.current?.focus();
    if (!target) return;
    const timer = setTimeout(() => window.location.assign(target), seconds * 1000);
    return () => clearTimeout(timer);
  }, [target, seconds]);

  return (
    <div class="finished" ref={regionRef} tabIndex={-1} role="status">
      {survey.ClosingMessage ? (
        <div class="message" dangerouslySetInnerHTML={{ __html: survey.ClosingMessage }} />
      ) : (
        <p>{t('thanks')}</p>
      )}
      {agent && <p class="agent-finished">{t('agentFinished')}</p>}
      {target && (
        <p>
          {t('redirecting', { seconds })} <a href={target}>{t('redirectNow')}</a>
        </p>
      )}
    </div>
  );
}
