import { BAND_COLORS, CHART_PALETTE, type ImpactRow } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import {
  averageBarColor,
  impactAxisBounds,
  impactModeOf,
  impactOption,
  impactStatusOf,
  impactSummary,
  impactTooltip,
  impactWings,
  netImpactOf,
  niceBound,
  type ImpactMode,
  type ImpactTexts,
} from './impact-chart';
import { numberFormats } from '@/widgets/shared/widget-format';

const texts: ImpactTexts = {
  negative: 'Negative impact',
  positive: 'Positive impact',
  npsImpact: 'NPS impact',
  impact: 'Impact',
  nps: 'NPS',
  responses: 'Responses',
  netAbove: 'Net impact above 0',
  netNotAbove: 'Net impact 0 or below',
};
const en = numberFormats('en');
const butterfly: ImpactMode = { average: false, npsImpact: false, wings: 'both' };

function row(category: string, extra: Partial<ImpactRow> = {}): ImpactRow {
  return {
    Category: category,
    ShortCategory: category.slice(0, 20),
    Impact: null,
    Value: null,
    PositiveImpact: null,
    NegativeImpact: null,
    TotalImpact: null,
    ImpactNps: null,
    Responses: 0,
    SentimentScore: null,
    StatusCode: 0,
    ...extra,
  };
}

// Two topics: "Personel ilgisi ve güler yüz" lifts the NPS by 6 and lowers it by 4 (net +2); "Bekleme süresi"
// lifts it by 2 and lowers it by 9 (net −7).
const staff = row('Personel ilgisi ve güler yüz', {
  PositiveImpact: 6,
  NegativeImpact: -4,
  TotalImpact: 2,
  Impact: 1.8,
  ImpactNps: 1.2,
  Value: 30,
  Responses: 1234,
});
const waiting = row('Bekleme süresi', {
  PositiveImpact: 2,
  NegativeImpact: -9,
  TotalImpact: -7,
  ImpactNps: -0.5,
  Value: -12,
  Responses: 50,
});

type Bar = { value?: number; itemStyle?: { color?: string }; label?: { formatter?: () => string } };
const barsOf = (option: ReturnType<typeof impactOption>, index: number) =>
  (option.series as { data: Bar[] }[])[index]!.data;

describe('impactStatusOf', () => {
  it('reads the status of a single status row (reports spec §4: 1 no data, 2 insufficient data)', () => {
    expect(impactStatusOf([row('', { StatusCode: 1 })])).toBe(1);
    expect(impactStatusOf([row('', { StatusCode: 2 })])).toBe(2);
  });

  it('is null for rows to draw', () => {
    expect(impactStatusOf([staff])).toBeNull();
    expect(impactStatusOf([staff, waiting])).toBeNull();
    expect(impactStatusOf([])).toBeNull();
  });
});

describe('impactModeOf', () => {
  const both = { showAverageNpsScoreImpact: true, showNpsImpact: true };

  it('follows Config.showAverageNpsScoreImpact and Config.showNpsImpact', () => {
    expect(impactModeOf(both, 3)).toEqual({ average: true, npsImpact: true, wings: 'both' });
    expect(impactModeOf({ showNpsImpact: true }, 2)).toEqual({
      average: false,
      npsImpact: true,
      wings: 'negative',
    });
    expect(impactModeOf({}, undefined)).toEqual({ average: false, npsImpact: false, wings: 'both' });
  });

  it('turns both off for impact type 1 (positive), as the spec disables them, and keeps the positive wing', () => {
    expect(impactModeOf(both, 1)).toEqual({ average: false, npsImpact: false, wings: 'positive' });
    expect(impactModeOf(both, '1')).toEqual({ average: false, npsImpact: false, wings: 'positive' });
  });
});

describe('impactWings and netImpactOf', () => {
  it('puts NegativeImpact on the start wing and PositiveImpact on the end wing', () => {
    expect(impactWings(staff)).toEqual({ negative: -4, positive: 6 });
  });

  it('keeps only the wing an impact type ranks by', () => {
    expect(impactWings(staff, 'positive')).toEqual({ negative: null, positive: 6 });
    expect(impactWings(staff, 'negative')).toEqual({ negative: -4, positive: null });
  });

  it('puts a lone Impact on the wing of its sign', () => {
    expect(impactWings(row('a', { Impact: -3 }))).toEqual({ negative: -3, positive: null });
    expect(impactWings(row('b', { Impact: 2.5 }))).toEqual({ negative: null, positive: 2.5 });
    expect(impactWings(row('c'))).toEqual({ negative: null, positive: null });
  });

  it('adds positive and negative impact; a lone Impact stands for itself', () => {
    expect(netImpactOf(staff)).toBe(2);
    expect(netImpactOf(waiting)).toBe(-7);
    expect(netImpactOf(row('only positive', { PositiveImpact: 3 }))).toBe(3);
    expect(netImpactOf(row('lone', { Impact: -1.5 }))).toBe(-1.5);
    expect(netImpactOf(row('none'))).toBeNull();
  });
});

