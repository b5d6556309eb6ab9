import type { Page } from '@playwright/test';

/** A calendar day: month 1–12. */
export type CalendarDay = { year: number; month: number; day: number };

/**
 * Today where the browser is, `days` added: the console computes date presets in the browser's time zone
 * (Europe/Istanbul in this suite), which is another day than the test runner's for hours of every night.
 */
export async function browserDay(page: Page, days = 0): Promise<CalendarDay> {
  const [year, monthIndex, day] = await page.evaluate(() => {
    const now = new Date();
    return [now.getFullYear(), now.getMonth(), now.getDate()];
  });
  const shifted = new Date(Date.UTC(year, monthIndex, day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** dd/mm/yyyy, as the Turkish date pickers show a day. */
export function ddmmyyyy({ year, month, day }: CalendarDay): string {
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
}
