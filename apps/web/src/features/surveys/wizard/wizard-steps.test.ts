import { describe, expect, it } from 'vitest';
import { canOpen, openingStep } from './wizard-steps';

describe('openingStep', () => {
  it('starts a new survey at General', () => {
    expect(openingStep(undefined, null)).toBe('General');
  });

  it('resumes a draft after its furthest saved step, and a finished survey at Activate', () => {
    expect(openingStep(3, null)).toBe('Channel');
    expect(openingStep(6, null)).toBe('Activate');
  });

  it('honours ?step= only up to the step after the furthest saved one', () => {
    expect(openingStep(3, 'Flow')).toBe('Flow');
    expect(openingStep(1, 'Quota')).toBe('Flow');
    expect(openingStep(1, 'nonsense')).toBe('Flow');
  });
});

describe('canOpen', () => {
  it('opens saved steps and the next one', () => {
    expect(canOpen('Audience', 2)).toBe(true);
    expect(canOpen('Channel', 2)).toBe(false);
  });
});
