import { describe, expect, it } from 'vitest';
import {
  isSmallSample,
  meanInterval,
  npsInterval,
  sampleStandardDeviation,
  studentTCdf,
  studentTQuantile,
} from './confidence.js';

describe('studentTQuantile', () => {
  it('matches the t table at 0.975 (two-sided 95 %)', () => {
    // Table values (any statistics textbook's t table, 3 decimals).
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.706, 3);
    expect(studentTQuantile(0.975, 2)).toBeCloseTo(4.303, 3);
    expect(studentTQuantile(0.975, 4)).toBeCloseTo(2.776, 3);
    expect(studentTQuantile(0.975, 9)).toBeCloseTo(2.262, 3);
    expect(studentTQuantile(0.975, 29)).toBeCloseTo(2.045, 3);
    expect(studentTQuantile(0.975, 120)).toBeCloseTo(1.98, 2);
    // Large n tends to the normal quantile 1.960.
    expect(studentTQuantile(0.975, 1_000_000)).toBeCloseTo(1.96, 3);
  });

  it('is exact where the distribution has a closed form, and symmetric', () => {
    // df 1 is the Cauchy distribution: t(p) = tan(π (p − ½)); t(0.9, 1) = tan(0.4π) = 3.0777.
    expect(studentTQuantile(0.9, 1)).toBeCloseTo(Math.tan(0.4 * Math.PI), 9);
    // df 2: t(p) = (2p − 1) √(2 / (4p(1 − p))); t(0.975, 2) = 0.95 √(2 / 0.0975) = 4.30265.
    expect(studentTQuantile(0.975, 2)).toBeCloseTo(0.95 * Math.sqrt(2 / 0.0975), 9);
    expect(studentTQuantile(0.025, 9)).toBeCloseTo(-studentTQuantile(0.975, 9), 12);
    expect(studentTQuantile(0.5, 5)).toBe(0);
    expect(studentTCdf(0, 7)).toBeCloseTo(0.5, 12);
    expect(studentTQuantile(1, 5)).toBeNaN();
    expect(studentTQuantile(0.975, 0)).toBeNaN();
  });
});

describe('npsInterval', () => {
  it('is NPS ± 1.96 · 100 · √((p + d − (p − d)²) / n)', () => {
    // n = 10, 5 promoters, 2 detractors: p = 0.5, d = 0.2, NPS = 30;
    // Var = (0.5 + 0.2 − 0.3²) / 10 = 0.61 / 10 = 0.061; √Var = 0.2469818;
    // half = 1.959964 × 100 × 0.2469818 = 48.4075 → [−18.4075, 78.4075].
    const ci = npsInterval(5, 2, 10)!;
    expect(ci.Low).toBeCloseTo(-18.4075, 3);
    expect(ci.High).toBeCloseTo(78.4075, 3);
  });

  it('clamps to [−100, 100] and needs two answers', () => {
    // n = 4, 3 promoters, 0 detractors: NPS 75; Var = (0.75 − 0.5625) / 4 = 0.046875; √ = 0.2165064;
    // half = 42.4345 → [32.5655, 117.43] clamped to 100.
    const ci = npsInterval(3, 0, 4)!;
    expect(ci.Low).toBeCloseTo(32.5655, 3);
    expect(ci.High).toBe(100);
    // All promoters: no spread, the interval is the point.
    expect(npsInterval(5, 0, 5)).toEqual({ Low: 100, High: 100 });
    expect(npsInterval(1, 0, 1)).toBeNull();
    expect(npsInterval(0, 0, 0)).toBeNull();
  });
});

describe('meanInterval', () => {
  it('is mean ± t(0.975, n − 1) · s / √n', () => {
    // Answers 6, 7, 8, 9, 10: mean 8; Σx = 40, Σx² = 330; s² = (330 − 1600 / 5) / 4 = 10 / 4 = 2.5; s = 1.5811388;
    // t(0.975, 4) = 2.7764451; half = 2.7764451 × 1.5811388 / √5 = 1.9632 → [6.0368, 9.9632].
    const s = sampleStandardDeviation(40, 330, 5)!;
    expect(s).toBeCloseTo(1.5811388, 6);
    const ci = meanInterval(8, s, 5)!;
    expect(ci.Low).toBeCloseTo(6.0368, 3);
    expect(ci.High).toBeCloseTo(9.9632, 3);
  });

  it('clamps to the scale and needs two answers', () => {
    // Answers 9 and 10: mean 9.5, s = √0.5 = 0.7071068; t(0.975, 1) = 12.7062;
    // half = 12.7062 × 0.7071068 / √2 = 6.3531 → [3.1469, 15.8531], clamped to 10 on the 0-10 scale.
    const ci = meanInterval(9.5, sampleStandardDeviation(19, 181, 2), 2, [0, 10])!;
    expect(ci.Low).toBeCloseTo(3.1469, 3);
    expect(ci.High).toBe(10);
    expect(meanInterval(7, null, 1)).toBeNull();
    expect(sampleStandardDeviation(7, 49, 1)).toBeNull();
    expect(meanInterval(null, 1, 5)).toBeNull();
  });
});

describe('isSmallSample', () => {
  it('is fewer answers than the minimum, and not an empty figure', () => {
    expect(isSmallSample(29, 30)).toBe(true);
    expect(isSmallSample(30, 30)).toBe(false);
    expect(isSmallSample(0, 30)).toBe(false);
  });
});