describe('averageBarColor (reports spec §4)', () => {
  it('is green when positive plus negative impact is above 0, else red', () => {
    expect(averageBarColor(staff)).toBe(BAND_COLORS.green);
    expect(averageBarColor(waiting)).toBe(BAND_COLORS.red);
    // 3 + (−3) = 0 is not above 0.
    expect(averageBarColor(row('even', { PositiveImpact: 3, NegativeImpact: -3 }))).toBe(BAND_COLORS.red);
    expect(averageBarColor(row('none'))).toBe(BAND_COLORS.red);
  });
});

describe('niceBound', () => {
  it('rounds up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceBound(10.8)).toBe(20);
    expect(niceBound(3.4)).toBe(5);
    expect(niceBound(21)).toBe(25);
    expect(niceBound(100)).toBe(100);
    expect(niceBound(0.23)).toBe(0.25);
    expect(niceBound(0)).toBe(1);
  });
});

describe('impactAxisBounds', () => {
  it('centres on zero with a fifth more room than the longest bar', () => {
    expect(impactAxisBounds([-4, 6, null])).toEqual({ min: -10, max: 10, interval: 5 });
  });

  it('is one-sided when all values have one sign', () => {
    expect(impactAxisBounds([0.5, 2])).toEqual({ min: 0, max: 2.5, interval: 1.25 });
    expect(impactAxisBounds([-30, -3])).toEqual({ min: -50, max: 0, interval: 25 });
    expect(impactAxisBounds([])).toEqual({ min: -1, max: 1, interval: 0.5 });
  });
});

