import type { SurveyPrioritisationRow } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import {
  changedRows,
  limitProblem,
  saveBody,
  shownLimit,
  withDraft,
  type Drafts,
} from './prioritisation-drafts';

const row = (id: number, editable = true): SurveyPrioritisationRow => ({
  SurveyId: id,
  Title: `Survey ${id}`,
  IsActive: true,
  Channels: [1],
  PrimaryChannel: 1,
  MaxInvitationsPerInterval: 100,
  IntervalMinutes: 60,
  Editable: editable,
});
const rows = [row(1), row(2), row(3, false)];
const none: Drafts = new Map();

describe('limitProblem', () => {
  it('takes both whole numbers from 1, or neither', () => {
    expect(limitProblem({ MaxInvitationsPerInterval: 5, IntervalMinutes: 10 })).toBeNull();
    expect(limitProblem({ MaxInvitationsPerInterval: null, IntervalMinutes: null })).toBeNull();
    expect(limitProblem({ MaxInvitationsPerInterval: 5, IntervalMinutes: null })).toBe('bothOrNone');
    expect(limitProblem({ MaxInvitationsPerInterval: null, IntervalMinutes: 5 })).toBe('bothOrNone');
    expect(limitProblem({ MaxInvitationsPerInterval: 1.5, IntervalMinutes: 5 })).toBe('wholeNumber');
    expect(limitProblem({ MaxInvitationsPerInterval: 0, IntervalMinutes: 5 })).toBe('maxInvitationsRange');
    expect(limitProblem({ MaxInvitationsPerInterval: 10_000_001, IntervalMinutes: 5 })).toBe(
      'maxInvitationsRange',
    );
    expect(limitProblem({ MaxInvitationsPerInterval: 5, IntervalMinutes: 43_201 })).toBe('intervalRange');
  });
});

describe('drafts', () => {
  it('keep a changed field and drop a draft set back to what the server sent', () => {
    const edited = withDraft(none, rows[0]!, 'IntervalMinutes', 30);
    expect(shownLimit(rows[0]!, edited)).toEqual({ MaxInvitationsPerInterval: 100, IntervalMinutes: 30 });
    expect(changedRows(rows, edited).map((changed) => changed.SurveyId)).toEqual([1]);
    expect(withDraft(edited, rows[0]!, 'IntervalMinutes', 60).size).toBe(0);
  });

  it('save only the changed editable rows', () => {
    let drafts = withDraft(none, rows[1]!, 'MaxInvitationsPerInterval', null);
    drafts = withDraft(drafts, rows[1]!, 'IntervalMinutes', null);
    drafts = withDraft(drafts, rows[2]!, 'IntervalMinutes', 5);
    expect(saveBody(rows, drafts)).toEqual({
      Items: [{ SurveyId: 2, MaxInvitationsPerInterval: null, IntervalMinutes: null }],
    });
    expect(saveBody(rows, none)).toBeNull();
  });
});
