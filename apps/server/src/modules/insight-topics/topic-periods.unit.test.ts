import { describe, expect, it } from 'vitest';
import { periodSpan } from './topic-periods.js';

describe('periodSpan', () => {
  it('labels each kind of period key and gives its first and last day', () => {
    expect(periodSpan('day', 20260302)).toEqual({
      Label: '2026-03-02',
      From: '2026-03-02',
      To: '2026-03-02',
    });
    expect(periodSpan('month', 202402)).toEqual({ Label: '2024-02', From: '2024-02-01', To: '2024-02-29' });
    expect(periodSpan('quarter', 20254)).toEqual({ Label: '2025-Q4', From: '2025-10-01', To: '2025-12-31' });
    // ISO weeks: 2026-W01 starts on Monday 29 December 2025; 2020-W53 ends on Sunday 3 January 2021.
    expect(periodSpan('week', 202601)).toEqual({ Label: '2026-W01', From: '2025-12-29', To: '2026-01-04' });
    expect(periodSpan('week', 202053)).toEqual({ Label: '2020-W53', From: '2020-12-28', To: '2021-01-03' });
  });
});
