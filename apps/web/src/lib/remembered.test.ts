import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS, HOUR_MS, recall, remember } from './remembered';
import { memoryStorage } from './test-storage';

describe('remember and recall', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
  });

  it('keeps a value until it expires', () => {
    const now = 1_000_000;
    remember('loupe.tour.shell', true, 14 * DAY_MS, now);
    expect(recall('loupe.tour.shell', now + 14 * DAY_MS - 1)).toBe(true);
    expect(recall('loupe.tour.shell', now + 14 * DAY_MS)).toBeUndefined();
    // The expired entry is gone, not only hidden.
    expect(localStorage.getItem('loupe.tour.shell')).toBeNull();
  });

  it('keeps objects', () => {
    remember('loupe.feedbackSurvey.1', { status: 'none' }, HOUR_MS, 0);
    expect(recall('loupe.feedbackSurvey.1', HOUR_MS / 2)).toEqual({ status: 'none' });
  });

  it('forgets malformed entries', () => {
    localStorage.setItem('broken', '{not json');
    expect(recall('broken')).toBeUndefined();
    localStorage.setItem('old-format', 'true');
    expect(recall('old-format')).toBeUndefined();
  });
});
