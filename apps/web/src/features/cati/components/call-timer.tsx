import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../cati-values';

/** How long the call has run, from its start on the server, ticking each second (never below zero). */
export function CallTimer({ startedAt }: { startedAt: string }) {
  const { t } = useTranslation('cati');
  const started = Date.parse(startedAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, (now - started) / 1000);
  // Announced on request only: a live region ticking each second would drown everything else.
  return (
    <span role="timer" aria-label={t('call.timer')}>
      {formatDuration(Math.floor(seconds))}
    </span>
  );
}
