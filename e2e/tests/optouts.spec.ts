import type { Page } from '@playwright/test';
import { animationsSettled } from './support/animations.js';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 18's opt-out screens (docs/optouts.md): the demo admin creates an opt-out for ever, finds it in the list
 * by searching, edits it into a dated one, and deletes it after the confirmation; the list and the form are
 * photographed in English and Arabic (right to left). The address is unique per run, so the spec can run again
 * on the same data directory; the end date is a year after the run, whatever the day or time zone.
 */

const run = Date.now().toString(36);
const EMAIL = `e2e-optout-${run}@example.test`;
const main = (page: Page) => page.getByRole('main');

/** The day a year from now as the form's date picker types it (DD/MM/YYYY HH:mm). */
function nextYear(): string {
  const day = new Date(Date.now() + 365 * 86_400_000);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(day.getDate())}/${two(day.getMonth() + 1)}/${day.getFullYear()} 12:00`;
}

test('opt-outs: create, list, edit and delete with confirmation, in English and Arabic', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/optouts');
  await expect(main(page).getByRole('heading', { name: 'Katılmama listesi' })).toBeVisible({
    timeout: 30_000,
  });
  await chooseLanguage(page, 'Dil', 'English');
  await expect(main(page).getByRole('heading', { name: 'Opt-outs' })).toBeVisible();
  // The Demo Bank's opt-outs are there.
  await expect(main(page).getByText('ayse.yilmaz@example.com')).toBeVisible();
  await saveScreenshot(page, 'optouts-list-en');

  // Create: nothing typed is refused under its field first.
  await main(page).getByRole('button', { name: 'New opt-out' }).click();
  await expect(page.getByRole('heading', { name: 'New opt-out' })).toBeVisible();
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(main(page).getByText('Enter an email or a mobile number.').first()).toBeVisible();
  await main(page).getByLabel('Email').fill(EMAIL);
  await main(page).getByLabel('Reason').fill('Asked by phone');
  await expect(main(page).getByRole('checkbox', { name: 'For ever' })).toBeChecked();
  await saveScreenshot(page, 'optout-form-en');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`The opt-out of ${EMAIL} was saved.`)).toBeVisible();

  // The list finds it by its address.
  await expect(main(page).getByRole('heading', { name: 'Opt-outs' })).toBeVisible();
  await main(page).getByRole('searchbox', { name: 'Search the list' }).fill(EMAIL);
  const rows = main(page).locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Asked by phone');
  await expect(rows.first()).toContainText('For ever');
  await expect(rows.first()).toContainText('In force');

  // Edit: until a date a year ahead.
  await rows.first().getByText(EMAIL).click();
  await expect(page.getByRole('heading', { name: `Opt-out ${EMAIL}` })).toBeVisible();
  await expect(page).toHaveURL(/\/optouts\/\d+\/edit$/);
  await main(page).getByRole('checkbox', { name: 'For ever' }).uncheck();
  const until = main(page).getByLabel('Until');
  await until.click();
  await until.fill(nextYear());
  await until.press('Enter');
  // Enter confirms the day and closes the picker; its panel slides away over the form's buttons.
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  await animationsSettled(page);
  await main(page).getByLabel('Reason').fill('Until next year');
  await main(page).getByRole('button', { name: 'Save' }).click();
  // Back on the list (the save's message may have gone on a slow machine).
  await expect(page).toHaveURL(/\/optouts$/);
  await main(page).getByRole('searchbox', { name: 'Search the list' }).fill(EMAIL);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Until next year');
  await expect(rows.first()).toContainText(nextYear().slice(0, 10));

  // Arabic (right to left): the list and the form.
  await chooseLanguage(page, 'Language', 'العربية');
  await expect(main(page).getByRole('heading', { name: 'قائمة إلغاء الاشتراك' })).toBeVisible();
  await saveScreenshot(page, 'optouts-list-ar');
  await rows.first().getByText(EMAIL).click();
  await expect(page.getByRole('heading', { name: `إلغاء اشتراك ${EMAIL}` })).toBeVisible();
  await saveScreenshot(page, 'optout-form-ar');
  await chooseLanguage(page, 'اللغة', 'English');

  // Delete from its page, after the confirmation.
  await expect(page.getByRole('heading', { name: `Opt-out ${EMAIL}` })).toBeVisible();
  await main(page).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.locator('.ant-popconfirm');
  await expect(confirm).toContainText(`Delete the opt-out of ${EMAIL}?`);
  await animationsSettled(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`The opt-out of ${EMAIL} was deleted.`)).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Opt-outs' })).toBeVisible();
  await main(page).getByRole('searchbox', { name: 'Search the list' }).fill(EMAIL);
  await expect(main(page).getByText('No records match your search.')).toBeVisible();
  await expect(rows).toHaveCount(0);
  await chooseLanguage(page, 'Language', 'Türkçe');
});
