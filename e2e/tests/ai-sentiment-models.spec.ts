import type { Page } from '@playwright/test';
import { pickOption, trainSentimentModel, trySentence } from './support/ai-annotation.js';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 21 item 3's sentiment model screens (docs/ai-sentiment-models.md): the demo admin finds the demo's Turkish
 * model trained at first start, creates a model on the demo's Turkish sentiment works, trains it (confirmation,
 * then the page follows the job until Ready), reads its statistics (versions, per-class figures, the confusion
 * matrix) and tries a sentence. The screens are photographed in English, Turkish and Arabic (right to left). The
 * model's name is unique per run, so the spec can run again on the same data directory.
 */

const NAME = `E2E sentiment ${Date.now().toString(36)}`;
const main = (page: Page) => page.getByRole('main');

test('sentiment models: create on the demo works, train, statistics and try', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/ai-sentiment-models');
  await expect(main(page).getByRole('heading', { name: 'Duygu modelleri' })).toBeVisible({ timeout: 30_000 });
  // The demo's Turkish model, trained at first start, is Ready with its figures.
  const demoRow = main(page)
    .locator('.ant-table-tbody tr.ant-table-row')
    .filter({ hasText: 'Demo sentiment model TR' });
  await expect(demoRow).toContainText('Hazır');
  await saveScreenshot(page, 'ai-sentiment-models-list-tr');
  await chooseLanguage(page, 'Dil', 'English');
  await expect(main(page).getByRole('heading', { name: 'Sentiment models' })).toBeVisible();

  // Create: the work selects offer the demo's Turkish works with their gold label counts.
  await main(page).getByRole('button', { name: 'New sentiment model' }).click();
  await expect(page.getByRole('heading', { name: 'New sentiment model' })).toBeVisible();
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(main(page).getByText('This field is required.').first()).toBeVisible();
  await main(page).getByLabel('Name', { exact: true }).fill(NAME);
  await pickOption(page, 'AnnotationWorkId', /^Demo sentiment labels TR \(\d+ gold labels\)$/);
  await pickOption(page, 'GoldenAnnotationWorkId', /^Demo sentiment golden set TR/);
  await main(page).getByLabel('Epochs').fill('20');
  await saveScreenshot(page, 'ai-sentiment-model-form-en');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`The sentiment model ${NAME} was saved.`)).toBeVisible();

  // Train after the confirmation; the page follows the job until the model is Ready.
  await main(page).getByRole('searchbox', { name: 'Search the list' }).fill(NAME);
  const rows = main(page).locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('New');
  await rows.first().getByText(NAME).click();
  await expect(page.getByRole('heading', { name: `Sentiment model ${NAME}` })).toBeVisible();
  await trainSentimentModel(page, NAME);
  await saveScreenshot(page, 'ai-sentiment-model-trained-en');

  // Statistics: version 1 accepted and current, three classes, a 3×3 confusion matrix.
  await main(page).getByRole('button', { name: 'Statistics' }).click();
  await expect(page.getByRole('heading', { name: `Statistics of ${NAME}` })).toBeVisible();
  await expect(main(page).getByText('Version 1 on the golden work')).toBeVisible();
  const versions = main(page)
    .locator('.ant-card')
    .filter({ hasText: 'Versions' })
    .locator('tr.ant-table-row');
  await expect(versions).toHaveCount(1);
  await expect(versions.first()).toContainText('Current');
  const matrix = main(page).getByRole('table').filter({ hasText: 'Actual \\ predicted' });
  await expect(matrix.locator('tbody tr')).toHaveCount(3);
  await expect(matrix.locator('tbody td')).toHaveCount(9);
  await saveScreenshot(page, 'ai-sentiment-model-statistics-en');

  // Try: a Turkish sentence of praise.
  await trySentence(page, NAME, 'Personel çok ilgiliydi, işlemim hızlıca bitti. Teşekkürler!');
  await expect(main(page).getByTestId('try-label')).toHaveText('Positive');
  await expect(main(page).getByText(/^Probability \d+\.\d %$/)).toBeVisible();
  await saveScreenshot(page, 'ai-sentiment-model-try-en');

  // Arabic, right to left.
  await chooseLanguage(page, 'Language', 'العربية');
  await expect(main(page).getByRole('heading', { name: `جرّب ${NAME}` })).toBeVisible();
  await main(page).getByRole('button', { name: 'قيّم' }).click();
  await expect(main(page).getByTestId('try-label')).toHaveText('إيجابي');
  await saveScreenshot(page, 'ai-sentiment-model-try-ar');
  await page.goto('/ai-sentiment-models');
  await expect(main(page).getByRole('heading', { name: 'نماذج المشاعر' })).toBeVisible();
  await saveScreenshot(page, 'ai-sentiment-models-list-ar');
  await chooseLanguage(page, 'اللغة', 'Türkçe');
});
