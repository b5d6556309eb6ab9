import {
  ELIMINATION_REASON_LABELS,
  IMPORT_FIELDS,
  IMPORT_LOG_STATUS,
  IMPORT_LOG_STATUS_LABELS,
  STAGED_RECORD_STATUS,
  STAGED_RECORD_STATUS_LABELS,
  type EliminationReason,
} from '@loupe/contracts';

/*
 * The names of the data flow's states, reasons and fields, from the contracts' labels (English, Turkish, Arabic;
 * every other console language reads English, as the catalogues do). An unknown value shows as its number, so a
 * newer server never leaves a cell blank.
 */

type Label = { en: string; tr: string; ar: string };

/** The label in the console's language: Turkish and Arabic have their own, every other language reads English. */
function labelIn(label: Label | undefined, language: string, fallback: string): string {
  if (label === undefined) return fallback;
  if (language === 'tr' || language === 'ar') return label[language];
  return label.en;
}

export function importStatusLabel(status: number, language: string): string {
  return labelIn(IMPORT_LOG_STATUS_LABELS[status], language, String(status));
}

export function stagedStatusLabel(status: number, language: string): string {
  return labelIn(STAGED_RECORD_STATUS_LABELS[status], language, String(status));
}

export function eliminationReasonLabel(reason: number, language: string): string {
  return labelIn(ELIMINATION_REASON_LABELS[reason as EliminationReason], language, String(reason));
}

const FIELD_LABELS = new Map<string, Label>(IMPORT_FIELDS.map((field) => [field.Field, field.names]));

/** An invitee field's name (`InviteeEmail` → "Email"); custom data slots are named by lib/custom-data-label.ts. */
export function importFieldLabel(field: string, language: string): string {
  return labelIn(FIELD_LABELS.get(field), language, field);
}

/** The colour of a status tag: antd's preset status colours. */
type Tone = 'default' | 'processing' | 'success' | 'warning' | 'error';

/** An import log's tone: running blue, waiting orange, done green, refused or failed red. */
export function importStatusTone(status: number): Tone {
  switch (status) {
    case IMPORT_LOG_STATUS.Initial:
    case IMPORT_LOG_STATUS.New:
    case IMPORT_LOG_STATUS.Processing:
    case IMPORT_LOG_STATUS.Approved:
      return 'processing';
    case IMPORT_LOG_STATUS.WaitingForApproval:
      return 'warning';
    case IMPORT_LOG_STATUS.Processed:
      return 'success';
    case IMPORT_LOG_STATUS.Rejected:
    case IMPORT_LOG_STATUS.Failed:
      return 'error';
    default:
      return 'default';
  }
}

/** A staged record's tone: moved green, removed red, waiting blue. */
export function stagedStatusTone(status: number): Tone {
  switch (status) {
    case STAGED_RECORD_STATUS.Moved:
      return 'success';
    case STAGED_RECORD_STATUS.Removed:
      return 'error';
    case STAGED_RECORD_STATUS.New:
    case STAGED_RECORD_STATUS.Processed:
      return 'processing';
    default:
      return 'default';
  }
}

/** Whether the import is still being read and checked (the detail polls and shows the progress bar). */
export function isImportRunning(status: number): boolean {
  return (
    status === IMPORT_LOG_STATUS.Initial ||
    status === IMPORT_LOG_STATUS.New ||
    status === IMPORT_LOG_STATUS.Processing ||
    status === IMPORT_LOG_STATUS.Approved
  );
}
