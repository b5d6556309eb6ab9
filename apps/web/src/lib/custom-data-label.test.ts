import { describe, expect, it } from 'vitest';
import { customDataNumber } from './custom-data-label';

describe('custom data slots', () => {
  it('reads the slot number from its key or number, and nothing else', () => {
    expect(customDataNumber('CustomData1')).toBe(1);
    expect(customDataNumber('CustomData10')).toBe(10);
    expect(customDataNumber(7)).toBe(7);
    expect(customDataNumber('CustomData11')).toBeUndefined();
    expect(customDataNumber('CustomData0')).toBeUndefined();
    expect(customDataNumber('InviteeEmail')).toBeUndefined();
    expect(customDataNumber('xCustomData2')).toBeUndefined();
  });
});