describe('impactOption', () => {
  it('draws the butterfly: red negative wing, green positive wing, stacked on a zero-centred axis', () => {
    const option = impactOption({ rows: [staff, waiting], mode: butterfly, texts, formats: en });
    const series = option.series as { name: string; stack?: string; itemStyle: { color: string } }[];
    expect(series.map((item) => [item.name, item.stack, item.itemStyle.color])).toEqual([
      ['Negative impact', 'impact', BAND_COLORS.red],
      ['Positive impact', 'impact', BAND_COLORS.green],
    ]);
    expect(barsOf(option, 0).map((bar) => bar.value)).toEqual([-4, -9]);
    expect(barsOf(option, 1).map((bar) => bar.value)).toEqual([6, 2]);
    expect(barsOf(option, 0)[1]!.label!.formatter!()).toBe('-9.0');
    expect(barsOf(option, 1)[0]!.label!.formatter!()).toBe('+6.0');
    // The longest wing is 9; with a fifth more room, 10.8, rounded up to 20: −20..20 in steps of 10.
    expect(option.xAxis).toMatchObject([{ type: 'value', min: -20, max: 20, interval: 10, inverse: false }]);
    // Labels beyond the wings' ends: the negative one at the start (left), the positive one at the end.
    expect(barsOf(option, 0)[1]!.label).toMatchObject({ show: true, position: 'left' });
    expect(barsOf(option, 1)[1]!.label).toMatchObject({ show: true, position: 'right' });
  });

  it('leaves a wing of (nearly) zero without a label', () => {
    const option = impactOption({
      rows: [row('Sıfır', { PositiveImpact: 0.04, NegativeImpact: -3 })],
      mode: butterfly,
      texts,
      formats: en,
    });
    expect(barsOf(option, 1)[0]!.label).toMatchObject({ show: false });
    expect(barsOf(option, 0)[0]!.label).toMatchObject({ show: true });
  });

  it('names the rows by ShortCategory, top to bottom, names at the start side', () => {
    const option = impactOption({ rows: [staff, waiting], mode: butterfly, texts, formats: en });
    const [yAxis] = option.yAxis as {
      data: string[];
      position: string;
      axisLabel: { formatter: (v: string) => string };
    }[];
    expect(yAxis!.data).toEqual(['0', '1']);
    expect(yAxis!.data.map((value) => yAxis!.axisLabel.formatter(value))).toEqual([
      'Personel ilgisi ve g',
      'Bekleme süresi',
    ]);
    expect(yAxis!.position).toBe('left');
  });

  it('adds the NPS-impact bars in the palette colour in a second panel with its own axis', () => {
    const option = impactOption({
      rows: [staff, waiting],
      mode: { average: false, npsImpact: true, wings: 'both' },
      texts,
      formats: en,
    });
    const series = option.series as { name: string; itemStyle: { color: string } }[];
    expect(series[2]).toMatchObject({ name: 'NPS impact', itemStyle: { color: CHART_PALETTE[0] } });
    expect(series[2]).toMatchObject({ xAxisIndex: 1, yAxisIndex: 1 });
    expect(barsOf(option, 2).map((bar) => bar.value)).toEqual([1.2, -0.5]);
    // Wings up to 9 → −20..20; NPS impacts up to 1.2 → 1.44 → −2..2 in steps of 1. Named under the panels.
    expect(option.xAxis).toMatchObject([
      { gridIndex: 0, min: -20, max: 20, interval: 10, name: 'Impact' },
      { gridIndex: 1, min: -2, max: 2, interval: 1, name: 'NPS impact' },
    ]);
    // The main panel takes the start side (60%), the NPS-impact panel the end side; names only on the first.
    expect(option.grid).toMatchObject([
      { left: 8, right: '40%' },
      { left: '65%', right: 24 },
    ]);
    expect(option.yAxis).toMatchObject([{ gridIndex: 0 }, { gridIndex: 1, axisLabel: { show: false } }]);
    expect(option.legend).toMatchObject({ data: ['Negative impact', 'Positive impact', 'NPS impact'] });
  });

  it('draws only the wing of impact type 1 (positive), without a legend', () => {
    const rows = [row('Güler yüz', { PositiveImpact: 4.5, NegativeImpact: -20, Responses: 12 })];
    const option = impactOption({ rows, mode: { ...butterfly, wings: 'positive' }, texts, formats: en });
    expect((option.series as { name: string }[]).map((item) => item.name)).toEqual(['Positive impact']);
    expect(option.legend).toBeUndefined();
    // 4.5 × 1.2 = 5.4 → 10; one-sided, as there is nothing below zero.
    expect(option.xAxis).toMatchObject([{ min: 0, max: 10, interval: 5 }]);
  });

  it('in average-NPS mode draws each NPS as one bar, green or red by positive plus negative impact', () => {
    const option = impactOption({
      rows: [staff, waiting],
      mode: { average: true, npsImpact: false, wings: 'both' },
      texts,
      formats: en,
    });
    const bars = barsOf(option, 0);
    expect(bars.map((bar) => [bar.value, bar.itemStyle?.color])).toEqual([
      [30, BAND_COLORS.green],
      [-12, BAND_COLORS.red],
    ]);
    expect(bars[1]!.label!.formatter!()).toBe('-12.0');
    // NPS −12 and 30: whole 20s around them and zero.
    expect(option.xAxis).toMatchObject([{ min: -20, max: 40 }]);
    // −12 stays within 85% of its side (17 of 20): its label stands beyond its end.
    expect(bars[1]!.label).toMatchObject({ position: 'left' });
    expect(bars[0]!.label).toMatchObject({ position: 'right' });
    // The legend is the colour key (two empty series in the bars' stack), not clickable.
    expect(option.legend).toMatchObject({
      data: ['Net impact above 0', 'Net impact 0 or below'],
      selectedMode: false,
    });
    const series = option.series as {
      name: string;
      stack: string;
      data: unknown[];
      itemStyle?: { color: string };
    }[];
    expect(
      series.slice(1).map((item) => [item.name, item.stack, item.data.length, item.itemStyle?.color]),
    ).toEqual([
      ['Net impact above 0', 'nps', 0, BAND_COLORS.green],
      ['Net impact 0 or below', 'nps', 0, BAND_COLORS.red],
    ]);
  });

  it('mirrors right to left: the axis runs from the right, the names stand on the right', () => {
    const option = impactOption({ rows: [staff], mode: butterfly, texts, formats: en, rtl: true });
    expect(option.xAxis).toMatchObject([{ inverse: true }]);
    expect(option.yAxis).toMatchObject([{ position: 'right' }]);
    // The negative wing's label stands beyond its end, on the start (right) side.
    const label = barsOf(option, 0)[0]!.label as { position: string };
    expect(label.position).toBe('right');
  });
});

describe('impactTooltip', () => {
  it('shows the full Category, the wings, NPS n1, NPS impact and responses n0, escaped', () => {
    const tooltip = impactTooltip({
      row: { ...staff, Category: 'Personel <ilgisi> ve güler yüz' },
      mode: { average: false, npsImpact: true, wings: 'both' },
      texts,
      formats: numberFormats('tr'),
    });
    expect(tooltip).toBe(
      [
        '<strong>Personel &lt;ilgisi&gt; ve güler yüz</strong>',
        'Positive impact: +6,0',
        'Negative impact: -4,0',
        'Impact: +1,8',
        'NPS: 30,0',
        'NPS impact: +1,2',
        'Responses: 1.234',
      ].join('<br/>'),
    );
  });

  it('in average-NPS mode shows the NPS and the net impact', () => {
    const tooltip = impactTooltip({
      row: waiting,
      mode: { average: true, npsImpact: false, wings: 'both' },
      texts,
      formats: en,
    });
    expect(tooltip).toBe('<strong>Bekleme süresi</strong><br/>NPS: -12.0<br/>Impact: -7.0<br/>Responses: 50');
  });
});

describe('impactSummary', () => {
  it('reads each category with its impacts and responses', () => {
    expect(impactSummary({ rows: [waiting], mode: butterfly, texts, formats: en })).toBe(
      'Bekleme süresi: Positive impact +2.0, Negative impact -9.0, Responses 50',
    );
  });
});
