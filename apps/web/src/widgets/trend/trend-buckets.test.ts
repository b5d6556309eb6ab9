import { describe, expect, it } from 'vitest';
import { bucketCount, bucketIndex, bucketLabel, formatDay, rangeCoverage } from './trend-buckets';

const words = {
  week: ({ week, year }: { week: number; year: number }) => `W${week} ${year}`,
  quarter: ({ quarter, year }: { quarter: number; year: number }) => `Q${quarter} ${year}`,
};

describe('bucketCount', () => {
  it('counts the days, ISO weeks, months and quarters a range touches, both ends included', () => {
    const firstQuarter: [string, string] = ['2024-01-01', '2024-03-31'];
    // 31 + 29 (leap year) + 31 days.
    expect(bucketCount(firstQuarter, 'DD')).toBe(91);
    // 1 January 2024 is a Monday, 31 March a Sunday: weeks 1 to 13.
    expect(bucketCount(firstQuarter, 'WW')).toBe(13);
    expect(bucketCount(firstQuarter, 'MM')).toBe(3);
    expect(bucketCount(firstQuarter, 'QQ')).toBe(1);
  });

  it('counts a week touched by one day: Sunday to Monday is two ISO weeks', () => {
    expect(bucketCount(['2024-03-10', '2024-03-11'], 'WW')).toBe(2);
    expect(bucketCount(['2024-03-11', '2024-03-17'], 'WW')).toBe(1);
    expect(bucketIndex('2024-03-17', 'WW') - bucketIndex('2024-03-11', 'WW')).toBe(0);
  });

  it('reads a full ISO date-time by its calendar date', () => {
    expect(bucketCount(['2023-12-31T00:00:00', '2024-01-01T23:59:59'], 'DD')).toBe(2);
    expect(bucketCount(['2023-11-15', '2024-02-01'], 'QQ')).toBe(2);
  });
});

describe('rangeCoverage', () => {
  it('covers a range of at most 35 buckets', () => {
    // January 2022 to November 2024: 35 months.
    expect(rangeCoverage(['2022-01-01', '2024-11-30'], 'MM')).toEqual({ covered: true, buckets: 35 });
  });

  it('tells where the chart starts when the range holds more than 35 buckets', () => {
    // January 2022 to December 2024: 36 months; the last 35 start in February 2022.
    expect(rangeCoverage(['2022-01-01', '2024-12-31'], 'MM')).toEqual({
      covered: false,
      buckets: 36,
      shownFrom: '2022-02-01',
    });
    // 1 January to 30 June 2024 by day: 182 days; the last 35 start on 27 May (30 June − 34 days).
    expect(rangeCoverage(['2024-01-01', '2024-06-30'], 'DD')).toEqual({
      covered: false,
      buckets: 182,
      shownFrom: '2024-05-27',
    });
    // Weeks: 1 January to 31 December 2024 touches ISO weeks 1 to 1 of 2025 (30 December is a Monday): 53;
    // the last 35 start on the Monday 34 weeks (238 days) before 30 December (day 365): day 127, 6 May.
    expect(rangeCoverage(['2024-01-01', '2024-12-31'], 'WW')).toEqual({
      covered: false,
      buckets: 53,
      shownFrom: '2024-05-06',
    });
    // Quarters: Q1 2015 to Q4 2024 is 40; the last 35 start with Q2 2016.
    expect(rangeCoverage(['2015-01-01', '2024-12-31'], 'QQ')).toEqual({
      covered: false,
      buckets: 40,
      shownFrom: '2016-04-01',
    });
  });

  it('takes another maximum', () => {
    expect(rangeCoverage(['2024-01-01', '2024-01-05'], 'DD', 3)).toEqual({
      covered: false,
      buckets: 5,
      shownFrom: '2024-01-03',
    });
  });
});

describe('bucketLabel', () => {
  it('names days as DD/MM/YYYY, weeks and quarters in words, months by name', () => {
    expect(bucketLabel('2024-03-05', 'en', words)).toBe('05/03/2024');
    expect(formatDay('2024-12-31')).toBe('31/12/2024');
    expect(bucketLabel('2024-W09', 'en', words)).toBe('W9 2024');
    expect(bucketLabel('2024-Q1', 'en', words)).toBe('Q1 2024');
    expect(bucketLabel('2024-03', 'en', words)).toBe('Mar 2024');
    expect(bucketLabel('2024-03', 'tr', words)).toBe('Mar 2024');
    expect(bucketLabel('2024-08', 'tr', words)).toBe('Ağu 2024');
    expect(bucketLabel('Istanbul', 'en', words)).toBe('Istanbul');
  });
});
