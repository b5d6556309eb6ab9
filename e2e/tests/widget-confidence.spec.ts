import type { Locator, Page } from '@playwright/test';
import type { NpsGaugeData, PerformanceRow, ReportWidget } from '@loupe/contracts';
import { signIn, storedTokens } from './support/session.js';
import { saveScreenshot } from './support/screenshots.js';
import { card, createReport, deleteReport, escapeRegExp, pickPreset } from './support/widget-dialog.js';
import { expect, test } from './support/test.js';

/*
 * Issue 23 item 3's acceptance (docs/metrics.md "Confidence intervals and small samples"): a manager turns on
 * "Show 95 % confidence interval" for an NPS gauge and a branch performance chart; the gauge shows its interval
 * under the figure, the chart its whiskers, and the branches with fewer answers than the minimum are hatched,
 * listed after the ranked ones. The demo's 2000 answers over two years spread over 149 branches never give a branch
 * the tenant's 30, so the branch widget sets its own MinimumResponseCount of 5 (which wins over the tenant's) to
 * show ranked and small-sample branches side by side. Screenshots go to e2e/screenshots and /tmp/confidence-*.png.
 */

const suffix = Date.now().toString(36).slice(-5);
const REPORT = { title: `E2E Güven ${suffix}`, path: `/reports/e2e-guven-${suffix}` };
const GAUGE = 'NPS göstergesi';
const BRANCHES = 'Şube performansı';
const SWITCH = '%95 güven aralığını göster';

// Tall enough for the 800 px branch chart below the shell's fixed header.
test.use({ actionTimeout: 20_000, viewport: { width: 1280, height: 1400 } });

/** Adds a catalogue widget with the confidence switch on, through the widget dialog. */
async function addWithConfidence(page: Page, title: string): Promise<ReportWidget> {
  await page.getByRole('button', { name: 'Bileşen ekle', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Rapora yeni bileşen ekle' });
  await dialog.getByLabel('Bileşenleri başlığa göre ara').fill(title);
  const results = dialog.getByRole('region', { name: `“${title}” ile eşleşen bileşenler` });
  await results.getByRole('button', { name: new RegExp(`^${escapeRegExp(title)}`) }).click();
  const toggle = dialog.getByRole('switch', { name: SWITCH, exact: true });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/reportWidgets') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Kaydet', exact: true }).click();
  const widget = (await (await saved).json()) as ReportWidget;
  await expect(dialog).toBeHidden();
  await expect(card(page, title)).toBeVisible();
  expect(JSON.parse(widget.Config)).toMatchObject({ dataFilters: { ShowConfidence: true } });
  return widget;
}

async function cardShot(widget: Locator, name: string): Promise<void> {
  await widget.scrollIntoViewIfNeeded();
  await widget.screenshot({ path: `/tmp/confidence-${name}.png` });
}

test('a gauge shows its 95 % interval and a branch chart its small samples after the ranked branches', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const gaugeAnswers: NpsGaugeData[] = [];
  const branchAnswers: PerformanceRow[][] = [];
  page.on('response', (response) => {
    if (!response.ok() || response.request().method() !== 'POST') return;
    const body = response.request().postData() ?? '';
    if (!body.includes('"ShowConfidence":true')) return;
    if (response.url().endsWith('/api/widget-data/nps'))
      void response.json().then((data: NpsGaugeData) => gaugeAnswers.push(data));
    if (response.url().endsWith('/api/widget-data/channel-performance'))
      void response.json().then((rows: PerformanceRow[]) => branchAnswers.push(rows));
  });
  await signIn(page, 'manager');
  // The report header (with "Yeni rapor") is on a report page: the demo's.
  await page.goto('/reports/nps-trendleri');
  await createReport(page, REPORT);
  await pickPreset(page, 'Son 1 yıl', 'last1Year');

  await addWithConfidence(page, GAUGE);
  const gauge = card(page, GAUGE);
  const interval = gauge.getByRole('note', {
    name: /^%95 güven aralığı: [-−]?[\d.,]+ ile [-−]?[\d.,]+ arası$/,
  });
  await expect(interval).toBeVisible({ timeout: 20_000 });
  await expect(interval).toHaveText(/^%95 GA [-−]?[\d.,]+ – [-−]?[\d.,]+$/);
  await expect.poll(() => gaugeAnswers.length).toBeGreaterThan(0);
  const answer = gaugeAnswers.at(-1)!;
  expect(answer.Ci!.Low).toBeLessThanOrEqual(answer.Value!);
  expect(answer.Ci!.High).toBeGreaterThanOrEqual(answer.Value!);
  expect(answer.MinimumSampleSize).toBe(30);

  const branchWidget = await addWithConfidence(page, BRANCHES);
  // The widget's own minimum (what the JSON tab would write), then the page again.
  const config = JSON.parse(branchWidget.Config) as { dataFilters: Record<string, unknown> };
  config.dataFilters.MinimumResponseCount = 5;
  // Top 6: six ranked branches, then (outside the Top-N) at most six small samples, all in the chart's window.
  config.dataFilters.TopNToggle = true;
  config.dataFilters.TopNCount = 6;
  const { accessToken } = await storedTokens(page);
  const put = await page.request.put(`/api/reportWidgets/${branchWidget.Id}`, {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: {
      ReportId: branchWidget.ReportId,
      WidgetId: branchWidget.WidgetId,
      Config: JSON.stringify(config),
    },
  });
  expect(put.status()).toBe(200);
  branchAnswers.length = 0;
  await page.reload();
  const branches = card(page, BRANCHES);
  await expect(branches.locator('canvas').first()).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => branchAnswers.length).toBeGreaterThan(0);
  const rows = branchAnswers.at(-1)!;
  // Every branch has its interval; the small samples (fewer than 5) come after every ranked branch.
  expect(rows.every((row) => row.MinimumSampleSize === 5 && row.Ci !== undefined)).toBe(true);
  expect(rows.every((row) => row.SmallSample === row.Responses < 5)).toBe(true);
  const firstSmall = rows.findIndex((row) => row.SmallSample);
  expect(firstSmall).toBe(6);
  expect(rows.length).toBeGreaterThan(6);
  expect(rows.length).toBeLessThanOrEqual(12);
  expect(rows.slice(firstSmall).every((row) => row.SmallSample)).toBe(true);
  await expect(branches.getByText(/^Taralı çubuklar küçük örneklemdir \(5 yanıttan az\)/)).toBeVisible();
  const summary =
    (await branches.locator('[role="img"]:has(canvas)').first().getAttribute('aria-label')) ?? '';
  expect(summary).toContain('%95 GA');
  expect(summary).toContain('küçük örneklem');

  await cardShot(gauge, 'gauge');
  await cardShot(branches, 'branches');
  await saveScreenshot(page, 'widget-confidence');

  await deleteReport(page, REPORT.title);
});
