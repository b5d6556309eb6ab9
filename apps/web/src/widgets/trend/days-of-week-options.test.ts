import { BAND_COLORS } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import { bubbleSize, dayCells, daysOfWeekOption, weekdayNames } from './days-of-week-options';
import { numberFormats } from '@/widgets/shared/widget-format';

const en = numberFormats('en');
const { red, yellow, green } = BAND_COLORS;

describe('days of week', () => {
  it('sizes bubbles by the square root of their share of the busiest cell', () => {
    expect(bubbleSize(100, 100)).toBe(40);
    // A quarter of the busiest: 6 + 34 × √0.25 = 23.
    expect(bubbleSize(25, 100)).toBe(23);
    expect(bubbleSize(0, 100)).toBe(6);
  });

  it('places each row at its part of day and day, coloured by its NPS band', () => {
    const rows = [
      { WeekOfDay: 1, PartOfDay: '09-12', Value: 45, Responses: 100 },
      { WeekOfDay: 7, PartOfDay: '21-00', Value: -5, Responses: 25 },
      { WeekOfDay: 3, PartOfDay: '00-09', Value: 20, Responses: 4 },
      { WeekOfDay: 2, PartOfDay: 'night', Value: 20, Responses: 4 },
    ];
    expect(dayCells(rows).map(({ x, y, size, color }) => ({ x, y, size, color }))).toEqual([
      { x: 1, y: 0, size: 40, color: green },
      { x: 5, y: 6, size: 23, color: red },
      // 6 + 34 × √0.04 = 12.8.
      { x: 0, y: 2, size: 6 + 34 * 0.2, color: yellow },
    ]);
    const option = daysOfWeekOption({
      rows,
      dayNames: weekdayNames('en'),
      formats: en,
      cellText: ({ day, part, value, responses }) => [
        `${day} ${part}`,
        `NPS ${value}`,
        `${responses} responses`,
      ],
    });
    expect((option.yAxis as { data: string[]; inverse: boolean }).inverse).toBe(true);
    expect((option.xAxis as { data: string[] }).data).toEqual([
      '00-09',
      '09-12',
      '12-15',
      '15-18',
      '18-21',
      '21-00',
    ]);
    const formatter = (option.tooltip as { formatter: (params: unknown) => string }).formatter;
    expect(formatter({ dataIndex: 1 })).toBe('Sunday 21-00<br/>NPS -5.0<br/>25 responses');
  });

  it('names the days Monday to Sunday in the interface language', () => {
    expect(weekdayNames('en')).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(weekdayNames('tr')[0]).toBe('Pazartesi');
    expect(weekdayNames('tr')[6]).toBe('Pazar');
  });
});
