import type { Page, Response } from '@playwright/test';
// eslint-disable-next-line import-x/default -- CommonJS: its module.exports is the default import under Node's ESM
import ExcelJS from 'exceljs';
import { healthCheckSchema } from '@loupe/contracts';
import { animationsSettled } from './support/animations.js';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 20 items 7 and 8 in the browser (docs/health-and-logs.md). The demo admin's health check shows the demo's
 * one incident (three hours of refused REST data records three days before the load, 109 in all) and a card per
 * part; the log screen shows the admin's own requests' lines, filtered by level and by one request, and exports
 * them. Turkish, English and Arabic screenshots for people to look at.
 */

const main = (page: Page) => page.getByRole('main');

const healthAnswer = (response: Response) =>
  new URL(response.url()).pathname === '/api/health-check' && response.request().method() === 'GET';

test('the health check shows the demo incident and a card per part, in Turkish, English and Arabic', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const answer = page.waitForResponse(healthAnswer);
  await page.goto('/health-check');
  const health = healthCheckSchema.parse(await (await answer).json());
  const incident = health.Anomalies.find(
    (anomaly) => anomaly.Source === 'restData' && anomaly.ErrorCount === 109,
  );
  expect(incident, JSON.stringify(health.Anomalies)).toBeDefined();
  expect(incident!.Hours).toBe(3);

  await expect(main(page).getByRole('heading', { name: 'Sağlık kontrolü', level: 1 })).toBeVisible();
  const anomalies = main(page).getByRole('region', { name: 'Son anomaliler' });
  const rows = anomalies.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(health.Anomalies.length);
  const incidentRow = rows.filter({ hasText: 'REST veri' }).filter({ hasText: '109' });
  await expect(incidentRow).toHaveCount(1);
  await expect(incidentRow).toContainText('3 saat');
  await expect(incidentRow).toContainText(
    new Intl.NumberFormat('tr', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      incident!.Score,
    ),
  );

  const status = main(page).getByRole('region', { name: 'Durum' });
  for (const part of ['database', 'replica', 'jobQueue', 'mail', 'sms', 'disk'])
    await expect(status.getByTestId(`health-part-${part}`)).toBeVisible();
  await expect(status.getByTestId('health-part-database')).toContainText('Çalışıyor');
  // The suite's server sends mail through the local SMTP catcher: it answers.
  await expect(status.getByTestId('health-part-mail')).toContainText('SMTP sunucusu yanıt veriyor');
  await expect(status.getByTestId('health-part-sms')).toContainText('Yapılandırılmadı');
  await expect(status.getByTestId('health-part-disk')).toContainText('boş');
  await saveScreenshot(page, 'health-check-tr');

  await chooseLanguage(page, 'Dil', 'English');
  await expect(main(page).getByRole('heading', { name: 'Health check', level: 1 })).toBeVisible();
  await expect(
    main(page).getByRole('region', { name: 'Last anomalies' }).getByText('REST data', { exact: true }),
  ).toHaveCount(health.Anomalies.filter((anomaly) => anomaly.Source === 'restData').length);
  await expect(main(page).getByTestId('health-part-database')).toContainText('Working');
  await saveScreenshot(page, 'health-check-en');

  await chooseLanguage(page, 'Language', 'العربية');
  await expect(main(page).getByRole('heading', { name: 'فحص الحالة', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await saveScreenshot(page, 'health-check-ar');
  await chooseLanguage(page, 'اللغة', 'Türkçe');
});

test("the log screen shows the admin's request lines, filters them by level and by request, and exports", async ({
  page,
}) => {
  await signIn(page, 'admin');
  // A few requests of the admin's tenant first; the sink writes them within a second.
  await page.goto('/health-check');
  await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/logs');
  await expect(main(page).getByRole('heading', { name: 'Kayıtlar', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  const rows = main(page).locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasText: 'request completed' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Bilgi' }).first()).toBeVisible();

  // Only warnings and errors: the admin's requests logged none, so the list empties; then back to all levels.
  await main(page).getByLabel('Seviyeler').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Hata', { exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(rows.filter({ hasText: 'Bilgi' })).toHaveCount(0);
  await main(page).getByRole('button', { name: 'Filtreleri temizle' }).click();
  await expect(rows.filter({ hasText: 'Bilgi' }).first()).toBeVisible();

  // One line in full, then every line of its request.
  await rows.filter({ hasText: 'request completed' }).first().click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Kayıt satırı' });
  await expect(drawer).toBeVisible();
  await expect(drawer.locator('pre')).toContainText('"statusCode"');
  await expect(drawer.locator('pre')).toContainText('"route": "/api/');
  await animationsSettled(page);
  await saveScreenshot(page, 'logs-line-tr');
  await drawer.getByRole('button', { name: 'Bu isteğin satırlarını göster' }).click();
  await expect(drawer).toBeHidden();
  const requestId = await main(page).getByRole('textbox', { name: 'İstek kimliği' }).inputValue();
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(rows).not.toHaveCount(0);
  for (const row of await rows.all()) await expect(row).toContainText(requestId);
  await saveScreenshot(page, 'logs-tr');

  // The export holds the lines on screen.
  const download = page.waitForEvent('download');
  await main(page).getByRole('button', { name: "Excel'e aktar" }).click();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await (await download).path());
  const sheet = workbook.worksheets[0]!;
  expect(sheet.rowCount).toBe((await rows.count()) + 1);

  await main(page).getByRole('button', { name: 'Filtreleri temizle' }).click();
  await chooseLanguage(page, 'Dil', 'English');
  await expect(main(page).getByRole('heading', { name: 'Logs', level: 1 })).toBeVisible();
  await expect(rows.filter({ hasText: 'Info' }).first()).toBeVisible();
  await saveScreenshot(page, 'logs-en');
  await chooseLanguage(page, 'Language', 'العربية');
  await expect(main(page).getByRole('heading', { name: 'السجلات', level: 1 })).toBeVisible();
  await saveScreenshot(page, 'logs-ar');
  await chooseLanguage(page, 'اللغة', 'Türkçe');
});
