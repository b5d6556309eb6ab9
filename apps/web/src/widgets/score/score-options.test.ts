import { BAND_COLORS, NPS_GAUGE_BANDS, scoreGaugeBands, type NpsGaugeData } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import {
  cardFigure,
  cardValueField,
  gaugeBandsOf,
  gaugeOption,
  gaugeStops,
  npsBreakdown,
  npsDeviation,
  npsGaugeBands,
  rankingText,
  scaleOf,
  scoreGaugeBandsOf,
  scoreRangeOf,
  segmentBarOption,
  showsAsInteger,
  showsDeviation,
} from './score-options';
import { numberFormats } from '@/widgets/shared/widget-format';

const en = numberFormats('en');
const { red, yellow, green } = BAND_COLORS;

/** 6 promoters, 3 neutrals, 3 detractors: NPS 100 × (6 − 3) / 12 = 25; the previous period's NPS was 10. */
const nps: NpsGaugeData = {
  Value: 25,
  Promoters: 6,
  Neutrals: 3,
  Detractors: 3,
  Responses: 12,
  DeviationValue: 10,
  DeviationPromoters: 4,
  DeviationNeutrals: 4,
  DeviationDetractors: 2,
  DeviationResponses: 10,
};

describe('gauge bands', () => {
  it('reads Config.gaugeBands in the band colours, lowest first', () => {
    const bands = {
      redStart: -100,
      redEnd: 10,
      yellowStart: 10,
      yellowEnd: 50,
      greenStart: 50,
      greenEnd: 100,
    };
    expect(npsGaugeBands({ gaugeBands: bands })).toEqual([
      { from: -100, to: 10, color: red },
      { from: 10, to: 50, color: yellow },
      { from: 50, to: 100, color: green },
    ]);
  });

  it('falls back to the spec bands without usable Config.gaugeBands', () => {
    expect(npsGaugeBands({})).toBe(NPS_GAUGE_BANDS);
    expect(gaugeBandsOf({ gaugeBands: { redStart: 0 } }, NPS_GAUGE_BANDS)).toBe(NPS_GAUGE_BANDS);
    expect(
      gaugeBandsOf(
        { gaugeBands: { redStart: 6, redEnd: 0, yellowStart: 6, yellowEnd: 8, greenStart: 8, greenEnd: 10 } },
        NPS_GAUGE_BANDS,
      ),
    ).toBe(NPS_GAUGE_BANDS);
    expect(scoreGaugeBandsOf({}, 5)).toEqual(scoreGaugeBands(5));
  });

  it('colours the arc at each band’s end as a share of the range', () => {
    // NPS −100..100: red to 0 is half the arc, yellow to 30 is 130/200.
    expect(gaugeStops(NPS_GAUGE_BANDS, -100, 100)).toEqual([
      [0.5, red],
      [0.65, yellow],
      [1, green],
    ]);
    // Scale 5, 1..5: red to 3 is 2/4, yellow to 4 is 3/4.
    expect(gaugeStops(scoreGaugeBands(5), 1, 5)).toEqual([
      [0.5, red],
      [0.75, yellow],
      [1, green],
    ]);
    // Scale 11, 0..10: 6/10, 8/10.
    expect(gaugeStops(scoreGaugeBands(11), 0, 10)).toEqual([
      [0.6, red],
      [0.8, yellow],
      [1, green],
    ]);
  });

  it('reads the scale (11 unless 5) and its range', () => {
    expect(scaleOf({})).toBe(11);
    expect(scaleOf({ Scale: 5 })).toBe(5);
    expect(scoreRangeOf(11)).toEqual({ min: 0, max: 10 });
    expect(scoreRangeOf(5)).toEqual({ min: 1, max: 5 });
  });
});

describe('gaugeOption', () => {
  it('puts the needle at the value, writes it in its band colour and ticks every step', () => {
    const option = gaugeOption({
      value: 42.5,
      min: -100,
      max: 100,
      step: 50,
      bands: NPS_GAUGE_BANDS,
      valueText: en.score(42.5),
      tickText: en.count,
    });
    const series = (option.series as Record<string, unknown>[])[0] as {
      min: number;
      max: number;
      splitNumber: number;
      data: { value: number }[];
      detail: { color: string; formatter: () => string };
      axisLine: { lineStyle: { color: [number, string][] } };
    };
    expect(series.min).toBe(-100);
    expect(series.max).toBe(100);
    expect(series.splitNumber).toBe(4);
    expect(series.data).toEqual([{ value: 42.5 }]);
    expect(series.detail.color).toBe(green);
    expect(series.detail.formatter()).toBe('42.5');
    expect(series.axisLine.lineStyle.color).toEqual([
      [0.5, red],
      [0.65, yellow],
      [1, green],
    ]);
  });

  it('keeps the needle on the arc for a value outside the range', () => {
    const option = gaugeOption({
      value: 12,
      min: 0,
      max: 10,
      step: 2,
      bands: scoreGaugeBands(11),
      valueText: '12.0',
      tickText: en.count,
    });
    const series = (option.series as { data: { value: number }[]; splitNumber: number }[])[0]!;
    expect(series.data).toEqual([{ value: 10 }]);
    expect(series.splitNumber).toBe(5);
  });

  it('colours the value as it is written: 3.96 reads 4.0, green on scale 5', () => {
    const option = gaugeOption({
      value: 3.96,
      min: 1,
      max: 5,
      step: 1,
      bands: scoreGaugeBands(5),
      valueText: en.score(3.96),
      tickText: en.tick,
    });
    const series = (option.series as { detail: { color: string; formatter: () => string } }[])[0]!;
    expect(series.detail.formatter()).toBe('4.0');
    expect(series.detail.color).toBe(green);
  });
});

