import { NEUTRAL_MIN_SCORE, PROMOTER_MIN_SCORE, RespondentType } from '@loupe/contracts';
import type { SurveyKey } from './catalog.data.js';
import { WeightedTable, type Prng } from './prng.js';

// The shapes that make the demo look like a real bank: when customers come, and what moves their scores.
// Everything here is pure and unit-tested; the generator combines it per session.

/** Weeks of data: 105 seven-day windows back from today, about two years. */
const WEEKS = 105;
const YEAR_WEEKS = 52.18;

/** Volume per week window (0 = the seven days ending today): growth over time and a yearly wave. */
export const weekTable = new WeightedTable(
  Array.from(
    { length: WEEKS },
    (_, w) =>
      (0.55 + 0.45 * (1 - w / (WEEKS - 1))) * (1 + 0.15 * Math.sin((2 * Math.PI * w) / YEAR_WEEKS + 1)),
  ),
);

/** Weeks (counted back) of the mobile app outage: digital scores drop and complaints pile up. */
export const INCIDENT_WEEKS = { from: 30, to: 33 } as const;

/** Score shift by week: a slow improvement (recent weeks better) and a yearly wave. */
export function weekEffect(week: number, survey: SurveyKey): number {
  let effect = 0.3 * (1 - week / (WEEKS - 1)) - 0.15 + 0.1 * Math.sin((2 * Math.PI * week) / YEAR_WEEKS + 2);
  if (survey === 'digital' && week >= INCIDENT_WEEKS.from && week <= INCIDENT_WEEKS.to) effect -= 1.1;
  return effect;
}

// Monday (index 0) to Sunday (6). Branches barely open on Sunday; digital is busy every day.
const WEEKDAY_WEIGHTS: Record<SurveyKey, readonly number[]> = {
  branch: [1.2, 1, 1, 1, 1.1, 0.3, 0.03],
  loan: [1.15, 1, 1, 1, 1.05, 0.15, 0.02],
  digital: [1, 1, 1, 1, 1.05, 0.85, 0.8],
};
export const weekdayTables = mapSurveys((key) => new WeightedTable(WEEKDAY_WEIGHTS[key]));
/** Mondays are crowded, Saturdays relaxed. */
export const WEEKDAY_EFFECT: readonly number[] = [-0.12, 0, 0, 0.02, -0.05, 0.1, 0.1];

// Local hour of the transaction: branch hours 09-17 with a lunchtime rush; digital peaks in the evening.
const BRANCH_HOURS = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0.7, 1, 1.15, 1.3, 1.25, 1, 1, 0.85, 0.35, 0, 0, 0, 0, 0, 0];
const DIGITAL_HOURS = [
  0.25, 0.12, 0.06, 0.04, 0.04, 0.08, 0.25, 0.55, 0.85, 0.95, 1, 1, 1.1, 1.05, 0.95, 0.95, 1, 1.05, 1.1, 1.25,
  1.35, 1.3, 1, 0.55,
];
export const hourTables = mapSurveys(
  (key) => new WeightedTable(key === 'digital' ? DIGITAL_HOURS : BRANCH_HOURS),
);

/** The lunchtime queue hurts branch scores; night-time maintenance hurts digital ones. */
export function hourEffect(hour: number, survey: SurveyKey): number {
  if (survey === 'digital') return hour < 6 ? -0.15 : 0;
  if (hour === 12 || hour === 13) return -0.25;
  return hour === 9 ? 0.05 : 0;
}

export const SURVEY_EFFECT: Record<SurveyKey, number> = { branch: 0, digital: 0.1, loan: 0 };

// Ordinal scales: a latent satisfaction y (about standard normal at an average branch) becomes an answer by
// counting the cut points below it. The cut points give the answer mix an average customer produces.
const NPS_MIX = [0.035, 0.01, 0.015, 0.02, 0.025, 0.05, 0.065, 0.1, 0.17, 0.19, 0.32];
const FIVE_POINT_MIX = [0.05, 0.08, 0.15, 0.35, 0.37];
const NPS_CUTS = cutPoints(NPS_MIX);
const FIVE_POINT_CUTS = cutPoints(FIVE_POINT_MIX);

/** 0-10 answer to the NPS question. */
export const npsAnswer = (latent: number) => countBelow(NPS_CUTS, latent);
/** 1-5 answer to a five-point question. */
export const fivePointAnswer = (latent: number) => 1 + countBelow(FIVE_POINT_CUTS, latent);

/** Respondent type of an NPS answer: 0 promoter, 1 passive, 2 detractor. */
export const respondentType = (nps: number): RespondentType =>
  nps >= PROMOTER_MIN_SCORE
    ? RespondentType.Promoter
    : nps >= NEUTRAL_MIN_SCORE
      ? RespondentType.Neutral
      : RespondentType.Detractor;

function countBelow(cuts: readonly number[], value: number): number {
  let n = 0;
  while (n < cuts.length && (cuts[n] as number) < value) n++;
  return n;
}

function cutPoints(mix: readonly number[]): number[] {
  const cuts: number[] = [];
  let cumulative = 0;
  for (let i = 0; i < mix.length - 1; i++) {
    cumulative += mix[i] as number;
    cuts.push(inverseNormal(cumulative));
  }
  return cuts;
}

/** The standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9). */
function inverseNormal(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const poly = (k: number[], x: number) => k.reduce((sum, coefficient) => sum * x + coefficient, 0);
  if (p < 0.02425) {
    const q = Math.sqrt(-2 * Math.log(p));
    return poly(c, q) / (poly(d, q) * q + 1);
  }
  if (p > 1 - 0.02425) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return -poly(c, q) / (poly(d, q) * q + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return (poly(a, r) * q) / (poly(b, r) * r + 1);
}

/** An exponential delay with the given mean, for invitation and response lags. */
export const exponential = (prng: Prng, mean: number) => -mean * Math.log(1 - prng.next());

function mapSurveys<T>(make: (key: SurveyKey) => T): Record<SurveyKey, T> {
  return { branch: make('branch'), digital: make('digital'), loan: make('loan') };
}
