import type { Locator, Page } from '@playwright/test';
import { chooseMenuItem } from './support/animations.js';
import { signIn } from './support/session.js';
import { expect, test } from './support/test.js';
import {
  addWidgetFromTab,
  card,
  choose,
  createReport,
  heading,
  pickPreset,
  screenshot,
} from './support/widget-dialog.js';

/*
 * Issue 24, defects 10 and 11 (reports spec §2), and issue 20: the buttons into the insight screens (topic discovery,
 * driver simulation, the responses analyzer) were disabled with a "later release" tooltip until those screens were
 * built; now each opens its screen with the widget's topic model (and the report's dates), the comment's "open
 * response" in a new tab. The report filters item opens the report dialog with its filter section unfolded; an
 * empty report offers a get-started button; the filter badge is blank while no filter is set; and deleting a report
 * does not load it again (no 404). The demo's topics bubble ("Konular") has its topic discovery button; the impact
 * chart and the comment highlights are added to a report of the run's own.
 */

const COMMENTS_REPORT = { title: 'Müşteri Yorumları', path: '/reports/musteri-yorumlari' };
const TEXT_ANALYTICS = { tab: 'Metin analitiği' };

const suffix = Date.now().toString(36).slice(-5);
const created = { title: `E2E Çıkmaz ${suffix}`, path: `/reports/e2e-cikmaz-${suffix}` };

test.describe.configure({ mode: 'serial' });

/** A header button into a built screen: enabled, and a click opens `address` on the same tab. */
async function expectOpens(page: Page, control: Locator, address: RegExp): Promise<void> {
  await expect(control).toBeEnabled();
  const back = page.url();
  await control.click();
  await expect(page).toHaveURL(address);
  await page.goto(back);
}

test('topic discovery opens from the topics bubble on its topic model', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto(COMMENTS_REPORT.path);
  await expect(heading(page, COMMENTS_REPORT.title)).toBeVisible();
  const button = card(page, 'Konular').getByRole('button', { name: /^Konular için konu keşfine git$/ });
  await button.hover();
  await expect(page.getByRole('tooltip').filter({ hasText: 'Konu keşfi' })).toBeVisible();
  await screenshot(page, 'report-topic-discovery-button-tr');
  await expectOpens(page, button, /\/topic-discovery\?topicModelId=\d+/);
  await expect(heading(page, COMMENTS_REPORT.title)).toBeVisible();
});

test('an empty report: get-started button, blank filter badge, report filters unfolded; simulation and response open; delete loads nothing', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  await page.goto(COMMENTS_REPORT.path);
  await createReport(page, created);

  // No filter set: the badge is blank (the button keeps its full name for screen readers).
  const filters = page.getByRole('button', { name: /^Filtreler: / });
  await expect(filters).toHaveText('Filtreler');

  // The empty state's get-started button opens the widget dialog.
  await expect(page.getByText('Bu raporda henüz bileşen yok.')).toBeVisible();
  const getStarted = page.getByRole('button', { name: 'İlk bileşeni ekle' });
  await expect(getStarted).toBeVisible();
  await screenshot(page, 'report-empty-tr');
  await getStarted.click();
  const widgetDialog = page.getByRole('dialog', { name: 'Rapora yeni bileşen ekle' });
  await expect(widgetDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(widgetDialog).toBeHidden();

  // Edit report › Report filters: the dialog opens with the filter section unfolded; Rename keeps it folded.
  const editMenu = page.getByRole('button', { name: 'Raporu düzenle' });
  await chooseMenuItem(page, editMenu, 'Rapor filtreleri');
  const reportDialog = page.getByRole('dialog', { name: 'Raporu düzenle' });
  const section = reportDialog.getByRole('button', { name: 'Rapor filtreleri', exact: true });
  await expect(section).toHaveAttribute('aria-expanded', 'true');
  await screenshot(page, 'report-dialog-filters-tr');
  await reportDialog.getByRole('button', { name: 'Vazgeç' }).click();
  await expect(reportDialog).toBeHidden();
  await chooseMenuItem(page, editMenu, 'Yeniden adlandır');
  await expect(section).toHaveAttribute('aria-expanded', 'false');
  await reportDialog.getByRole('button', { name: 'Vazgeç' }).click();
  await expect(reportDialog).toBeHidden();

  // The driver-simulation button of the impact chart opens the simulation on the widget's topic model and the
  // report's dates; a comment's "open response" opens its respondent in the responses analyzer, in a new tab.
  const topicModel = (dialog: Locator) => choose(page, dialog, 'Konu modeli', 'Bankacılık Konuları');
  await addWidgetFromTab(page, TEXT_ANALYTICS, "Konuların NPS'e etkisi", topicModel);
  await expectOpens(
    page,
    card(page, "Konuların NPS'e etkisi").getByRole('button', { name: /için etken simülasyonunu aç$/ }),
    /\/simulation\?topicModelId=\d+/,
  );
  await expect(heading(page, created.title)).toBeVisible();
  await addWidgetFromTab(page, TEXT_ANALYTICS, 'Öne çıkan yorumlar', topicModel);
  // The comment highlights wait for applied filters (reports spec §4): a preset applies them.
  await pickPreset(page, 'Son 6 ay', 'last6Months');
  const openResponse = card(page, 'Öne çıkan yorumlar')
    .getByRole('link', { name: /^Bu yorumun yanıtını .+ yeni sekmede aç$/ })
    .first();
  await expect(openResponse).toHaveAttribute('href', /^\/responses-analyzer\/\d+$/);
  await expect(openResponse).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), openResponse.click()]);
  await expect(tab).toHaveURL(/\/responses-analyzer\/\d+$/);
  await expect(tab.getByRole('heading', { level: 1, name: / yanıtı$/ })).toBeVisible();
  await tab.close();

  // Delete: home, and the deleted report is not read again.
  const reloads: string[] = [];
  page.on('response', (response) => {
    if (/\/api\/reporteditor\/\d+$/.test(new URL(response.url()).pathname) && response.status() === 404)
      reloads.push(response.url());
  });
  await chooseMenuItem(page, editMenu, 'Raporu sil');
  await page
    .getByRole('dialog')
    .filter({ hasText: created.title })
    .getByRole('button', { name: 'Sil' })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation').getByText(created.title)).toHaveCount(0);
  // Time for a late reload to show.
  await page.waitForTimeout(1_500);
  expect(reloads).toEqual([]);
});
