import { describe, expect, it } from 'vitest';
import { formatGigabytes, freePercent, prettyContext } from './health-format';

describe('health and log formatting', () => {
  it('writes bytes as gigabytes in the language', () => {
    expect(formatGigabytes(13_314_398_617, 'en')).toBe('12.4 GB');
    expect(formatGigabytes(13_314_398_617, 'tr')).toMatch(/^12,4\sGB$/);
  });

  it('gives the free share of the disk', () => {
    const disk = { Part: 'disk', State: 'ok', Value: 25, Secondary: 200, Detail: null } as const;
    expect(freePercent(disk)).toBe(12.5);
    expect(freePercent({ ...disk, Secondary: null })).toBeUndefined();
  });

  it('pretty-prints a JSON context and keeps other text', () => {
    expect(prettyContext('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyContext('{cut')).toBe('{cut');
    expect(prettyContext(null)).toBeUndefined();
  });
});
