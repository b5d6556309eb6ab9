import { describe, expect, it } from 'vitest';
import { compactionDue } from './replica.js';

const bound = { compactAfter: 200_000, compactShare: 0.2 };

describe('compactionDue', () => {
  it('waits for the fixed bound on a small replica', () => {
    expect(compactionDue({ churn: 199_999, sortedSessions: 100_000, lastPass: 0 }, bound)).toBe(false);
    expect(compactionDue({ churn: 200_000, sortedSessions: 100_000, lastPass: 0 }, bound)).toBe(true);
  });

  it('waits for a fifth of a large replica re-read', () => {
    // 10M sessions: 200,000 re-read is a fiftieth, not yet worth a sort of every row.
    expect(compactionDue({ churn: 200_000, sortedSessions: 10_000_000, lastPass: 0 }, bound)).toBe(false);
    expect(compactionDue({ churn: 1_999_999, sortedSessions: 10_000_000, lastPass: 0 }, bound)).toBe(false);
    expect(compactionDue({ churn: 2_000_000, sortedSessions: 10_000_000, lastPass: 0 }, bound)).toBe(true);
  });

  it('holds a due compaction while answers arrive in bulk, up to twice the bound', () => {
    const bulk = { sortedSessions: 1_000_000, lastPass: 5_000 };
    expect(compactionDue({ ...bulk, churn: 200_000 }, bound)).toBe(false);
    expect(compactionDue({ ...bulk, churn: 399_999 }, bound)).toBe(false);
    expect(compactionDue({ ...bulk, churn: 400_000 }, bound)).toBe(true);
    // The first small pass after the bulk is the lull it waited for.
    expect(compactionDue({ ...bulk, churn: 200_000, lastPass: 999 }, bound)).toBe(true);
  });
});
