import { BAND_COLORS, CHART_PALETTE, type TopPhraseRow } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import {
  phrasesColor,
  phrasesHeight,
  phrasesOption,
  phrasesStatusOf,
  phrasesSummary,
  phrasesTooltip,
  type PhrasesTexts,
} from './phrases-chart';
import { numberFormats } from '@/widgets/shared/widget-format';

const texts: PhrasesTexts = { occurrences: 'Occurrences', responses: 'Responses' };
const en = numberFormats('en');

const phrase = (category: string, value: number, responses: number, status = 0): TopPhraseRow => ({
  Category: category,
  Value: value,
  Responses: responses,
  StatusCode: status,
});

// "güler yüz" occurs 1,520 times in 1,310 comments, "bekleme süresi" 48 times in 45.
const rows = [phrase('güler yüz', 1520, 1310), phrase('bekleme süresi', 48, 45)];

describe('phrasesStatusOf (reports spec §4)', () => {
  it('reads 1 language not supported, 2 language model not available, 3 no data', () => {
    expect(phrasesStatusOf([phrase('', 0, 0, 1)])).toBe(1);
    expect(phrasesStatusOf([phrase('', 0, 0, 2)])).toBe(2);
    expect(phrasesStatusOf([phrase('', 0, 0, 3)])).toBe(3);
  });

  it('is null for phrases', () => {
    expect(phrasesStatusOf(rows)).toBeNull();
    expect(phrasesStatusOf([phrase('tek', 1, 1)])).toBeNull();
  });
});

describe('phrasesColor', () => {
  it('takes the colour of a single chosen sentiment', () => {
    expect(phrasesColor([4])).toBe(BAND_COLORS.green);
    expect(phrasesColor([2])).toBe(BAND_COLORS.yellow);
    expect(phrasesColor([0])).toBe(BAND_COLORS.red);
  });

  it('is the palette colour otherwise', () => {
    expect(phrasesColor(undefined)).toBe(CHART_PALETTE[0]);
    expect(phrasesColor([4, 0])).toBe(CHART_PALETTE[0]);
    expect(phrasesColor([-1])).toBe(CHART_PALETTE[0]);
  });
});

describe('phrasesOption', () => {
  it('draws one bar per phrase by occurrences, most frequent at the top', () => {
    const option = phrasesOption({ rows, texts, formats: en, color: BAND_COLORS.green });
    expect(option.yAxis).toMatchObject({
      type: 'category',
      inverse: true,
      data: ['güler yüz', 'bekleme süresi'],
    });
    const [series] = option.series as { data: number[]; itemStyle: { color: string } }[];
    expect(series!.data).toEqual([1520, 48]);
    expect(series!.itemStyle.color).toBe(BAND_COLORS.green);
    expect(option.xAxis).toMatchObject({ min: 0, minInterval: 1, inverse: false });
  });

  it('labels bars with n0 counts', () => {
    const option = phrasesOption({ rows, texts, formats: numberFormats('tr'), color: CHART_PALETTE[0] });
    const [series] = option.series as { label: { formatter: (params: { value: unknown }) => string } }[];
    expect(series!.label.formatter({ value: 1520 })).toBe('1.520');
  });

  it('mirrors right to left', () => {
    const option = phrasesOption({ rows, texts, formats: en, color: CHART_PALETTE[0], rtl: true });
    expect(option.xAxis).toMatchObject({ inverse: true });
    expect(option.yAxis).toMatchObject({ position: 'right' });
  });
});

describe('phrasesHeight and the scroll window (Limit up to 100)', () => {
  const many = (count: number) =>
    Array.from({ length: count }, (_, index) => phrase(`phrase ${index + 1}`, 1000 - index, 500 - index));
  const barsInView = (count: number) => {
    const option = phrasesOption({ rows: many(count), texts, formats: en, color: CHART_PALETTE[0] });
    const zoom = (option.dataZoom ?? []) as { startValue: number; endValue: number }[];
    return zoom.length === 0 ? count : zoom[0]!.endValue - zoom[0]!.startValue + 1;
  };

  it('grows to 800 px and never squeezes a bar below 20 px: beyond what fits, a scroll bar from the top', () => {
    expect(phrasesHeight(5)).toBe(250);
    expect(phrasesHeight(20)).toBe(800);
    expect(phrasesHeight(100)).toBe(800);
    for (const count of [5, 20, 30, 60, 100]) {
      expect(phrasesHeight(count) / barsInView(count), `${count} phrases`).toBeGreaterThanOrEqual(20);
    }
    expect(barsInView(20)).toBe(20);
    const option = phrasesOption({ rows: many(100), texts, formats: en, color: CHART_PALETTE[0] });
    // The window opens on the most frequent phrases, at the top.
    expect(option.dataZoom).toEqual([expect.objectContaining({ yAxisIndex: 0, startValue: 0 })]);
  });
});

describe('phrasesTooltip and phrasesSummary', () => {
  it('shows the phrase, its occurrences and its responses', () => {
    expect(phrasesTooltip(rows[0]!, texts, en)).toBe(
      '<strong>güler yüz</strong><br/>Occurrences: 1,520<br/>Responses: 1,310',
    );
    expect(phrasesSummary(rows, texts, en)).toBe('Occurrences: güler yüz 1,520; bekleme süresi 48');
  });
});
