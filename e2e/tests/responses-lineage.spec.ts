import type { Page, Response } from '@playwright/test';
import {
  daysOfWeekRowSchema,
  mapRowSchema,
  npsGaugeDataSchema,
  performanceRowSchema,
  responseDetailSchema,
  responseListPageSchema,
  trendRowSchema,
} from '@loupe/contracts';
import { browserDay, type CalendarDay } from './support/browser-clock.js';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 23 item 4 in the browser (docs/responses-analyzer.md "Lineage"): on the demo report "Genel Bakış" the NPS
 * gauge's menu has "Show responses" (reached with the keyboard); it opens the responses analyzer, which says the
 * gauge's own number of responses; a row opens the response with its invitation, alerts and deliveries sections.
 * English and Arabic screens are saved as screenshots. On "Bölge Karnesi" the branch chart's menu lists its bars
 * (keyboard: Enter, arrows); a bar opens the analyzer with that bar's number of responses. The monthly trend's menu
 * lists its points the same way, the map its regions, the days-of-week chart its cells; each opens the analyzer with
 * its own number of responses.
 */

const isPath = (response: Response, path: RegExp, method: string) =>
  path.test(new URL(response.url()).pathname) && response.request().method() === method;
const isoDay = ({ year, month, day }: CalendarDay) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** A count as the English banner writes it (grouped: 2,000). */
const count = (value: number) => value.toLocaleString('en');

/** The lineage count call of the analyzer (the banner's `?$top=1`), not the grid's page. */
const lineageAnswer = (page: Page) =>
  page.waitForResponse(
    (response) =>
      isPath(response, /^\/api\/responses-analyzer$/, 'POST') &&
      new URL(response.url()).searchParams.get('$top') === '1',
  );

/**
 * Signs the admin in, in English, and opens a demo report over its last three years; answers the JSON of the first
 * call to the widget data endpoint `endpoint` (e.g. 'nps'), the figures the menu's counts must match.
 */
async function openDemoReport(page: Page, slug: string, endpoint: string): Promise<unknown> {
  await signIn(page, 'admin');
  await chooseLanguage(page, 'Dil', 'English');
  const today = await browserDay(page);
  const path = new RegExp(`^/api/widget-data/${endpoint}$`);
  const data = page.waitForResponse((response) => isPath(response, path, 'POST'));
  await page.goto(`/reports/${slug}?from=${isoDay({ ...today, year: today.year - 3 })}&to=${isoDay(today)}`);
  return (await data).json();
}

/**
 * Opens a card's "Show responses of a …" submenu with the keyboard (the card's menu button, Enter, the item,
 * ArrowRight): its first entry is then focused.
 */
async function openLineageSubmenu(page: Page, title: string, item: string): Promise<void> {
  // Every widget has drawn: the submenu then lists the card's own (cached) data at once, never "Loading…".
  await expect(page.locator('[data-widget-loading]')).toHaveCount(0);
  await page
    .getByRole('article', { name: title, exact: true })
    .getByRole('button', { name: `Actions for ${title}` })
    .focus();
  await page.keyboard.press('Enter');
  const entry = page.getByRole('menuitem', { name: item });
  await expect(entry).toBeVisible();
  await entry.focus();
  await page.keyboard.press('ArrowRight');
}

test('NPS gauge → show responses → the same count, then a response with its lineage', async ({ page }) => {
  test.setTimeout(180_000);
  const responses = npsGaugeDataSchema.parse(await openDemoReport(page, 'genel-bakis', 'nps')).Responses;
  expect(responses).toBeGreaterThan(0);

  // Keyboard: the card's menu button, Enter opens it, the item is a menu item.
  const card = page.getByRole('article', { name: 'NPS', exact: true });
  const menu = card.getByRole('button', { name: 'Actions for NPS' });
  await menu.focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: 'Show responses' });
  await expect(item).toBeVisible();
  const counted = lineageAnswer(page);
  await item.click();
  await expect(page).toHaveURL(/\/responses-analyzer\?.*widget=\d+/);
  const lineage = responseListPageSchema.parse(await (await counted).json());
  expect(lineage.FactCount).toBe(responses);
  await expect(page.getByTestId('lineage-counts')).toContainText(
    `${count(responses)} responses of the widget`,
  );
  await expect(page.getByTestId('lineage-counts')).toContainText(`${count(lineage.Count)} answered sessions`);
  await expect(page.locator('tr[data-row-key]').first()).toBeVisible();
  const analyzerAddress = page.url();
  await saveScreenshot(page, 'responses-lineage-en');

  // A response: its invitation path, alerts and integration deliveries (each with an empty state when none).
  const detail = page.waitForResponse((response) =>
    isPath(response, /^\/api\/responses-analyzer\/\d+$/, 'GET'),
  );
  await page.locator('tr[data-row-key]').first().click();
  const response = responseDetailSchema.parse(await (await detail).json());
  await expect(page.getByText('Invitation path', { exact: true })).toBeVisible();
  await expect(page.getByText('Alerts raised', { exact: true })).toBeVisible();
  if (response.Deliveries !== null)
    await expect(page.getByText('Integration deliveries', { exact: true })).toBeVisible();
  const address = page.url();
  await saveScreenshot(page, 'response-lineage-en');

  await chooseLanguage(page, 'Language', 'العربية');
  await page.goto(address);
  await expect(page.getByText('مسار الدعوة', { exact: true })).toBeVisible();
  await expect(page.getByText('التنبيهات المُثارة', { exact: true })).toBeVisible();
  await saveScreenshot(page, 'response-lineage-ar');
  const recounted = lineageAnswer(page);
  await page.goto(analyzerAddress);
  expect(responseListPageSchema.parse(await (await recounted).json()).FactCount).toBe(responses);
  await expect(page.getByTestId('lineage-counts')).toContainText('للعنصر');
  await saveScreenshot(page, 'responses-lineage-ar');
});

