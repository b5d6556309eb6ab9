import type { Page } from '@playwright/test';
import { animationsSettled } from './support/animations.js';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 18 items 7 and 9 (docs/custom-data-and-data-logs.md). The demo admin renames a custom data slot and finds
 * the new name in the invitee pool's filter (field and chip); then opens the newest failed call of the REST data
 * log and reads its refused records with their codes and messages, and the request. The name is unique per run,
 * so the spec can run again on the same data directory; nothing depends on the day or the time zone.
 */

const run = Date.now().toString(36);
const SLOT_NAME = `Campaign ${run}`;
const main = (page: Page) => page.getByRole('main');
/** Slot N's box (its label carries the required mark; "Custom data 1" must not find slot 10). */
const slot = (page: Page, number: number) => main(page).getByLabel(new RegExp(`Custom data ${number}$`));

test('custom data: a renamed slot is named so in the invitee pool filter', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/custom-data-management');
  await expect(main(page).getByRole('heading', { name: 'Özel veri yönetimi' })).toBeVisible({
    timeout: 30_000,
  });
  await chooseLanguage(page, 'Dil', 'English');
  await expect(main(page).getByRole('heading', { name: 'Custom data management' })).toBeVisible();
  // The Demo Bank's names are there.
  await expect(slot(page, 1)).toHaveValue('Müşteri numarası');

  // A blank name is refused under its field; a repeated one too.
  const third = slot(page, 3);
  await third.fill('');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(main(page).getByText('This field is required')).toBeVisible();
  await third.fill('müşteri NUMARASI');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(main(page).getByText('This value already exists')).toBeVisible();
  await third.fill(SLOT_NAME);
  await saveScreenshot(page, 'custom-data-en');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The custom data names were saved.')).toBeVisible();

  // The pool's filter names slot 3 by its new name: the field, and the chip once applied.
  await page.goto('/invitee-pool');
  await expect(main(page).getByRole('heading', { name: 'Invitee pool' })).toBeVisible({ timeout: 30_000 });
  await main(page)
    .getByRole('button', { name: /^Filters/ })
    .click();
  const drawer = page.getByRole('dialog', { name: 'Filter the invitee pool' });
  await expect(drawer).toBeVisible();
  await animationsSettled(page);
  await drawer.getByRole('button', { name: 'Custom data' }).click();
  const field = drawer.getByLabel(SLOT_NAME);
  await expect(field).toBeVisible();
  await expect(drawer.getByLabel('Müşteri numarası')).toBeVisible();
  await field.fill('KAMP');
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(drawer).toBeHidden();
  await expect(main(page).getByText(SLOT_NAME).first()).toBeVisible();
  await saveScreenshot(page, 'invitee-pool-custom-data-en');
});

test('REST data logs: the failed calls, and one call with its refused records and request', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/data-validation-logs');
  await expect(main(page).getByRole('heading', { name: 'REST veri kayıtları' })).toBeVisible({
    timeout: 30_000,
  });
  await chooseLanguage(page, 'Dil', 'English');
  await expect(main(page).getByRole('heading', { name: 'REST data logs' })).toBeVisible();
  const rows = main(page).locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Successful' }).first()).toBeVisible();

  // Only the failed calls.
  await main(page).getByRole('combobox', { name: 'Status' }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Failed').click();
  await expect(rows.filter({ hasText: 'Successful' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Failed' }).first()).toBeVisible();
  await saveScreenshot(page, 'rest-data-logs-en');

  // The newest failed call of the Demo Bank: two of its six records refused (3101 and 3100).
  await rows.first().click();
  await expect(page).toHaveURL(/\/data-validation-logs\/\d+$/);
  await expect(main(page).getByRole('heading', { name: 'Refused records (2)' })).toBeVisible();
  const errors = main(page).locator('.ant-table-tbody tr.ant-table-row');
  await expect(errors).toHaveCount(2);
  await expect(errors.filter({ hasText: '3101' })).toContainText('Invalid transaction channels: BR-9999');
  await expect(errors.filter({ hasText: '3101' })).toContainText('2');
  await expect(errors.filter({ hasText: '3100' })).toContainText('Invalid segments: SEG;VIP');
  await expect(main(page).getByRole('heading', { name: 'Request' })).toBeVisible();
  await expect(main(page).locator('pre')).toContainText('"TransactionChannel": "BR-9999"');
  await saveScreenshot(page, 'rest-data-log-en');

  // Arabic (right to left).
  await chooseLanguage(page, 'Language', 'العربية');
  await expect(main(page).getByRole('heading', { name: 'السجلات المرفوضة (2)' })).toBeVisible();
  await saveScreenshot(page, 'rest-data-log-ar');
});
