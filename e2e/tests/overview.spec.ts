import type { Response } from '@playwright/test';
import { overviewSchema } from '@loupe/contracts';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 20 item 1 in the browser (docs/overview.md): the demo admin's home page shows the four counters as the API
 * answered them, each a link to its screen; a user without `overview` keeps the welcome card alone. Screenshots in
 * Turkish, English and Arabic for people to look at.
 */

const overviewAnswer = (response: Response) =>
  new URL(response.url()).pathname === '/api/overview' && response.request().method() === 'GET';

// The admin holds the analyzer's scopes: answers opens the responses analyzer on the counter's period.
const SCREENS = {
  imports: '/import-data-logs',
  answers: '/responses-analyzer',
  activeSurveys: '/surveys',
  openAlerts: '/alerts',
} as const;

test('the admin’s home page shows the four counters, each a link to its screen', async ({ page }) => {
  await signIn(page, 'admin');
  const answer = page.waitForResponse(overviewAnswer);
  await page.goto('/');
  const overview = overviewSchema.parse(await (await answer).json());
  expect(overview.Counters.map((counter) => counter.Key)).toEqual(Object.keys(SCREENS));
  // The demo holds imports of the last days (demo/demo-imports.ts).
  expect(overview.Counters.find((counter) => counter.Key === 'imports')!.Value).toBeGreaterThan(0);

  const format = new Intl.NumberFormat('tr');
  for (const counter of overview.Counters) {
    const card = page.getByTestId(`overview-${counter.Key}`);
    await expect(card).toHaveAttribute('href', new RegExp(`^${SCREENS[counter.Key]}(\\?|$)`));
    await expect(card.locator('.ant-statistic-content-value')).toHaveText(format.format(counter.Value));
  }

  // Keyboard: the first counter takes the focus and Enter opens its screen.
  const imports = page.getByTestId('overview-imports');
  await imports.focus();
  await expect(imports).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/import-data-logs$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  const alerts = page.getByTestId('overview-openAlerts');
  await expect(alerts).toBeVisible();
  await alerts.click();
  await expect(page).toHaveURL(/\/alerts$/);
});

test('a user without the overview scope sees the welcome card alone', async ({ page }) => {
  await signIn(page, 'viewer');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('overview-answers')).toHaveCount(0);
});

test('the home page in Turkish, English and Arabic, saved as screenshots', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await page.goto('/');
  const shoot = async (code: string) => {
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    await expect(page.getByTestId('overview-openAlerts')).toBeVisible();
    await saveScreenshot(page, `home-overview-${code}`);
  };
  // Turkish first (the demo's default), then each language from the top bar of the one before.
  await shoot('tr');
  await chooseLanguage(page, 'Dil', 'English');
  await shoot('en');
  await chooseLanguage(page, 'Language', 'العربية');
  await shoot('ar');
});
