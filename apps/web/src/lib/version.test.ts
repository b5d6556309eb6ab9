import { describe, expect, it } from 'vitest';
import { compareVersions, isServerNewer } from './version';

describe('compareVersions', () => {
  it.each([
    ['1.9.5', '1.9.5', 0],
    ['1.9.6', '1.9.5', 1],
    ['1.10.0', '1.9.5', 1],
    ['2.0.0', '1.99.99', 1],
    ['1.9.4', '1.9.5', -1],
    ['1.9', '1.9.0', 0],
    ['v1.9.5', '1.9.5', 0],
    ['1.9.5+build.7', '1.9.5', 0],
    ['1.9.5-rc.1', '1.9.5', -1],
    ['1.9.5-rc.10', '1.9.5-rc.2', 1],
  ])('%s against %s is %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });
});

describe('isServerNewer', () => {
  it('asks for a reload only when the server is ahead', () => {
    expect(isServerNewer('1.9.6', '1.9.5')).toBe(true);
    expect(isServerNewer('1.9.5', '1.9.5')).toBe(false);
    expect(isServerNewer('1.9.4', '1.9.5')).toBe(false);
  });
});
