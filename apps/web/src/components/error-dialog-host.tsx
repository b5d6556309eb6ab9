import { lazy, Suspense, useEffect, useState } from 'react';
import { onReportedError, type ReportedError } from '../lib/error-bus';

const ErrorDialog = lazy(async () => ({ default: (await import('./error-dialog')).ErrorDialog }));

/**
 * Listens for failures reported by `apiRequest` from the start, and shows the error dialog, loaded with the
 * first one. While a dialog is open, later failures (retries of the same call, usually) do not replace it.
 */
export function ErrorDialogHost() {
  const [error, setError] = useState<ReportedError | null>(null);
  const [used, setUsed] = useState(false);

  useEffect(
    () =>
      onReportedError((reported) => {
        setUsed(true);
        setError((shown) => shown ?? reported);
      }),
    [],
  );

  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ErrorDialog error={error} onClose={() => setError(null)} />
    </Suspense>
  );
}
