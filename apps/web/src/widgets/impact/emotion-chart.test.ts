import { BAND_COLORS, CHART_PALETTE, type EmotionCurveRow } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import { emotionCurves, emotionOption, emotionSummary, emotionTooltip } from './emotion-chart';
import { numberFormats } from '@/widgets/shared/widget-format';

const en = numberFormats('en');

const point = (category: string, stage: string, stageId: number, value: number | null): EmotionCurveRow => ({
  Category: category,
  Stage: stage,
  StageId: stageId,
  Value: value,
});

// The journey's stages come in the answer's order (branch visit 7, then call centre 3, then mobile 5); "Öfke" has
// no value at the call centre.
const rows = [
  point('Mutluluk', 'Şube ziyareti', 7, 55),
  point('Öfke', 'Şube ziyareti', 7, -20),
  point('Mutluluk', 'Çağrı merkezi', 3, 40),
  point('Mutluluk', 'Mobil', 5, 0),
  point('Öfke', 'Mobil', 5, 41),
  point('Korku', 'Şube ziyareti', 7, null),
  point('Korku', 'Mobil', 5, null),
];

describe('emotionCurves', () => {
  it('keeps the stages in the order given, puts null where an emotion has no value, drops empty emotions', () => {
    const curves = emotionCurves(rows);
    expect(curves.stages).toEqual([
      { id: 7, name: 'Şube ziyareti' },
      { id: 3, name: 'Çağrı merkezi' },
      { id: 5, name: 'Mobil' },
    ]);
    expect(curves.curves).toEqual([
      { name: 'Mutluluk', values: [55, 40, 0] },
      { name: 'Öfke', values: [-20, null, 41] },
    ]);
  });
});

describe('emotionOption', () => {
  const option = emotionOption({ curves: emotionCurves(rows), formats: en });
  type Point = { value: number; itemStyle: { color: string } } | null;
  const series = option.series as { name: string; color: string; data: Point[] }[];

  it('draws one palette-coloured line per emotion over the stages', () => {
    expect(series.map((item) => [item.name, item.color])).toEqual([
      ['Mutluluk', CHART_PALETTE[0]],
      ['Öfke', CHART_PALETTE[1]],
    ]);
    expect(option.xAxis).toMatchObject({ data: ['Şube ziyareti', 'Çağrı merkezi', 'Mobil'], inverse: false });
    expect(option.yAxis).toMatchObject({ min: -100, max: 100, interval: 20 });
  });

  it('colours each point by its band: below 0 red, 0 to 40 yellow, above 40 green', () => {
    expect(series[0]!.data.map((item) => [item?.value, item?.itemStyle.color])).toEqual([
      [55, BAND_COLORS.green],
      [40, BAND_COLORS.yellow],
      [0, BAND_COLORS.yellow],
    ]);
    expect(series[1]!.data.map((item) => item?.itemStyle.color ?? null)).toEqual([
      BAND_COLORS.red,
      null,
      BAND_COLORS.green,
    ]);
  });

  it('mirrors right to left', () => {
    const rtl = emotionOption({ curves: emotionCurves(rows), formats: en, rtl: true });
    expect(rtl.xAxis).toMatchObject({ inverse: true });
    expect(rtl.yAxis).toMatchObject({ position: 'right' });
  });
});

describe('emotionTooltip and emotionSummary', () => {
  it('lists the emotions with a value at the stage, n1', () => {
    const tooltip = emotionTooltip(emotionCurves(rows), 1, en);
    expect(tooltip.startsWith('<strong>Çağrı merkezi</strong><br/>')).toBe(true);
    expect(tooltip).toContain(`background:${BAND_COLORS.yellow}`);
    expect(tooltip).toContain('Mutluluk: 40.0');
    expect(tooltip).not.toContain('Öfke');
  });

  it('reads every emotion at its stages', () => {
    expect(emotionSummary(emotionCurves(rows), en)).toBe(
      'Mutluluk: Şube ziyareti 55.0, Çağrı merkezi 40.0, Mobil 0.0; Öfke: Şube ziyareti -20.0, Mobil 41.0',
    );
  });
});
