import { BAND_COLORS, type SentimentBranchRow } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import {
  sentimentBranchHeight,
  sentimentBranchOption,
  sentimentBranchSummary,
  sentimentBranchTooltip,
  type SentimentBranchTexts,
} from './sentiment-branch-chart';
import { numberFormats } from '@/widgets/shared/widget-format';

const texts: SentimentBranchTexts = {
  net: 'Net sentiment',
  positive: 'Positive',
  neutral: 'Neutral',
  negative: 'Negative',
};
const en = numberFormats('en');

function branch(
  category: string,
  value: number | null,
  extra: Partial<SentimentBranchRow> = {},
): SentimentBranchRow {
  return {
    Category: category,
    CategoryId: 0,
    Value: value,
    Positive: 0,
    Neutral: 0,
    Negative: 0,
    Location: null,
    ...extra,
  };
}

// Kadıköy: 6 positive, 2 neutral, 2 negative of 10 → net 100 × (6 − 2) / 10 = 40 (yellow: 40 is not above 40);
// Beşiktaş: 1, 1, 3 of 5 → −40 (red); Üsküdar: 9, 1, 0 of 10 → 90 (green).
const rows = [
  branch('Kadıköy', 40, {
    CategoryId: 41,
    Positive: 6,
    Neutral: 2,
    Negative: 2,
    Location: 'İstanbul Anadolu',
  }),
  branch('Beşiktaş', -40, { CategoryId: 42, Positive: 1, Neutral: 1, Negative: 3 }),
  branch('Üsküdar', 90, { CategoryId: 43, Positive: 9, Neutral: 1, Negative: 0 }),
];

type Bar = {
  value?: number;
  itemStyle: { color: string };
  label: { position: string; formatter: () => string };
};
const barsOf = (option: ReturnType<typeof sentimentBranchOption>) =>
  (option.series as { data: Bar[] }[])[0]!.data;

describe('sentimentBranchOption', () => {
  it('draws each branch by net sentiment in its band colour', () => {
    const bars = barsOf(sentimentBranchOption({ rows, texts, formats: en }));
    expect(bars.map((bar) => [bar.value, bar.itemStyle.color])).toEqual([
      [40, BAND_COLORS.yellow],
      [-40, BAND_COLORS.red],
      [90, BAND_COLORS.green],
    ]);
    // Beşiktaş (−40): its label stands beside the zero line (right), never out at the names on the left.
    expect(bars[1]!.label).toMatchObject({ position: 'right' });
    expect(bars[0]!.label).toMatchObject({ position: 'right' });
    expect(bars[1]!.label.formatter()).toBe('-40.0');
  });

  it('runs the axis in whole 20s around the values and zero', () => {
    const option = sentimentBranchOption({ rows, texts, formats: en });
    expect(option.xAxis).toMatchObject({ min: -40, max: 100, interval: 20 });
    expect(option.yAxis).toMatchObject({ data: ['Kadıköy', 'Beşiktaş', 'Üsküdar'], inverse: true });
    expect(option.dataZoom).toEqual([]);
  });

  it('opens on the first 15 of 20 branches, the top of the list (highest first)', () => {
    const many = Array.from({ length: 20 }, (_, index) => branch(`Şube ${index + 1}`, 95 - index * 5));
    const option = sentimentBranchOption({ rows: many, texts, formats: en });
    expect(option.dataZoom).toMatchObject([{ type: 'slider', yAxisIndex: 0, startValue: 0, endValue: 14 }]);
  });

  it("never puts a long negative bar's label among the names", () => {
    const long = [branch('Uzun bir şube adı', 60), branch('Kadıköy Merkez', -84), branch('Ataşehir', -100)];
    for (const rtl of [false, true]) {
      const names = rtl ? ['right', 'insideRight'] : ['left', 'insideLeft'];
      for (const bar of barsOf(sentimentBranchOption({ rows: long, texts, formats: en, rtl }))) {
        expect(names).not.toContain(bar.label.position);
      }
    }
  });

  it('mirrors right to left', () => {
    const option = sentimentBranchOption({ rows, texts, formats: en, rtl: true });
    expect(option.xAxis).toMatchObject({ inverse: true });
    expect(option.yAxis).toMatchObject({ position: 'right' });
    expect(barsOf(option)[1]!.label).toMatchObject({ position: 'left' });
    expect(barsOf(option)[0]!.label).toMatchObject({ position: 'left' });
  });
});

describe('sentimentBranchHeight (reports spec §9)', () => {
  it('is 250 px up to 6 branches and 800 px beyond, counting at most the 15 in view', () => {
    expect(sentimentBranchHeight(6)).toBe(250);
    expect(sentimentBranchHeight(7)).toBe(800);
    expect(sentimentBranchHeight(40)).toBe(800);
  });
});

describe('sentimentBranchTooltip and sentimentBranchSummary', () => {
  it('shows the branch and location, net sentiment n1 and the three counts n0', () => {
    expect(sentimentBranchTooltip(rows[0]!, texts, numberFormats('tr'))).toBe(
      [
        '<strong>Kadıköy · İstanbul Anadolu</strong>',
        'Net sentiment: 40,0',
        'Positive: 6',
        'Neutral: 2',
        'Negative: 2',
      ].join('<br/>'),
    );
  });

  it('reads each branch with its net sentiment', () => {
    expect(sentimentBranchSummary(rows, texts, en)).toBe(
      'Net sentiment: Kadıköy 40.0; Beşiktaş -40.0; Üsküdar 90.0',
    );
  });
});
