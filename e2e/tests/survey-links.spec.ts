import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { SERVER_URL } from '../fixtures/e2e-env.js';
import { animationsSettled } from './support/animations.js';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 17, touchpoint survey links as a manager uses them (Turkish): the demo loan survey's Survey links panel
 * with its demo link, a new link on a branch made by keyboard in the dialog (the empty name refused first), its
 * QR code shown and downloaded as SVG and PNG, its URL copied; the link answers Open through the public API,
 * Closed once switched off; the panel in Turkish, English and Arabic; a delete after the confirmation.
 */

const run = Date.now().toString(36);
const name = `E2E kiosk ${run}`;
const SURVEY = 'Loan Application Survey';

const main = (page: Page) => page.getByRole('main');
const panel = (page: Page, title = 'Anket bağlantıları') => main(page).getByRole('region', { name: title });

async function publicState(page: Page, guid: string): Promise<string> {
  const response = await page.request.get(`/api/public/surveys/${guid}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { State: string }).State;
}

test('survey links: create on a branch, QR code, copy, Open then Closed, three languages, delete', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: SERVER_URL });
  await signIn(page, 'manager');

  await page.goto('/surveys');
  await page.getByRole('searchbox').fill(SURVEY);
  await main(page).getByRole('row').filter({ hasText: SURVEY }).first().click();
  await expect(page).toHaveURL(/\/surveys\/\d+/);
  const links = panel(page);
  await expect(links.getByRole('heading', { name: 'Anket bağlantıları' })).toBeVisible();
  // The demo's link of this survey, on the second demo branch.
  await expect(
    links.getByRole('row').filter({ hasText: 'Kredi masası QR kodu — Şişli Şubesi' }),
  ).toBeVisible();

  // A new link, by keyboard: the empty name is refused by the route's own schema first.
  await links.getByRole('button', { name: 'Yeni bağlantı' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Yeni anket bağlantısı' });
  await expect(dialog).toBeVisible();
  await animationsSettled(page);
  const nameField = dialog.getByLabel('Ad', { exact: true });
  await expect(nameField).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Bu alan zorunludur.')).toBeVisible();
  await page.keyboard.type(name);
  const branch = dialog.getByLabel('Şube', { exact: true });
  await branch.click();
  await page.keyboard.type('Nilüfer');
  const option = page.locator('.ant-select-dropdown:visible').getByTitle('Nilüfer Şubesi');
  await expect(option).toBeVisible();
  await animationsSettled(page);
  await option.click();
  await dialog.getByRole('radio', { name: 'Ziyaretçi başına bir kez' }).check();
  await saveScreenshot(page, 'survey-links-dialog-tr');
  await nameField.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Bağlantı kaydedildi.')).toBeVisible();

  const row = links.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Nilüfer Şubesi');
  await expect(row).toContainText('Ziyaretçi başına bir kez');
  await expect(row).toContainText('Etkin');
  await expect(row.getByRole('cell').nth(4)).toHaveText('0');
  const url = (await row.locator('code').textContent()) ?? '';
  expect(url).toMatch(new RegExp(`^${SERVER_URL}/s/[0-9a-f-]{36}$`));
  const guid = url.slice(url.lastIndexOf('/') + 1);

  // Copy: the clipboard holds the URL.
  await row.getByRole('button', { name: `${name} bağlantısını kopyala` }).click();
  await expect(page.getByText('Bağlantı kopyalandı.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // The QR code at print size, and its files.
  await row.getByRole('button', { name: `${name} QR kodunu göster` }).click();
  const qr = page.getByRole('dialog', { name: `${name} QR kodu` });
  const image = qr.getByRole('img', { name: `${name} QR kodu` });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(qr).toContainText(url);
  await animationsSettled(page);
  await saveScreenshot(page, 'survey-links-qr-tr');
  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    qr.getByRole('button', { name: 'SVG indir' }).click(),
  ]);
  expect(svg.suggestedFilename()).toMatch(/^survey-\d+-link-\d+-qr\.svg$/);
  expect(await readFile(await svg.path(), 'utf8')).toContain('<svg');
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    qr.getByRole('button', { name: 'PNG indir' }).click(),
  ]);
  expect(png.suggestedFilename()).toMatch(/^survey-\d+-link-\d+-qr\.png$/);
  const pngBytes = await readFile(await png.path());
  expect(pngBytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  await page.keyboard.press('Escape');
  await expect(qr).toBeHidden();

  // The respondent page's API (the page itself is another piece's): open now.
  expect(await publicState(page, guid)).toBe('Open');

  // Switched off in the dialog: the link answers Closed.
  await row.getByRole('button', { name: `${name} düzenle` }).click();
  const edit = page.getByRole('dialog', { name: 'Anket bağlantısını düzenle' });
  await expect(edit.getByLabel('Ad', { exact: true })).toHaveValue(name);
  await edit.getByRole('switch', { name: 'Etkin' }).click();
  await edit.getByRole('button', { name: 'Kaydet' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Etkin değil');
  expect(await publicState(page, guid)).toBe('Closed');

  // The panel in three languages.
  await animationsSettled(page);
  await links.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'survey-links-tr');
  await chooseLanguage(page, 'Dil', 'English');
  const english = panel(page, 'Survey links');
  await expect(english.getByRole('row').filter({ hasText: name })).toContainText('Once per visitor');
  await expect(english.getByRole('button', { name: 'New link' })).toBeVisible();
  await saveScreenshot(page, 'survey-links-en');
  await chooseLanguage(page, 'Language', 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arabic = panel(page, 'روابط الاستبيان');
  await expect(arabic.getByRole('row').filter({ hasText: name })).toContainText('مرة لكل زائر');
  await saveScreenshot(page, 'survey-links-ar');
  await chooseLanguage(page, 'اللغة', 'Türkçe');

  // Delete, after the confirmation: gone from the list, its QR code says closed.
  await panel(page)
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: `${name} sil` })
    .click();
  const confirm = page.getByRole('dialog').filter({ hasText: `${name} bağlantısı silinsin mi?` });
  await expect(confirm).toBeVisible();
  await animationsSettled(page);
  await confirm.getByRole('button', { name: 'Sil' }).click();
  await expect(page.getByText('Bağlantı silindi.')).toBeVisible();
  await expect(panel(page).getByRole('row').filter({ hasText: name })).toHaveCount(0);
  expect(await publicState(page, guid)).toBe('Closed');
});
