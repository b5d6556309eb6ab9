import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 23 item 1, the translations screen (docs/translations.md): the demo admin overrides the English name of a
 * menu item, reloads and sees it in the side menu and the page title (bootstrap's Translation at the next page
 * load), removes it after the confirmation and sees the default again; imports a French file (an unknown key is
 * listed back, the coverage grows) and exports it. Photographed in Turkish, English and Arabic. The text is unique
 * per run, so the spec can run again on the same data directory.
 */

const run = Date.now().toString(36);
const NAME = `Words ${run}`;
const main = (page: Page) => page.getByRole('main');
const shot = async (page: Page, name: string) => {
  await saveScreenshot(page, name);
  await page.screenshot({ path: `/tmp/${name}.png`, fullPage: true });
};

test('translations: override a menu text, see it after a reload, remove it; import and export', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/translations');
  await expect(main(page).getByRole('heading', { name: 'Çeviriler' })).toBeVisible({ timeout: 30_000 });
  // Turkish, English and Arabic ship every text; French has none of its own.
  const coverage = main(page).getByRole('table', { name: 'Dillere göre kapsam' });
  await expect(coverage.getByRole('row', { name: /Türkçe/ })).toContainText(/%100(\d+) metnin \1 tanesi/);
  await expect(coverage.getByRole('row', { name: /العربية/ })).toContainText(/%100(\d+) metnin \1 tanesi/);
  await expect(coverage.getByRole('row', { name: /Français/ })).toContainText(/%0\d+ metnin 0 tanesi/);
  await shot(page, 'translations-tr');

  await chooseLanguage(page, 'Dil', 'English');
  await expect(main(page).getByRole('heading', { name: 'Translations' })).toBeVisible();
  await main(page).getByRole('button', { name: 'English', exact: true }).click();
  await main(page).getByRole('searchbox', { name: 'Search keys and texts' }).fill('screens.translations');
  await main(page).getByRole('searchbox', { name: 'Search keys and texts' }).press('Enter');
  await main(page).getByRole('button', { name: 'Edit shell.screens.translations' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit text (English)' });
  await dialog.getByLabel('Your text').fill(NAME);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const texts = main(page).getByRole('table', { name: 'Texts in English' });
  await expect(texts.getByRole('row', { name: /screens\.translations/ })).toContainText(NAME);
  await shot(page, 'translations-en');

  // The next page load: bootstrap hands the override to i18next; the side menu and the title say it.
  await page.reload();
  await expect(page).toHaveTitle(new RegExp(NAME));
  await expect(page.getByRole('navigation').getByText(NAME, { exact: true })).toBeVisible();

  // Removed after the confirmation: the default is back at the next load.
  await main(page).getByRole('searchbox', { name: 'Search keys and texts' }).fill('screens.translations');
  await main(page).getByRole('searchbox', { name: 'Search keys and texts' }).press('Enter');
  await main(page).getByRole('button', { name: 'English', exact: true }).click();
  await main(page).getByRole('button', { name: 'Remove your text of shell.screens.translations' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Your text was removed; the default text is back.')).toBeVisible();
  await page.reload();
  await expect(main(page).getByRole('heading', { name: 'Translations' })).toBeVisible({ timeout: 30_000 });
  await expect(page).not.toHaveTitle(new RegExp(NAME));
  await expect(page.getByRole('navigation').getByText('Translations', { exact: true })).toBeVisible();

  // A French file: one known key stored, one unknown listed back; the coverage counts it; the export has it.
  await main(page).getByRole('button', { name: 'Français', exact: true }).click();
  await main(page)
    .locator('input[type=file]')
    .setInputFiles({
      name: 'fr.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ shell: { screens: { overview: 'Aperçu' } }, 'nowhere.key': 'x' })),
    });
  await expect(main(page).getByText('Import finished: 1 stored, 0 removed, 1 unknown.')).toBeVisible();
  await expect(main(page).getByText('common.nowhere.key')).toBeVisible();
  await expect(
    main(page)
      .getByRole('table', { name: 'Coverage by language' })
      .getByRole('row', { name: /Français/ }),
  ).toContainText(/Français.*1 of \d+/);
  const download = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Export JSON' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('translations-fr.json');
  expect(JSON.parse(await readFile(await file.path(), 'utf8'))).toEqual({
    shell: { screens: { overview: 'Aperçu' } },
  });

  await chooseLanguage(page, 'Language', 'العربية');
  await expect(main(page).getByRole('heading', { name: 'الترجمات' })).toBeVisible();
  await shot(page, 'translations-ar');
});
