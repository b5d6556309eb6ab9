import { SURVEY_LIMITS, type SurveyPrioritisationRow, type SurveyPrioritisationSave } from '@loupe/contracts';

/*
 * The prioritisation table's edits (issue 16 §5): what the user typed per survey, checked as the API checks it
 * (whole numbers from 1, both or neither), and the save body holding only the rows that changed. Pure, tested
 * apart from the page.
 */

export type Limit = Pick<SurveyPrioritisationRow, 'MaxInvitationsPerInterval' | 'IntervalMinutes'>;

/** Edited rows by survey id; a row not in the map shows what the server sent. */
export type Drafts = ReadonlyMap<number, Limit>;

export type LimitProblem = 'bothOrNone' | 'wholeNumber' | 'maxInvitationsRange' | 'intervalRange';

function inRange(value: number | null, max: number): boolean {
  return value === null || (value >= 1 && value <= max);
}

/** What is wrong with a row's limit, or null: both numbers or neither, whole, from 1 to the contract's maximum. */
export function limitProblem({
  MaxInvitationsPerInterval: max,
  IntervalMinutes: minutes,
}: Limit): LimitProblem | null {
  if ((max === null) !== (minutes === null)) return 'bothOrNone';
  if ((max !== null && !Number.isInteger(max)) || (minutes !== null && !Number.isInteger(minutes)))
    return 'wholeNumber';
  if (!inRange(max, SURVEY_LIMITS.maxInvitationsPerIntervalMax)) return 'maxInvitationsRange';
  if (!inRange(minutes, SURVEY_LIMITS.intervalMinutesMax)) return 'intervalRange';
  return null;
}

/** The row as shown: the draft when there is one. */
export function shownLimit(row: SurveyPrioritisationRow, drafts: Drafts): Limit {
  const { MaxInvitationsPerInterval, IntervalMinutes } = drafts.get(row.SurveyId) ?? row;
  return { MaxInvitationsPerInterval, IntervalMinutes };
}

function sameLimit(a: Limit, b: Limit): boolean {
  return (
    a.MaxInvitationsPerInterval === b.MaxInvitationsPerInterval && a.IntervalMinutes === b.IntervalMinutes
  );
}

/** The editable rows whose draft differs from what the server sent. */
export function changedRows(
  rows: readonly SurveyPrioritisationRow[],
  drafts: Drafts,
): SurveyPrioritisationRow[] {
  return rows.filter((row) => {
    const draft = drafts.get(row.SurveyId);
    return row.Editable && draft !== undefined && !sameLimit(draft, row);
  });
}

/** `PUT /api/survey-prioritization`'s body: only the changed rows; null when nothing changed. */
export function saveBody(
  rows: readonly SurveyPrioritisationRow[],
  drafts: Drafts,
): SurveyPrioritisationSave | null {
  const changed = changedRows(rows, drafts);
  if (changed.length === 0) return null;
  return {
    Items: changed.map((row) => ({ SurveyId: row.SurveyId, ...shownLimit(row, drafts) })),
  };
}

/** The drafts with one row's field set; a draft equal to the server's row is dropped. */
export function withDraft(
  drafts: Drafts,
  row: SurveyPrioritisationRow,
  field: keyof Limit,
  value: number | null,
): Drafts {
  const next = new Map(drafts);
  const draft = { ...shownLimit(row, drafts), [field]: value };
  if (sameLimit(draft, row)) next.delete(row.SurveyId);
  else next.set(row.SurveyId, draft);
  return next;
}
