import type { Locator, Page } from '@playwright/test';
import { animationsSettled, clickMenuItem } from './support/animations.js';
import { jsonField, jsonText } from './support/json-field.js';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 17 item 5, invitation templates as an administrator uses them (Turkish): a new e-mail invitation template
 * with a placeholder inserted from the picker, the live preview filled for the sample invitee, saved and found in
 * the list, edited, copied into a survey's e-mail invitation by the wizard's saved-template select, a second one with the same name in other letter case refused with 4036's words, the screens in
 * Turkish, English and Arabic, and a delete after the confirmation. Names are unique per run.
 */

const run = Date.now().toString(36);
const name = `E2E davet ${run}`;

const main = (page: Page) => page.getByRole('main');
const field = (page: Page, label: string) => main(page).getByLabel(new RegExp(`^(\\* )?${label}$`));

async function confirmPopover(page: Page, button: string) {
  const confirm = page.locator('.ant-popconfirm').getByRole('button', { name: button });
  await expect(confirm).toBeVisible();
  await animationsSettled(page);
  await confirm.click();
}

/** Types into the rich-text body, then inserts `placeholder` from the picker at the cursor. */
async function writeBody(page: Page, body: Locator, text: string, placeholder: string) {
  await body.click();
  await page.keyboard.type(text);
  await main(page).getByRole('button', { name: 'Yer tutucu ekle' }).click();
  await clickMenuItem(page, placeholder, { exact: true });
}

test('invitation templates: picker, preview, save, edit, duplicate name, delete', async ({ page }) => {
  await signIn(page, 'admin');

  await page.goto('/invitation-templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Davet şablonları' })).toBeVisible();
  await main(page).getByRole('button', { name: 'Yeni davet şablonu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Yeni davet şablonu' })).toBeVisible();

  await field(page, 'Ad').fill(name);
  await field(page, 'Konu').fill('Görüşünüz önemli');
  const body = main(page).getByRole('textbox', { name: 'Metin' });
  await writeBody(page, body, 'Merhaba ', '{{FullName}}');
  await expect(body).toContainText('Merhaba {{FullName}}');

  // The preview fills the placeholder for the Turkish sample invitee.
  const preview = main(page).getByTestId('template-preview');
  await expect(preview.getByTestId('template-preview-subject')).toHaveText('Görüşünüz önemli');
  const frame = page.frameLocator('iframe[title="E-posta metni önizlemesi"]');
  await expect(frame.locator('body')).toContainText('Merhaba Ayşe Yılmaz');

  // A payload that is not JSON is refused here, with a clear message.
  const payload = main(page).getByRole('textbox', { name: 'Ek veri (JSON)' });
  await payload.click();
  await page.keyboard.insertText('{sender');
  await main(page).getByRole('button', { name: 'Kaydet' }).click();
  await expect(
    main(page)
      .getByText(/Ek veri geçerli bir JSON olmalıdır/)
      .first(),
  ).toBeVisible();
  await payload.click();
  await payload.press('ControlOrMeta+a');
  await page.keyboard.insertText('{"sender":"E2E"}');

  await main(page).getByRole('button', { name: 'Kaydet' }).click();
  await expect(page).toHaveURL(/\/invitation-templates$/);
  await page.getByRole('searchbox').fill(name);
  const row = main(page).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('E-posta');
  await expect(row).toContainText('Görüşünüz önemli');

  // Edit: the subject changes.
  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: `Davet şablonu: ${name}` })).toBeVisible();
  await field(page, 'Konu').fill('Görüşünüz bizim için önemli');
  await main(page).getByRole('button', { name: 'Kaydet' }).click();
  await expect(page).toHaveURL(/\/invitation-templates$/);
  await page.getByRole('searchbox').fill(name);
  await expect(row).toContainText('Görüşünüz bizim için önemli');

  // The survey wizard's channel step copies the saved template into the e-mail invitation (not saved here).
  await page.goto('/surveys');
  await page.getByRole('searchbox').fill('Branch Experience Survey');
  await main(page).getByRole('row').filter({ hasText: 'Branch Experience Survey' }).first().click();
  await expect(page).toHaveURL(/\/surveys\/\d+/);
  await page.goto(`${new URL(page.url()).pathname}?step=Channel`);
  const saved = main(page).locator('#saved-template-1');
  await saved.click();
  const option = page.locator('.ant-select-dropdown:visible').getByTitle(`${name} (tr)`);
  await expect(option).toBeVisible();
  await animationsSettled(page);
  await option.click();
  await expect(main(page).locator('#template-1')).toHaveValue('<p>Merhaba {{FullName}}</p>');

  // The same name in capitals: the server's 4036 under the name.
  await page.goto('/invitation-templates/create');
  await field(page, 'Ad').fill(name.toUpperCase());
  await writeBody(page, main(page).getByRole('textbox', { name: 'Metin' }), 'Tekrar ', '{{ExecutionLink}}');
  await main(page).getByRole('button', { name: 'Kaydet' }).click();
  await expect(main(page).getByText('Bu adla bir şablon zaten var.')).toBeVisible();

  // The screens in three languages.
  await page.goto('/invitation-templates');
  await page.getByRole('searchbox').fill(name);
  await expect(row).toBeVisible();
  await saveScreenshot(page, 'templates-list-tr');
  await row.click();
  await expect(frame.locator('body')).toContainText('Ayşe Yılmaz');
  await expect.poll(() => jsonText(jsonField(main(page), 'Ek veri (JSON)'))).toBe('{"sender":"E2E"}');
  await saveScreenshot(page, 'templates-tr');
  await chooseLanguage(page, 'Dil', 'English');
  await expect(page.getByRole('heading', { level: 1, name: `Invitation template: ${name}` })).toBeVisible();
  await expect(page.frameLocator('iframe[title="E-mail body preview"]').locator('body')).toContainText(
    'Jane Doe',
  );
  await saveScreenshot(page, 'templates-en');
  await chooseLanguage(page, 'Language', 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: `قالب الدعوة: ${name}` })).toBeVisible();
  await expect(page.frameLocator('iframe').first().locator('body')).toContainText('Jane Doe');
  await saveScreenshot(page, 'templates-ar');
  await chooseLanguage(page, 'اللغة', 'Türkçe');

  // Delete, after the confirmation.
  await page.goto('/invitation-templates');
  await page.getByRole('searchbox').fill(name);
  await row.getByRole('button', { name: `${name} şablonunu sil` }).click();
  await confirmPopover(page, 'Sil');
  await expect(row).toHaveCount(0);
});
