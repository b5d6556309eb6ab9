import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { apiHeaders, signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 20 item 9 (docs/reports.md, "The report list"): the report manager's list of reports with widget count,
 * roles, scoped flag and last change; a row's actions rename, assign roles and delete without leaving the list.
 * Screenshots in Turkish, English and Arabic.
 */

test('the report list shows the demo reports and renames, opens the roles of and deletes one', async ({
  page,
  request,
}) => {
  const headers = await apiHeaders(request, 'manager');
  const title = `Liste denemesi ${Date.now()}`;
  const created = await request.post('/api/reporteditor', {
    headers,
    data: { Title: title, Config: '{"scopedData":true}' },
  });
  expect(created.status()).toBe(201);

  await signIn(page, 'manager');
  await page.goto('/report-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Rapor listesi' })).toBeVisible();
  // The demo reports with their widgets: at least one row counts widgets, every row names its roles.
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(1);
  await saveScreenshot(page, 'report-list-tr');

  const search = page.getByRole('searchbox', { name: 'Listede ara' });
  await search.fill(title);
  const row = rows.filter({ hasText: title });
  await expect(rows).toHaveCount(1);
  await expect(row).toContainText('Report Manager');
  await expect(row).toContainText('Kapsamlı');

  // Rename from the list: the dialog saves and the list shows the new title, still on the list.
  const renamed = `${title} yeni`;
  await row.getByRole('button', { name: `${title} raporunu yeniden adlandır` }).click();
  const dialog = page.getByRole('dialog', { name: 'Raporu düzenle' });
  await dialog.getByLabel('Başlık').fill(renamed);
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await expect(dialog).toBeHidden();
  await search.fill(renamed);
  await expect(rows.filter({ hasText: renamed })).toHaveCount(1);
  await expect(page).toHaveURL(/\/report-list$/);

  // The roles dialog lists the report's role.
  await page.getByRole('button', { name: `${renamed} raporuna rol ata` }).click();
  const roles = page.getByRole('dialog', { name: 'Rol ata' });
  await expect(roles.getByText('Report Manager')).toBeVisible();
  await roles.getByRole('button', { name: 'Kapat' }).first().click();
  await expect(roles).toBeHidden();

  // Delete after the confirmation: the row goes, the page stays. The rename's own success message has gone first,
  // so the one awaited is the delete's (CI once saw both at once).
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await page.getByRole('button', { name: `${renamed} raporunu sil` }).click();
  const confirm = page.getByRole('dialog', { name: `“${renamed}” raporu silinsin mi?` });
  await confirm.getByRole('button', { name: 'Sil' }).click();
  await expect(page.getByText('İşlem başarıyla tamamlandı')).toBeVisible();
  await expect(rows.filter({ hasText: renamed })).toHaveCount(0);
  await expect(page).toHaveURL(/\/report-list$/);

  // A row opens its report.
  await search.fill('');
  await rows.first().click();
  await expect(page).toHaveURL(/\/reports\/[^/]+$/);
});

test('the report list in English and Arabic, saved as screenshots', async ({ page }) => {
  await signIn(page, 'manager');
  await page.goto('/report-list');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await chooseLanguage(page, 'Dil', 'English');
  await expect(page.getByRole('heading', { level: 1, name: 'Report list' })).toBeVisible();
  await saveScreenshot(page, 'report-list-en');
  await chooseLanguage(page, 'Language', 'العربية');
  await expect(page.getByRole('heading', { level: 1, name: 'قائمة التقارير' })).toBeVisible();
  await saveScreenshot(page, 'report-list-ar');
  // Back to Turkish for the specs that follow.
  await chooseLanguage(page, 'اللغة', 'Türkçe');
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
});