test("branch chart → show responses of a bar (keyboard) → that bar's count", async ({ page }) => {
  test.setTimeout(120_000);
  const rows = performanceRowSchema
    .array()
    .parse(await openDemoReport(page, 'bolge-karnesi', 'channel-performance'));
  // The menu lists the bars in the chart's order: the first one is focused when the submenu opens.
  const bar = rows[0];
  expect(bar?.CategoryId, 'a bar').toBeGreaterThan(0);

  await openLineageSubmenu(page, 'Şube Performansı', 'Show responses of a bar');
  const barItem = page.getByRole('menuitem', { name: `${bar!.Category} (${bar!.Responses})`, exact: true });
  await expect(barItem).toBeFocused();
  const counted = lineageAnswer(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/responses-analyzer\\?.*widget=\\d+.*group=${bar!.CategoryId}`));
  expect(responseListPageSchema.parse(await (await counted).json()).FactCount).toBe(bar!.Responses);
  await expect(page.getByTestId('lineage-counts')).toContainText(
    new RegExp(`^${count(bar!.Responses)} responses? of the bar,`),
  );
  await saveScreenshot(page, 'responses-lineage-bar-en');
});

/**
 * Takes the focused first entry of an open lineage submenu ("<label> (<responses>)") with Enter, and checks the
 * analyzer it opens: the address names the figure by `param` (matching `value`), that figure's row in the
 * widget's data has the listed responses, the lineage call's FactCount too, and the banner says them "of the
 * <part>".
 */
async function openFirstListed(
  page: Page,
  { param, value, part }: { param: string; value: RegExp; part: string },
  responsesOf: (params: URLSearchParams) => number | undefined,
): Promise<void> {
  const entry = page.locator('[role="menuitem"]:focus');
  await expect(entry).toHaveText(/^.+ \(\d+\)$/);
  const shown = Number(/\((\d+)\)$/.exec((await entry.textContent()) ?? '')?.[1]);
  const counted = lineageAnswer(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(
    new RegExp(`/responses-analyzer\\?.*widget=\\d+.*${param}=${value.source}(&|$)`),
  );
  const params = new URL(page.url()).searchParams;
  expect(responsesOf(params), `the widget's ${part} ${params.get(param)}`).toBe(shown);
  expect(responseListPageSchema.parse(await (await counted).json()).FactCount).toBe(shown);
  await expect(page.getByTestId('lineage-counts')).toContainText(
    new RegExp(`^${count(shown)} responses? of the ${part},`),
  );
  await saveScreenshot(page, `responses-lineage-${part}-en`);
}

/** The figures listed in a submenu (one entry per widget kind, a table of data): a trend's points, a map's regions, the days-of-week chart's cells. */
const LISTED = [
  {
    name: "monthly trend → show responses of a point (keyboard) → that point's count",
    report: 'genel-bakis',
    endpoint: 'trend',
    card: 'Aylık NPS Trendi',
    item: 'Show responses of a point',
    figure: { param: 'point', value: /\d{4}-\d{2}/, part: 'point' },
    responsesOf: (data: unknown, params: URLSearchParams) =>
      trendRowSchema
        .array()
        .parse(data)
        .find((row) => row.Category === params.get('point'))?.Responses,
  },
  {
    name: "map → show responses of a region (keyboard) → that region's count",
    report: 'genel-bakis',
    endpoint: 'map',
    card: 'İllere Göre NPS',
    item: 'Show responses of a region',
    figure: { param: 'location', value: /\d+/, part: 'region' },
    responsesOf: (data: unknown, params: URLSearchParams) =>
      mapRowSchema
        .array()
        .parse(data)
        .find((row) => row.LocationId === Number(params.get('location')))?.Responses,
  },
  {
    name: "days-of-week chart → show responses of a cell (keyboard) → that cell's count",
    report: 'nps-trendleri',
    endpoint: 'days-of-week',
    card: 'Gün ve Saate Göre NPS',
    item: 'Show responses of a cell',
    figure: { param: 'partOfDay', value: /\d{2}-\d{2}/, part: 'cell' },
    responsesOf: (data: unknown, params: URLSearchParams) =>
      daysOfWeekRowSchema
        .array()
        .parse(data)
        .find(
          (row) =>
            row.WeekOfDay === Number(params.get('weekday')) && row.PartOfDay === params.get('partOfDay'),
        )?.Responses,
  },
];

for (const listed of LISTED) {
  test(listed.name, async ({ page }) => {
    test.setTimeout(120_000);
    const data = await openDemoReport(page, listed.report, listed.endpoint);
    await openLineageSubmenu(page, listed.card, listed.item);
    // The first entry is focused: "<label> (<responses>)".
    await openFirstListed(page, listed.figure, (params) => listed.responsesOf(data, params));
  });
}
