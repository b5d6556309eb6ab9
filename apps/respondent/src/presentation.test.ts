import { describe, expect, it } from 'vitest';
import { declineOf, markAfter, presentationOf, type Frequency, type Marks } from './presentation';

/** Two visits of one browser: what the first leaves (by the rule's own marks) and what the second shows. */
function secondVisit(
  frequency: Frequency,
  first: 'leave' | 'completed' | 'declined',
  { sameVisit, resumable = false }: { sameVisit: boolean; resumable?: boolean },
) {
  const marks: Marks = {};
  const apply = (event: 'shown' | 'completed' | 'declined') => {
    const next = markAfter(frequency, event, marks);
    if (next) marks[next.store] = next.mark;
  };
  expect(presentationOf(frequency, marks, false)).toBe('offer');
  apply('shown');
  if (first !== 'leave') apply(first);
  // A new visit is a new sessionStorage: the visit's mark is gone, the visitor's (localStorage) stays.
  const seen: Marks = sameVisit ? marks : { visitor: marks.visitor };
  return presentationOf(frequency, seen, resumable);
}

describe('a survey link’s presentation frequency in one browser', () => {
  it('1 until interaction: offered again until completed or declined, then never again', () => {
    expect(secondVisit(1, 'leave', { sameVisit: false })).toBe('offer');
    expect(secondVisit(1, 'leave', { sameVisit: false, resumable: true })).toBe('offer');
    expect(secondVisit(1, 'completed', { sameVisit: false })).toBe('answered');
    expect(secondVisit(1, 'declined', { sameVisit: false })).toBe('declined');
    expect(secondVisit(1, 'completed', { sameVisit: true })).toBe('answered');
  });

  it('2 once per visitor: a later visit only resumes the session the first one started', () => {
    expect(secondVisit(2, 'leave', { sameVisit: false })).toBe('presented');
    expect(secondVisit(2, 'leave', { sameVisit: false, resumable: true })).toBe('offer');
    expect(secondVisit(2, 'completed', { sameVisit: false })).toBe('answered');
    expect(secondVisit(2, 'declined', { sameVisit: false })).toBe('declined');
    // Showing it again (a resume) never turns "completed" or "declined" back into "presented".
    expect(markAfter(2, 'shown', { visitor: 'completed' })).toBeUndefined();
    expect(markAfter(2, 'shown', { visitor: 'presented' })).toBeUndefined();
  });

  it('3 once per visit: the visit that completed or declined it keeps that; a new visit starts afresh', () => {
    expect(secondVisit(3, 'completed', { sameVisit: true })).toBe('visitFinished');
    expect(secondVisit(3, 'declined', { sameVisit: true })).toBe('visitDeclined');
    expect(secondVisit(3, 'leave', { sameVisit: true })).toBe('offer');
    expect(secondVisit(3, 'completed', { sameVisit: false })).toBe('offer');
    expect(secondVisit(3, 'declined', { sameVisit: false })).toBe('offer');
    expect(markAfter(3, 'completed', {})).toEqual({ store: 'visit', mark: 'completed' });
  });

  it('leaves an invitation alone (its own state says whether it is answered) and offers no decline there', () => {
    expect(markAfter(null, 'completed', {})).toBeUndefined();
    expect(presentationOf(null, { visitor: 'completed', visit: 'declined' }, false)).toBe('offer');
    expect(declineOf(null)).toBeUndefined();
    expect([1, 2, 3].map((f) => declineOf(f as Frequency))).toEqual([
      'declineForGood',
      'declineForGood',
      'declineThisVisit',
    ]);
  });

  it('reads only the store its frequency uses (a link changed from once per visit to until interaction starts afresh)', () => {
    expect(presentationOf(1, { visit: 'completed' }, false)).toBe('offer');
    expect(presentationOf(3, { visitor: 'completed' }, false)).toBe('offer');
  });
});
