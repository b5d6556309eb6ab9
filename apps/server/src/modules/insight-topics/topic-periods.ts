import type { TopicExplorerPeriod } from '@loupe/contracts';

/*
 * The replica's period keys (replica-schema.ts: `<t>_day` yyyymmdd, `<t>_week` ISO year*100+week, `<t>_month`
 * yyyymm, `<t>_quarter` year*10+quarter, from the tenant-local wall clock) as a label and their first and last day,
 * so a drill-down from a period selects the same days as a TimeRange.
 */

export type PeriodSpan = { Label: string; From: string; To: string };

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The label and the days of a period key. */
export function periodSpan(kind: TopicExplorerPeriod, key: number): PeriodSpan {
  switch (kind) {
    case 'day': {
      const day = `${Math.floor(key / 10_000)}-${pad(Math.floor(key / 100) % 100)}-${pad(key % 100)}`;
      return { Label: day, From: day, To: day };
    }
    case 'week': {
      const year = Math.floor(key / 100);
      const week = key % 100;
      // ISO week 1 holds 4 January; weeks start on Monday.
      const jan4 = Date.UTC(year, 0, 4);
      const monday = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS + (week - 1) * 7 * DAY_MS;
      return { Label: `${year}-W${pad(week)}`, From: iso(monday), To: iso(monday + 6 * DAY_MS) };
    }
    case 'month': {
      const year = Math.floor(key / 100);
      const month = key % 100;
      return {
        Label: `${year}-${pad(month)}`,
        From: iso(Date.UTC(year, month - 1, 1)),
        To: iso(Date.UTC(year, month, 0)),
      };
    }
    case 'quarter': {
      const year = Math.floor(key / 10);
      const quarter = key % 10;
      return {
        Label: `${year}-Q${quarter}`,
        From: iso(Date.UTC(year, (quarter - 1) * 3, 1)),
        To: iso(Date.UTC(year, quarter * 3, 0)),
      };
    }
  }
}
