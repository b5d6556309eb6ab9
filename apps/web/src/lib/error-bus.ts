/*
 * The global error dialog's feed (shell spec §8): the query client reports here each query or mutation that
 * failed with an `ApiError` meant for the dialog (HTTP 400 or 5xx, the call did not opt out), once it has
 * given up; the one dialog mounted in the app providers listens. Code outside TanStack Query may report too.
 */

/** A failed call as the dialog shows it. */
export type ReportedError = { status: number; code: number; message: string; supportId: string | null };

type Listener = (error: ReportedError) => void;

const listeners = new Set<Listener>();

/** Whether an answer with this status belongs in the global dialog: 400 and the 5xx family. */
export function isDialogStatus(status: number): boolean {
  return status === 400 || status >= 500;
}

export function reportError(error: ReportedError): void {
  for (const listener of listeners) listener(error);
}

export function onReportedError(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
