import type { Page } from '@playwright/test';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/session.js';
import { expect, test } from './support/test.js';
import { pickOption } from './support/widget-dialog.js';

/*
 * Issue 21 item 4 in the browser (docs/ai-topic-models.md): the demo admin opens the demo's English topic model,
 * adds a topic with seed words through the chips editor, tries a sentence on the model and sees the new topic
 * found (and the demo topics its rules find). Names are unique per run, so the spec can run again on the same
 * data directory. Turkish, English and Arabic screenshots for people to look at.
 */

const run = Date.now().toString(36).slice(-5);
const TOPIC = `Parking ${run}`;
const MODEL = 'Banking Topics';

const main = (page: Page) => page.getByRole('main');

/** Picks a topic in the label form's topic select (a required field: its name starts with "* "). */
async function pickTopic(page: Page, topic: string): Promise<void> {
  const name = /^\* Konu/;
  const select = main(page)
    .locator('.ant-select')
    .filter({ has: page.getByRole('combobox', { name }) });
  await pickOption(page, main(page).getByRole('combobox', { name }), select, topic);
}

test('open a demo topic model, add a topic with seed words, try a sentence and see it found', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/ai-topic-models');
  await expect(main(page).getByRole('heading', { name: 'Konu modelleri', level: 1 })).toBeVisible();
  await main(page).getByRole('cell', { name: MODEL, exact: true }).click();
  await expect(main(page).getByRole('heading', { name: `Konu modeli ${MODEL}`, level: 1 })).toBeVisible();
  // The annotation work is chosen by name among topic works in the model's language; the demo has sentiment works
  // only, so none is offered and the list says so.
  const work = main(page).getByRole('combobox', { name: 'Etiketleme çalışması' });
  await work.click();
  await expect(page.getByText('Modelin dilinde konu etiketleme çalışması yok.')).toBeVisible();
  await work.press('Escape');
  await saveScreenshot(page, 'ai-topic-model-tr');

  await main(page).getByRole('link', { name: 'Konular' }).click();
  await expect(main(page).getByRole('heading', { name: `${MODEL} konuları`, level: 1 })).toBeVisible();
  await expect(main(page).getByRole('cell', { name: 'Branch queue', exact: true })).toBeVisible();
  await main(page).getByRole('button', { name: 'Yeni konu' }).click();

  await expect(main(page).getByRole('heading', { name: 'Yeni konu', level: 1 })).toBeVisible();
  await main(page).getByRole('textbox', { name: /Ad$/ }).fill(TOPIC);
  const seeds = main(page).getByRole('combobox', { name: 'Olumlu tohum kelimeler' });
  await seeds.click();
  await seeds.pressSequentially('parking');
  await seeds.press('Enter');
  await seeds.pressSequentially('car park,');
  await expect(main(page).locator('.ant-select-selection-item', { hasText: 'car park' })).toBeVisible();
  await expect(main(page).locator('.ant-select-selection-item', { hasText: 'parking' })).toBeVisible();
  await saveScreenshot(page, 'ai-topic-form-tr');
  await main(page).getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByText(`${TOPIC} oluşturuldu.`)).toBeVisible();
  // The list is by name, ten to a page: the search finds the new topic.
  await main(page).getByRole('searchbox').fill(TOPIC);
  await expect(main(page).getByRole('cell', { name: TOPIC, exact: true })).toBeVisible();
  await expect(main(page).getByRole('cell', { name: 'parking, car park', exact: true })).toBeVisible();

  await main(page).getByRole('link', { name: 'Dene' }).click();
  await expect(main(page).getByRole('heading', { name: `${MODEL} modelini dene`, level: 1 })).toBeVisible();
  await main(page)
    .getByRole('textbox', { name: 'Metin' })
    .fill('There was no parking near the branch and the queue hardly moved.');
  await main(page).getByRole('button', { name: 'Konuları bul' }).click();
  const results = main(page).getByRole('region', { name: 'Bulunan konular' });
  await expect(results.getByRole('cell', { name: TOPIC, exact: true })).toBeVisible();
  // The demo rules find the branch queue (and its main topic) in the same sentence.
  await expect(results.getByRole('cell', { name: 'Branch queue', exact: true })).toBeVisible();
  await saveScreenshot(page, 'ai-topic-try-tr');

  await chooseLanguage(page, 'Dil', 'English');
  await expect(main(page).getByRole('heading', { name: `Try ${MODEL}`, level: 1 })).toBeVisible();
  await saveScreenshot(page, 'ai-topic-try-en');
  await main(page).getByRole('link', { name: 'Topics' }).click();
  await main(page).getByRole('searchbox').fill(TOPIC);
  await expect(main(page).getByRole('cell', { name: TOPIC, exact: true })).toBeVisible();
  await chooseLanguage(page, 'Language', 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(main(page).getByRole('heading', { name: `موضوعات ${MODEL}`, level: 1 })).toBeVisible();
  await saveScreenshot(page, 'ai-topic-topics-ar');
});

test('label a demo topic in model label management and see the topic model groups list', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/model-label-management');
  await expect(main(page).getByRole('heading', { name: 'Model etiketleri', level: 1 })).toBeVisible();
  await expect(
    main(page).getByText('Etiketlerini görmek ve değiştirmek için bir konu modeli seçin.'),
  ).toBeVisible();
  // (`has` is looked up inside each select: a locator from the page, not one from main.)
  const modelSelect = main(page)
    .locator('.ant-select')
    .filter({ has: page.getByRole('combobox', { name: 'Konu modeli' }) });
  await pickOption(page, main(page).getByRole('combobox', { name: 'Konu modeli' }), modelSelect, MODEL);

  const label = `Cash machines ${run}`;
  await pickTopic(page, 'ATM');
  await main(page).getByRole('textbox', { name: 'Etiket' }).fill(label);
  await main(page).getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByText(`${label} kaydedildi.`)).toBeVisible();
  await expect(main(page).getByRole('cell', { name: label, exact: true })).toBeVisible();
  await saveScreenshot(page, 'model-labels-tr');

  // The same topic again is refused with the spec's 19001, under its field.
  await pickTopic(page, 'ATM');
  await main(page).getByRole('textbox', { name: 'Etiket' }).fill('Again');
  await main(page).getByRole('button', { name: 'Kaydet' }).click();
  await expect(main(page).getByText('Bu model için bir ad eşlemesi var.')).toBeVisible();
  await saveScreenshot(page, 'model-labels-refused-tr');

  // Clean up: the label goes after a confirmation.
  await main(page).getByRole('button', { name: `ATM etiketini sil` }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Sil' }).click();
  await expect(main(page).getByRole('cell', { name: label, exact: true })).toBeHidden();

  await page.goto('/ai-topic-model-groups');
  await expect(main(page).getByRole('heading', { name: 'Konu modeli grupları', level: 1 })).toBeVisible();
  await main(page).getByRole('button', { name: 'Yeni grup' }).click();
  await expect(main(page).getByRole('heading', { name: 'Yeni konu modeli grubu', level: 1 })).toBeVisible();
  await saveScreenshot(page, 'ai-topic-model-group-tr');
});
