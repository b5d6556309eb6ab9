import { describe, expect, it } from 'vitest';
import {
  deviationDirection,
  deviationOf,
  escapeHtml,
  NO_FIGURE,
  numberFormats,
  roundOneDecimal,
  shareOf,
} from './widget-format';

describe('numberFormats', () => {
  it('writes counts n0 and scores n1 in the interface language', () => {
    const tr = numberFormats('tr');
    const en = numberFormats('en');
    expect(tr.count(12345)).toBe('12.345');
    expect(en.count(12345)).toBe('12,345');
    expect(en.count(41.6)).toBe('42');
    expect(tr.score(42.857142)).toBe('42,9');
    expect(en.score(42.857142)).toBe('42.9');
    expect(en.score(-20)).toBe('-20.0');
    expect(en.integer(7.5)).toBe('8');
  });

  it('writes percentages of 0..100 and signed deviations with one decimal', () => {
    const en = numberFormats('en');
    // 3 of 7 responses.
    expect(en.percent((100 * 3) / 7)).toBe('42.9%');
    expect(numberFormats('tr').percent(50)).toBe('%50,0');
    expect(en.deviation(2.46)).toBe('+2.5');
    expect(en.deviation(-1)).toBe('-1.0');
    expect(en.deviation(-0.04)).toBe('0.0');
  });

  it('writes count changes whole and axis ticks without needless decimals', () => {
    const en = numberFormats('en');
    expect(en.countDeviation(2051)).toBe('+2,051');
    expect(en.countDeviation(-12)).toBe('-12');
    expect(en.countDeviation(0)).toBe('0');
    expect(en.tick(-50)).toBe('-50');
    expect(en.tick(7.5)).toBe('7.5');
    expect(en.tickPercent(20)).toBe('20%');
    expect(numberFormats('tr').tickPercent(12.5)).toBe('%12,5');
  });

  it('shows a dash for a figure without answers', () => {
    const en = numberFormats('en');
    expect(en.score(null)).toBe(NO_FIGURE);
    expect(en.count(null)).toBe(NO_FIGURE);
    expect(en.percent(null)).toBe(NO_FIGURE);
  });
});

describe('deviation', () => {
  it('points the arrow by the deviation as shown: flat at 0.0, up above, down below', () => {
    expect(deviationDirection(0)).toBe('flat');
    expect(deviationDirection(0.04)).toBe('flat');
    expect(deviationDirection(-0.04)).toBe('flat');
    expect(deviationDirection(0.05)).toBe('up');
    expect(deviationDirection(12.5)).toBe('up');
    expect(deviationDirection(-3)).toBe('down');
  });

  it('is this period minus the previous one, unknown when either is', () => {
    expect(deviationOf(40, 25)).toBe(15);
    expect(deviationOf(-10, 5)).toBe(-15);
    expect(deviationOf(40, null)).toBeNull();
    expect(deviationOf(null, 25)).toBeNull();
    expect(roundOneDecimal(-0.04)).toBe(0);
    expect(Object.is(roundOneDecimal(-0.04), -0)).toBe(false);
  });

  it('computes shares of a total', () => {
    expect(shareOf(3, 12)).toBe(25);
    expect(shareOf(0, 0)).toBeNull();
  });

  it('escapes names for HTML tooltips', () => {
    expect(escapeHtml(`<b>A & B's "x"</b>`)).toBe('&lt;b&gt;A &amp; B&#39;s &quot;x&quot;&lt;/b&gt;');
  });
});
