import type { Locator, Page } from '@playwright/test';
import { animationsSettled } from './support/animations.js';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 16 item 1, the question library as a person uses it (Turkish): a demo question with answers (its type
 * fixed, its delete refused with 4007), a question from the NPS 0-10 template, its integration code refused on a
 * second question (2035), the client checks of a matrix group (4009) and of choice values (4012), a matrix group
 * saved, choices reordered with the keyboard, a picture too large for an Image choice (4028) and a small one shown,
 * a copy, a delete, and the screens in Turkish, English and Arabic. Texts and codes are unique per run, so the spec
 * can run again on the same data directory.
 */

const run = Date.now().toString(36);

/** A 1×1 PNG, a picture small enough for an Image choice. */
const DOT_PNG = {
  name: 'dot.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
    'base64',
  ),
};

const main = (page: Page) => page.getByRole('main');

/** A field of the form by its label (antd puts "* " before a required one's). */
const field = (page: Page, label: string) => main(page).getByLabel(new RegExp(`^(\\* )?${label}$`));

/** Picks `option` in the antd select labelled `label`, once its list has opened. */
async function pick(page: Page, select: Locator, option: string | RegExp, { search = false } = {}) {
  await select.click();
  // A long list renders only the options in view: a searchable one is narrowed by typing.
  if (search && typeof option === 'string') await page.keyboard.type(option);
  const item = page.locator('.ant-select-dropdown:visible').getByTitle(option).first();
  await expect(item).toBeVisible();
  await animationsSettled(page);
  await item.click();
}

/** The labels of the choice rows, in order. */
const choiceLabels = (page: Page) =>
  main(page)
    .getByRole('list', { name: 'Seçenekler' })
    .getByRole('textbox', { name: /seçeneğin etiketi$/ })
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

async function newQuestion(page: Page, text: string) {
  await page.goto('/questions/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Yeni soru' })).toBeVisible();
  await field(page, 'Soru metni').fill(text);
}

/** Clicks the open popconfirm's button once the confirmation has stopped zooming. */
async function confirmPopover(page: Page, button: string) {
  const confirm = page.locator('.ant-popconfirm').getByRole('button', { name: button });
  await expect(confirm).toBeVisible();
  await animationsSettled(page);
  await confirm.click();
}

async function saveAndBack(page: Page) {
  await main(page).getByRole('button', { name: 'Kaydet' }).click();
  await expect(page).toHaveURL(/\/questions$/);
}

