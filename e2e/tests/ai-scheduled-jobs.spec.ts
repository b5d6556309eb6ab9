import type { Page } from '@playwright/test';
import { animationsSettled } from './support/animations.js';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 21 item 5 (docs/ai-scheduled-jobs.md): the demo admin creates a scoring job with the demo topic model, runs
 * it now after the confirmation, and sees its run succeed in the job's logs, then the run's scoring logs. Photographed
 * in English, Turkish and Arabic; the language is set back to Turkish at the end.
 */

const main = (page: Page) => page.getByRole('main');
const NAME = `E2E scoring ${Date.now() % 100_000}`;

test('ai scheduled jobs: create a scoring job, run it after confirming, see its log', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  await page.goto('/ai-scheduled-jobs');
  await expect(
    main(page).getByRole('heading', { name: 'Yapay zekâ zamanlanmış işleri', level: 1 }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await chooseLanguage(page, 'Dil', 'English');
  await expect(main(page).getByRole('heading', { name: 'AI scheduled jobs', level: 1 })).toBeVisible();

  // Create: a scoring job on the demo's first topic model, every minute (the cron's words and next times show).
  await main(page).getByRole('button', { name: 'New job' }).click();
  await expect(main(page).getByRole('heading', { name: 'New scheduled job', level: 1 })).toBeVisible();
  await main(page).getByLabel('Name', { exact: true }).fill(NAME);
  await main(page).getByLabel('Topic model').click();
  await page.keyboard.press('Enter');
  await expect(main(page).getByText('Every minute')).toBeVisible();
  await expect(main(page).getByText(/^Next runs: /)).toBeVisible();
  await main(page).getByLabel('Cron').fill('0 3 * * *');
  await expect(main(page).getByText('Every day at 03:00 (UTC)')).toBeVisible();
  await saveScreenshot(page, 'ai-scheduled-job-form-en');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`The job ${NAME} was saved.`)).toBeVisible();

  // Run now, after the confirmation.
  const row = main(page).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: NAME });
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Run ${NAME} now` }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: `Run ${NAME} now?` });
  await animationsSettled(page);
  await confirm.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText(`The job ${NAME} was started.`)).toBeVisible();
  await saveScreenshot(page, 'ai-scheduled-jobs-en');

  // The job's logs: one manual run that succeeds (the list reloads until it has).
  await row.getByRole('button', { name: `Logs of ${NAME}` }).click();
  await expect(main(page).getByRole('heading', { name: `Runs of ${NAME}`, level: 1 })).toBeVisible();
  const runs = main(page).locator('.ant-table-tbody tr.ant-table-row');
  await expect(async () => {
    await page.reload();
    await expect(runs.first()).toContainText('Succeeded', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(runs.first()).toContainText('Manual');
  await expect(runs.first()).toContainText('comments scored');
  await saveScreenshot(page, 'ai-job-logs-en');
  await runs.first().getByRole('button', { name: 'Scoring logs' }).click();
  await expect(
    main(page).getByRole('heading', { name: /^Scoring logs of run \d+$/, level: 1 }),
  ).toBeVisible();

  // What the run logged, and the module's settings.
  await page.goto('/ai-logs');
  await expect(main(page).getByRole('heading', { name: 'AI logs', level: 1 })).toBeVisible();
  await expect(
    main(page)
      .locator('.ant-table-tbody tr.ant-table-row')
      .filter({ hasText: `${NAME}` })
      .first(),
  ).toContainText(/run \d+ (started|finished)/);
  await saveScreenshot(page, 'ai-logs-en');
  await page.goto('/ai-system-configurations');
  await expect(main(page).getByRole('heading', { name: 'AI system configurations', level: 1 })).toBeVisible();
  await main(page)
    .locator('.ant-table-tbody tr.ant-table-row')
    .filter({ hasText: 'ScoringBatchSize' })
    .click();
  await expect(
    main(page).getByRole('heading', { name: 'Configuration ScoringBatchSize', level: 1 }),
  ).toBeVisible();
  await main(page).getByLabel('ScoringBatchSize').fill('5');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(main(page).getByText('This value is not valid for this configuration.')).toBeVisible();
  await saveScreenshot(page, 'ai-system-configuration-en');

  await chooseLanguage(page, 'Language', 'العربية');
  await expect(main(page).getByRole('heading', { name: 'الإعداد ScoringBatchSize', level: 1 })).toBeVisible();
  await saveScreenshot(page, 'ai-system-configuration-ar');
  await page.goto('/ai-scheduled-jobs');
  await expect(
    main(page).getByRole('heading', { name: 'مهام الذكاء الاصطناعي المجدولة', level: 1 }),
  ).toBeVisible();
  await saveScreenshot(page, 'ai-scheduled-jobs-ar');
  await chooseLanguage(page, 'اللغة', 'Türkçe');
  await expect(
    main(page).getByRole('heading', { name: 'Yapay zekâ zamanlanmış işleri', level: 1 }),
  ).toBeVisible();
  await saveScreenshot(page, 'ai-scheduled-jobs-tr');
});

/*
 * The job form picks the models and the annotation work by name (searchable selects), not by typed id: a sentiment
 * training job offers only sentiment works (type 0) in the chosen sentiment model's language.
 */
test('ai scheduled jobs: a training job picks its sentiment model and annotation work by name', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `E2E training ${Date.now() % 100_000}`;
  await signIn(page, 'admin');
  await page.goto('/ai-scheduled-jobs/create');
  await expect(main(page).getByRole('heading', { name: 'Yeni zamanlanmış iş', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await main(page).getByLabel('Ad', { exact: true }).fill(name);
  await main(page).getByRole('combobox', { name: 'Tür' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Eğitim' }).click();

  const model = main(page).getByRole('combobox', { name: 'Duygu durumu modeli' });
  await model.click();
  await model.pressSequentially('model TR');
  await page.locator('.ant-select-item-option').filter({ hasText: 'Demo sentiment model TR (tr)' }).click();

  const work = main(page).getByRole('combobox', { name: 'Etiketleme çalışması' });
  await work.click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.filter({ hasText: 'Demo sentiment labels TR (tr)' })).toBeVisible();
  // English works are not offered for a Turkish model.
  await expect(options.filter({ hasText: '(en)' })).toHaveCount(0);
  await work.pressSequentially('labels');
  await options.filter({ hasText: 'Demo sentiment labels TR' }).click();
  await main(page).getByLabel('Cron').fill('0 3 * * *');
  await saveScreenshot(page, 'ai-scheduled-job-training-form-tr');
  await main(page).getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByText(`${name} işi kaydedildi.`)).toBeVisible();

  // Reopened, the job shows the names it was saved with.
  await main(page).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name }).click();
  await expect(main(page).getByRole('heading', { name: `Zamanlanmış iş ${name}`, level: 1 })).toBeVisible();
  await expect(main(page).getByText('Demo sentiment model TR (tr)')).toBeVisible();
  await expect(main(page).getByText(/^Demo sentiment labels TR \(tr\)/)).toBeVisible();
  await chooseLanguage(page, 'Dil', 'العربية');
  await expect(main(page).getByRole('heading', { name: `المهمة المجدولة ${name}`, level: 1 })).toBeVisible();
  await saveScreenshot(page, 'ai-scheduled-job-training-form-ar');
  await chooseLanguage(page, 'اللغة', 'Türkçe');
  await expect(main(page).getByRole('heading', { name: `Zamanlanmış iş ${name}`, level: 1 })).toBeVisible();
});
