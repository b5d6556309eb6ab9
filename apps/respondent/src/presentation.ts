import type { PublicSurvey } from '@loupe/contracts';

/*
 * A survey link's presentation frequency, honoured by the browser (docs/respondent-page.md "Presentation
 * frequency"). The page keeps what this browser did with a link as a mark: the visitor's mark in localStorage (it
 * outlives the visit), the visit's in sessionStorage (a new tab or a new browsing session is a new visit).
 *
 * 1 until interaction: offered on every visit until the visitor completes it or says "No, thanks".
 * 2 once per visitor:  offered to this browser once: the visit that first shows it marks the browser; a later
 *                      visit only resumes the session it started, and otherwise says it was already offered,
 *                      answered or declined.
 * 3 once per visit:    a visit that completed it sees its closing message, one that said "Not now" is left alone;
 *                      a new visit starts afresh.
 * An invitation (frequency null) is not touched: its own state says whether it is answered.
 */

export type Frequency = PublicSurvey['PresentationFrequency'];

/** What this browser did with a link: shown it (once per visitor only), completed it, or declined it. */
export type Mark = 'presented' | 'completed' | 'declined';

/** The visitor's mark (localStorage) and the visit's (sessionStorage). */
export type Marks = { visitor?: Mark; visit?: Mark };

/** What the page shows on arrival. */
export type Presentation =
  | 'offer'
  /** Completed from this browser (1, 2). */
  | 'answered'
  /** "No, thanks" from this browser (1, 2). */
  | 'declined'
  /** Once per visitor: shown before, and no unfinished session of this browser to resume. */
  | 'presented'
  /** Once per visit: completed in this visit, so the closing message again. */
  | 'visitFinished'
  /** Once per visit: "Not now" in this visit. */
  | 'visitDeclined';

/**
 * The page's rule. `resumable`: this browser keeps the key of an unfinished session of the link (a session started
 * on an earlier visit of a once-per-visitor link goes on: it is the one presentation, not a second).
 */
export function presentationOf(frequency: Frequency, marks: Marks, resumable: boolean): Presentation {
  switch (frequency) {
    case 1:
      return marks.visitor === 'completed' ? 'answered' : marks.visitor === 'declined' ? 'declined' : 'offer';
    case 2:
      if (marks.visitor === 'completed') return 'answered';
      if (marks.visitor === 'declined') return 'declined';
      return marks.visitor === 'presented' && !resumable ? 'presented' : 'offer';
    case 3:
      return marks.visit === 'completed'
        ? 'visitFinished'
        : marks.visit === 'declined'
          ? 'visitDeclined'
          : 'offer';
    case null:
      return 'offer';
  }
}

export type MarkEvent = 'shown' | 'completed' | 'declined';

/** The mark an event leaves, and where; undefined when the frequency keeps none for it. */
export function markAfter(
  frequency: Frequency,
  event: MarkEvent,
  marks: Marks,
): { store: keyof Marks; mark: Mark } | undefined {
  if (frequency === null) return undefined;
  const store = frequency === 3 ? 'visit' : 'visitor';
  if (event === 'shown') {
    // Only once per visitor counts a presentation; a later mark (completed, declined) is never undone by it.
    return frequency === 2 && marks.visitor === undefined ? { store, mark: 'presented' } : undefined;
  }
  return { store, mark: event };
}

/** Which decline control a link offers: "No, thanks" for good (1, 2) or "Not now" for this visit (3). */
export function declineOf(frequency: Frequency): 'declineForGood' | 'declineThisVisit' | undefined {
  if (frequency === null) return undefined;
  return frequency === 3 ? 'declineThisVisit' : 'declineForGood';
}

const markName = (guid: string) => `loupe.respondent.presentation.${guid}`;
const storeOf = (store: keyof Marks): Storage => (store === 'visit' ? sessionStorage : localStorage);
const MARKS: readonly string[] = ['presented', 'completed', 'declined'];

function readMark(store: keyof Marks, guid: string): Mark | undefined {
  try {
    const value = storeOf(store).getItem(markName(guid));
    return value !== null && MARKS.includes(value) ? (value as Mark) : undefined;
  } catch {
    return undefined;
  }
}

/** This browser's marks for a link. */
export function storedMarks(guid: string): Marks {
  return { visitor: readMark('visitor', guid), visit: readMark('visit', guid) };
}

/** Records what the event leaves (nothing for an invitation). Storage refused (a private window): nothing kept. */
export function recordPresentation(guid: string, frequency: Frequency, event: MarkEvent): void {
  const next = markAfter(frequency, event, storedMarks(guid));
  if (!next) return;
  try {
    storeOf(next.store).setItem(markName(guid), next.mark);
  } catch {
    // The survey still works; only the frequency cannot be honoured in this browser.
  }
}
