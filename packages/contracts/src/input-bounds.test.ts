import { describe, expect, it } from 'vitest';
import { INT32_MAX, MAX_FILTER_IDS, idList, int32Id, int32IdParam, safeText } from './input-bounds.js';
import { VALIDATION_MESSAGES } from './validators.js';

describe('input bounds', () => {
  it('takes ids within PostgreSQL integer and refuses 2^31', () => {
    expect(int32Id.safeParse(INT32_MAX).success).toBe(true);
    expect(int32Id.safeParse(INT32_MAX + 1).success).toBe(false);
    expect(int32Id.safeParse(0).success).toBe(false);
    expect(int32IdParam.safeParse('2147483647').data).toBe(INT32_MAX);
    expect(int32IdParam.safeParse('2147483648').success).toBe(false);
    expect(int32IdParam.safeParse('1e3').success).toBe(true);
    expect(int32IdParam.safeParse('abc').success).toBe(false);
  });

  it('caps a filter list at 1,000 ids', () => {
    const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
    expect(idList().safeParse(ids(MAX_FILTER_IDS)).success).toBe(true);
    expect(idList().safeParse(ids(MAX_FILTER_IDS + 1)).success).toBe(false);
  });

  it('refuses NUL and control characters with the control_characters message; multiline text keeps tab and line breaks', () => {
    const line = safeText(20);
    const lines = safeText(20, { multiline: true });
    expect(line.safeParse('Şube Ankara').success).toBe(true);
    expect(line.safeParse('a\u0000b').error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.controlCharacters);
    expect(line.safeParse('a\nb').success).toBe(false);
    expect(lines.safeParse('a\n\tb\r\n').success).toBe(true);
    expect(lines.safeParse('a\u0007b').success).toBe(false);
    expect(lines.safeParse('a\u009bb').success).toBe(false);
    expect(line.safeParse('x'.repeat(21)).success).toBe(false);
  });
});