test('the question library: template, refusals, matrix group, reorder, pictures, delete', async ({
  page,
}) => {
  await signIn(page, 'admin');

  // A demo question with answers, placed in a survey: its type is fixed, and it cannot be deleted (4007).
  const demoText = 'How would you rate the friendliness of our staff?';
  await page.goto('/questions');
  await page.getByRole('searchbox').fill(demoText);
  const demoRow = main(page).getByRole('row').filter({ hasText: demoText }).first();
  await demoRow.getByRole('button', { name: /sorusunu sil$/ }).click();
  await confirmPopover(page, 'Sil');
  const refusal = page.getByRole('dialog');
  await expect(refusal).toContainText('Bir ankette, kotada veya alarm kuralında kullanılan soru silinemez.');
  await refusal.getByRole('button', { name: 'Kapat' }).click();
  await demoRow.click();
  await expect(main(page).getByText(/^Bu sorunun \d+ cevabı var/)).toBeVisible();
  await expect(field(page, 'Soru tipi')).toBeDisabled();
  await expect(main(page).getByRole('button', { name: /sorusunu sil$/ })).toBeDisabled();

  const npsText = `E2E NPS ${run}: Bizi tavsiye eder misiniz?`;
  await newQuestion(page, npsText);
  await pick(page, main(page).getByRole('combobox', { name: 'Cevap ölçeği şablonundan ekle' }), 'NPS 0-10', {
    search: true,
  });
  await expect.poll(() => choiceLabels(page)).toHaveLength(11);
  await pick(page, field(page, 'Ölçek'), '0-10 (11 puan)');
  await field(page, 'Entegrasyon kodu').fill(`E2E-NPS-${run}`);
  await saveAndBack(page);
  await page.getByRole('searchbox').fill(npsText);
  const npsRow = main(page).getByRole('row').filter({ hasText: npsText });
  await expect(npsRow).toContainText('MCSS');
  await expect(npsRow).toContainText('11');

  // The same integration code on another question: the server's 2035 under the field.
  await newQuestion(page, `E2E kopya ${run}`);
  await main(page).getByRole('button', { name: 'Seçenek ekle' }).click();
  await main(page).getByRole('textbox', { name: '1. seçeneğin etiketi' }).fill('Evet');
  await field(page, 'Entegrasyon kodu').fill(`E2E-NPS-${run}`);
  await main(page).getByRole('button', { name: 'Kaydet' }).click();
  await expect(main(page).getByText('Bu soru entegrasyon kodu başka bir soruda kullanılıyor.')).toBeVisible();

  // Two choices with one value: refused here, with the words of 4012.
  await main(page).getByRole('button', { name: 'Seçenek ekle' }).click();
  await main(page).getByRole('textbox', { name: '2. seçeneğin etiketi' }).fill('Hayır');
  await main(page).getByRole('spinbutton', { name: '2. seçeneğin değeri' }).fill('0');
  await field(page, 'Entegrasyon kodu').fill('');
  await main(page).getByRole('button', { name: 'Kaydet' }).click();
  await expect(main(page).getByText('Seçenek değerleri benzersiz olmalıdır.').first()).toBeVisible();

  // A matrix group with one sub-question: refused here, with the words of 4009; with two it saves.
  const matrixText = `E2E matris ${run}`;
  await newQuestion(page, matrixText);
  await pick(page, field(page, 'Soru tipi'), /MXSS/);
  await main(page).getByRole('button', { name: 'Alt soru ekle' }).click();
  await main(page).getByRole('textbox', { name: '1. alt soru', exact: true }).fill('Personel');
  await pick(
    page,
    main(page).getByRole('combobox', { name: 'Cevap ölçeği şablonundan ekle' }),
    'İyi-Orta-Kötü',
  );
  await main(page).getByRole('button', { name: 'Kaydet' }).click();
  await expect(main(page).getByText('Bir soru grubunda 2 ile 10 arasında alt soru olmalıdır.')).toBeVisible();
  await main(page).getByRole('button', { name: 'Alt soru ekle' }).click();
  await main(page).getByRole('textbox', { name: '2. alt soru', exact: true }).fill('Şube');
  await saveAndBack(page);

  // Choices reordered with the keyboard on the drag handle, and the new order kept.
  await page.getByRole('searchbox').fill(matrixText);
  await main(page).getByRole('row').filter({ hasText: matrixText }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Soru: ${matrixText}` })).toBeVisible();
  expect(await choiceLabels(page)).toEqual(['Kötü', 'Orta', 'İyi']);
  await main(page).getByRole('button', { name: '1. seçeneği taşı' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('1. seçenek alındı.')).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('1. seçenek 2. sıranın üzerinde.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect.poll(() => choiceLabels(page)).toEqual(['Orta', 'Kötü', 'İyi']);
  await saveAndBack(page);
  await main(page).getByRole('row').filter({ hasText: matrixText }).click();
  await expect.poll(() => choiceLabels(page)).toEqual(['Orta', 'Kötü', 'İyi']);

  // Image choices: a picture over 512 KB is refused with the words of 4028, a small one shows as a thumbnail.
  await pick(page, field(page, 'Seçenek görünümü'), 'Görsel');
  const big = { name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(513 * 1024, 1) };
  await main(page).locator('input[data-choice-image="1"]').setInputFiles(big);
  await expect(
    main(page).getByText('Görsel en fazla 512 KB boyutunda PNG, JPEG, GIF ya da WebP dosyası olmalıdır.'),
  ).toBeVisible();
  await main(page).locator('input[data-choice-image="1"]').setInputFiles(DOT_PNG);
  await expect(main(page).getByRole('img', { name: '1. seçeneğin görseli' })).toBeVisible();
  await saveAndBack(page);
  await main(page).getByRole('row').filter({ hasText: matrixText }).click();
  await expect(main(page).getByRole('img', { name: '1. seçeneğin görseli' })).toBeVisible();
  await saveScreenshot(page, 'questions-form-tr');

  // A copy opens in its own page, in the library.
  const original = page.url();
  await main(page).getByRole('button', { name: 'Kopyala' }).click();
  await confirmPopover(page, 'Kopyala');
  await expect(page).not.toHaveURL(original);
  await expect(page.getByRole('heading', { level: 1, name: `Soru: ${matrixText}` })).toBeVisible();
  await expect(main(page).getByText('anketine yerleştirildi')).toHaveCount(0);

  // The library in three languages (the group and its copy).
  await page.goto('/questions');
  await page.getByRole('searchbox').fill(`${run}`);
  await expect(main(page).getByRole('row').filter({ hasText: matrixText }).first()).toBeVisible();
  await saveScreenshot(page, 'questions-list-tr');
  await chooseLanguage(page, 'Dil', 'English');
  await expect(page.getByRole('heading', { level: 1, name: 'Question library' })).toBeVisible();
  await saveScreenshot(page, 'questions-list-en');
  await main(page).getByRole('row').filter({ hasText: matrixText }).first().click();
  await expect(main(page).getByRole('img', { name: 'Picture of choice 1' })).toBeVisible();
  await saveScreenshot(page, 'questions-form-en');
  await chooseLanguage(page, 'Language', 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: `السؤال: ${matrixText}` })).toBeVisible();
  await expect(main(page).getByRole('img', { name: 'صورة الخيار 1' })).toBeVisible();
  await saveScreenshot(page, 'questions-form-ar');
  await page.goto('/questions');
  await page.getByRole('searchbox').fill(`${run}`);
  await expect(main(page).getByRole('row').filter({ hasText: matrixText }).first()).toBeVisible();
  await saveScreenshot(page, 'questions-list-ar');
  await chooseLanguage(page, 'اللغة', 'Türkçe');

  // The NPS question is deleted after the confirmation.
  await page.goto('/questions');
  await page.getByRole('searchbox').fill(npsText);
  const row = main(page).getByRole('row').filter({ hasText: npsText });
  await row.getByRole('button', { name: /^E2E NPS .* sorusunu sil$/ }).click();
  await confirmPopover(page, 'Sil');
  await expect(row).toHaveCount(0);
});