describe('NPS gauge figures', () => {
  it('gives each group its count and share of the responses', () => {
    expect(npsBreakdown(nps)).toEqual([
      { key: 'promoters', count: 6, share: 50 },
      { key: 'neutrals', count: 3, share: 25 },
      { key: 'detractors', count: 3, share: 25 },
    ]);
  });

  it('deviates by this period’s NPS minus the previous period’s', () => {
    expect(npsDeviation(nps)).toBe(15);
    expect(npsDeviation({ ...nps, DeviationValue: null })).toBeNull();
  });

  it('shows deviations only when Config.showDeviation is on', () => {
    expect(showsDeviation({ showDeviation: true })).toBe(true);
    expect(showsDeviation({})).toBe(false);
  });
});

describe('cards', () => {
  const data = {
    Value: 42.857142,
    ValueOrigin: 40,
    Responses: 1234,
    ResponsesOrigin: 1000,
    Deviation: 2.857142,
    Ranking: 3,
    TotalCount: 12,
    RankedChannel: 'North-2',
  };

  it('shows the score n1 with its deviation, or n0 with ShowAsInteger', () => {
    expect(cardFigure({ data, field: 'Value', integer: false, formats: en })).toEqual({
      text: '42.9',
      deviation: 2.857142,
    });
    expect(cardFigure({ data, field: 'Value', integer: true, formats: en }).text).toBe('43');
    expect(showsAsInteger({}, { ShowAsInteger: true })).toBe(true);
    expect(showsAsInteger({ showAsInteger: true }, {})).toBe(true);
    expect(showsAsInteger({}, {})).toBe(false);
  });

  it('works the score deviation out from ValueOrigin when Deviation is missing', () => {
    expect(
      cardFigure({ data: { ...data, Deviation: null }, field: 'Value', integer: false, formats: en })
        .deviation,
    ).toBeCloseTo(2.857142, 6);
  });

  it('shows the response count n0 with its change on the previous period', () => {
    expect(cardValueField({ valueField: 'Responses' })).toBe('Responses');
    expect(cardValueField({})).toBe('Value');
    expect(cardFigure({ data, field: 'Responses', integer: false, formats: en })).toEqual({
      text: '1,234',
      deviation: 234,
    });
    expect(
      cardFigure({
        data: { ...data, ResponsesOrigin: null },
        field: 'Responses',
        integer: false,
        formats: en,
      }).deviation,
    ).toBeNull();
  });

  it('shows a ranking as ranking/total', () => {
    expect(rankingText(data, en)).toBe('3 / 12');
    expect(rankingText({ ...data, Ranking: 1, TotalCount: 1500 }, en)).toBe('1 / 1,500');
  });
});

describe('segmentBarOption', () => {
  it('draws a bar per segment in its NPS band colour, a segment without answers at 0 in grey', () => {
    const option = segmentBarOption({
      data: {
        SegmentData: [
          { SegmentId: 1, SegmentName: 'Bronze', SegmentValue: -20, SegmentResponseCount: 5 },
          { SegmentId: 2, SegmentName: 'Silver', SegmentValue: 10, SegmentResponseCount: 10 },
          { SegmentId: 3, SegmentName: 'Gold', SegmentValue: 45, SegmentResponseCount: 20 },
          { SegmentId: 4, SegmentName: 'New', SegmentValue: null, SegmentResponseCount: 0 },
        ],
      },
      bands: NPS_GAUGE_BANDS,
      formats: en,
      responsesLabel: (count) => `${count} responses`,
    });
    const series = (option.series as { data: { value: number; itemStyle: { color: string } }[] }[])[0]!;
    expect(series.data).toEqual([
      { value: -20, itemStyle: { color: red } },
      { value: 10, itemStyle: { color: yellow } },
      { value: 45, itemStyle: { color: green } },
      { value: 0, itemStyle: { color: '#bfbfbf' } },
    ]);
    expect((option.yAxis as { data: string[] }).data).toEqual(['Bronze', 'Silver', 'Gold', 'New']);
  });
});
