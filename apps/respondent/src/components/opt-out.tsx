import { useEffect, useRef, useState } from 'preact/hooks';
import type { Translate } from '../i18n';

type Props = {
  t: Translate;
  onConfirm: () => Promise<void>;
  /** Back to the survey, when it is open. */
  onCancel: (() => void) | undefined;
};

/** The unsubscribe step: asks first, then records the opt-out and says so. */
export function OptOut({ t, onConfirm, onCancel }: Props) {
  const [status, setStatus] = useState<'ask' | 'sending' | 'done' | 'failed'>('ask');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  if (status === 'done') {
    return (
      <p class="status" role="status">
        {t('optOutDone')}
      </p>
    );
  }
  return (
    <section class="opt-out" aria-labelledby="opt-out-title">
      <h2 id="opt-out-title" ref={headingRef} tabIndex={-1}>
        {t('optOutTitle')}
      </h2>
      <p>{t('optOutQuestion')}</p>
      {status === 'failed' && (
        <p role="alert" class="error">
          {t('optOutFailed')}
        </p>
      )}
      <div class="actions">
        {onCancel && (
          <button type="button" class="button" onClick={onCancel}>
            {t('optOutCancel')}
          </button>
        )}
        <button
          type="button"
          class="button primary"
          disabled={status === 'sending'}
          onClick={() => {
            setStatus('sending');
            onConfirm().then(
              () => setStatus('done'),
              () => setStatus('failed'),
            );
          }}
        >
          {t('optOutConfirm')}
        </button>
      </div>
    </section>
  );
}
