import { describe, expect, it } from 'vitest';
import { pageModeOf } from './page-mode';

describe('pageModeOf: the respondent page in agent mode (CATI)', () => {
  it('is agent mode only for mode=agent', () => {
    expect(pageModeOf('?mode=agent')).toBe('agent');
    expect(pageModeOf('?lang=tr&mode=agent')).toBe('agent');
    expect(pageModeOf('mode=agent')).toBe('agent');
  });

  it('is the respondent page otherwise', () => {
    expect(pageModeOf('')).toBe('respondent');
    expect(pageModeOf('?mode=Agent')).toBe('respondent');
    expect(pageModeOf('?mode=agents')).toBe('respondent');
    expect(pageModeOf('?mode=')).toBe('respondent');
    expect(pageModeOf('?modeagent')).toBe('respondent');
  });
});
