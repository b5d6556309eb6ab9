import { describe, expect, it } from 'vitest';
import { barEndLabel } from './impact-bar-label';

const axis = { min: -40, max: 100 };

describe('barEndLabel', () => {
  it('stands beyond the end of a bar: the start side for a negative bar, the end side otherwise', () => {
    expect(barEndLabel({ value: 30, text: '30.0', ...axis })).toMatchObject({
      show: true,
      position: 'right',
    });
    expect(barEndLabel({ value: -20, text: '-20.0', ...axis })).toMatchObject({
      show: true,
      position: 'left',
    });
  });

  it('stands inside the end, in white, of a bar past 85% of its side', () => {
    // 85% of 100 is 85; 85% of 40 is 34.
    expect(barEndLabel({ value: 85, text: '', ...axis })).toMatchObject({ position: 'right' });
    expect(barEndLabel({ value: 86, text: '', ...axis })).toMatchObject({
      position: 'insideRight',
      color: '#ffffff',
    });
    expect(barEndLabel({ value: -35, text: '', ...axis })).toMatchObject({ position: 'insideLeft' });
  });

  it('mirrors right to left', () => {
    expect(barEndLabel({ value: -20, text: '', ...axis, rtl: true })).toMatchObject({ position: 'right' });
    expect(barEndLabel({ value: 90, text: '', ...axis, rtl: true })).toMatchObject({
      position: 'insideLeft',
    });
  });

  it('shows nothing for no value or one that reads 0.0, and the given text otherwise', () => {
    expect(barEndLabel({ value: null, text: '–', ...axis }).show).toBe(false);
    expect(barEndLabel({ value: -0.04, text: '0.0', ...axis }).show).toBe(false);
    expect(barEndLabel({ value: 0.05, text: '+0.1', ...axis }).formatter()).toBe('+0.1');
  });
});
