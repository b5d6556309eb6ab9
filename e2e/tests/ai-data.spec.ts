import type { Locator, Page } from '@playwright/test';
import { animationsSettled } from './support/animations.js';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 21's text-analytics data screens (docs/text-analytics-data.md "Screens"): the demo admin finds the Demo
 * Bank's built datasets, creates one from a demo survey and watches it go from Processing to Ready with answers,
 * edits it (a rebuild), and deletes it after the confirmation; then creates an annotator linked to a user (locked:
 * its delete is disabled and says why), unlinks it and deletes it. Lists and forms are photographed in English,
 * Turkish and Arabic (right to left). Names are unique per run.
 */

const run = Date.now().toString(36);
const DATASET = `E2E dataset ${run}`;
const RENAMED = `E2E dataset ${run} (tr)`;
const EMAIL = `e2e-annotator-${run}@example.test`;
const main = (page: Page) => page.getByRole('main');
const rowsOf = (page: Page) => main(page).locator('.ant-table-tbody tr.ant-table-row');

/** Searches the grid and waits for the answer of that search, so the row is not redrawn under the next click. */
async function search(page: Page, text: string): Promise<Locator> {
  const answered = page.waitForResponse((response) =>
    decodeURIComponent(response.url().replaceAll('+', ' ')).includes(`'${text.toLowerCase()}'`),
  );
  await main(page).getByRole('searchbox', { name: 'Search the list' }).fill(text);
  await answered;
  await expect(rowsOf(page)).toHaveCount(1);
  return rowsOf(page).first();
}

/** The row goes Ready by itself (the status cell polls); answers its count of answers. */
async function readyCount(row: Locator): Promise<number> {
  await expect(row.locator('td').nth(2)).toHaveText('Ready', { timeout: 30_000 });
  // The grid reloads after the build: the count and the built date come with it.
  await expect(row.locator('td').nth(5)).not.toHaveText('', { timeout: 10_000 });
  return Number(await row.locator('td').nth(3).textContent());
}

/** Types `text` into a select's search (its list is virtual: far options are not drawn) and picks the option. */
async function pickOption(page: Page, field: Locator, text: string): Promise<void> {
  await field.click();
  await field.pressSequentially(text);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .click();
  await page.keyboard.press('Escape');
}

async function confirmDelete(page: Page, question: string): Promise<void> {
  const confirm = page.locator('.ant-popconfirm');
  await expect(confirm).toContainText(question);
  await animationsSettled(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
}

test('datasets: the demo ones, create from a demo survey until Ready, edit, delete with confirmation', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/ai-datasets');
  await expect(main(page).getByRole('heading', { name: 'Veri kümeleri' })).toBeVisible({ timeout: 30_000 });
  await expect(main(page).getByText('Demo comments (Turkish)')).toBeVisible();
  await saveScreenshot(page, 'ai-datasets-list-tr');
  await chooseLanguage(page, 'Dil', 'English');
  await expect(main(page).getByRole('heading', { name: 'Datasets' })).toBeVisible();
  // The Demo Bank's datasets were built at the load.
  const demo = await search(page, 'Demo comments (English)');
  expect(await readyCount(demo)).toBeGreaterThan(0);
  await main(page).getByRole('searchbox', { name: 'Search the list' }).fill('');
  await saveScreenshot(page, 'ai-datasets-list-en');

  // Create: nothing typed is refused under its fields first.
  await main(page).getByRole('button', { name: 'New dataset' }).click();
  await expect(page.getByRole('heading', { name: 'New dataset' })).toBeVisible();
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(main(page).getByText('This field is required.').first()).toBeVisible();
  await main(page).getByLabel('Name', { exact: true }).fill(DATASET);
  await main(page).getByRole('radio', { name: 'English' }).check();
  await pickOption(page, main(page).getByLabel('Surveys', { exact: true }), 'Branch Experience Survey');
  // The survey's open-ended question is offered, and only that one.
  await main(page).getByLabel('Open-ended questions', { exact: true }).click();
  const questions = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(questions).toHaveCount(1);
  await page.keyboard.press('Escape');
  await main(page).getByRole('checkbox', { name: 'Survey', exact: true }).check();
  await saveScreenshot(page, 'ai-dataset-form-en');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`The dataset ${DATASET} was saved.`)).toBeVisible();

  // The list: Processing, then Ready with answers, without a reload.
  await expect(main(page).getByRole('heading', { name: 'Datasets' })).toBeVisible();
  const created = await search(page, DATASET);
  await expect(created).toContainText('English');
  const englishCount = await readyCount(created);
  expect(englishCount).toBeGreaterThan(0);

  // Edit: Turkish answers and a new name rebuild it.
  await created.getByText(DATASET).click();
  await expect(page.getByRole('heading', { name: `Dataset ${DATASET}` })).toBeVisible();
  await expect(main(page).getByRole('alert').filter({ hasText: 'Ready' })).toBeVisible();
  await main(page).getByLabel('Name', { exact: true }).fill(RENAMED);
  await main(page).getByRole('radio', { name: 'Turkish' }).check();
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/ai-datasets$/);
  const renamed = await search(page, RENAMED);
  await expect(renamed).toContainText('Turkish');
  expect(await readyCount(renamed)).toBeGreaterThan(0);

  // Its page in Turkish and Arabic (right to left).
  await renamed.getByText(RENAMED).click();
  await expect(page.getByRole('heading', { name: `Dataset ${RENAMED}` })).toBeVisible();
  await chooseLanguage(page, 'Language', 'Türkçe');
  await expect(page.getByRole('heading', { name: `Veri kümesi ${RENAMED}` })).toBeVisible();
  await saveScreenshot(page, 'ai-dataset-form-tr');
  await chooseLanguage(page, 'Dil', 'العربية');
  await expect(page.getByRole('heading', { name: `مجموعة البيانات ${RENAMED}` })).toBeVisible();
  await saveScreenshot(page, 'ai-dataset-form-ar');
  await chooseLanguage(page, 'اللغة', 'English');

  // Delete from its page, after the confirmation.
  await expect(page.getByRole('heading', { name: `Dataset ${RENAMED}` })).toBeVisible();
  await main(page).getByRole('button', { name: 'Delete' }).click();
  await confirmDelete(page, `Delete the dataset ${RENAMED}?`);
  await expect(page.getByText(`The dataset ${RENAMED} was deleted.`)).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Datasets' })).toBeVisible();
  await main(page).getByRole('searchbox', { name: 'Search the list' }).fill(RENAMED);
  await expect(main(page).getByText('No records match your search.')).toBeVisible();
  await chooseLanguage(page, 'Language', 'Türkçe');
});

test('annotators: create one linked to a user (locked, not deletable), unlink it, delete it', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/ai-annotators');
  await expect(main(page).getByRole('heading', { name: 'Etiketleyiciler' })).toBeVisible({
    timeout: 30_000,
  });
  await chooseLanguage(page, 'Dil', 'English');
  await expect(main(page).getByRole('heading', { name: 'Annotators' })).toBeVisible();

  await main(page).getByRole('button', { name: 'New annotator' }).click();
  await expect(page.getByRole('heading', { name: 'New annotator' })).toBeVisible();
  await main(page).getByLabel('First name', { exact: true }).fill('Deniz');
  await main(page).getByLabel('Last name', { exact: true }).fill(`Tester ${run}`);
  await main(page).getByLabel('Email', { exact: true }).fill(EMAIL);
  await main(page).getByLabel('Phone', { exact: true }).fill('+90 (532) 111-2233');
  await pickOption(page, main(page).getByLabel('Linked user', { exact: true }), '(viewer)');
  await saveScreenshot(page, 'ai-annotator-form-en');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`The annotator Deniz Tester ${run} was saved.`)).toBeVisible();

  // Listed, locked: its delete is disabled and says why, to the keyboard too.
  const row = await search(page, EMAIL);
  await expect(row).toContainText(`Deniz Tester ${run}`);
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Locked');
  const locked = row.getByRole('button', {
    name: `Deniz Tester ${run} cannot be deleted: locked to a user. Clear the linked user first.`,
  });
  await expect(locked).toHaveAttribute('aria-disabled', 'true');
  await locked.focus();
  await expect(page.getByRole('tooltip')).toContainText('locked to a user');
  await saveScreenshot(page, 'ai-annotators-list-en');
  await chooseLanguage(page, 'Language', 'Türkçe');
  await expect(main(page).getByRole('heading', { name: 'Etiketleyiciler' })).toBeVisible();
  await expect(row).toContainText('Kilitli');
  await saveScreenshot(page, 'ai-annotators-list-tr');
  await chooseLanguage(page, 'Dil', 'العربية');
  await expect(row).toContainText('مقفل');
  await saveScreenshot(page, 'ai-annotators-list-ar');
  await chooseLanguage(page, 'اللغة', 'English');

  // Unlink: the lock goes, and the annotator is deleted after the confirmation.
  await row.getByText(`Deniz Tester ${run}`).click();
  await expect(page.getByRole('heading', { name: `Annotator Deniz Tester ${run}` })).toBeVisible();
  await expect(
    main(page).getByText('This annotator is locked to a user and cannot be deleted.'),
  ).toBeVisible();
  const user = main(page).locator('.ant-form-item').filter({ hasText: 'Linked user' }).locator('.ant-select');
  await user.hover();
  await user.locator('.ant-select-clear').click();
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/ai-annotators$/);
  const unlocked = await search(page, EMAIL);
  await expect(unlocked).not.toContainText('Locked');
  await unlocked.getByRole('button', { name: `Delete the annotator Deniz Tester ${run}` }).click();
  await confirmDelete(page, `Delete the annotator Deniz Tester ${run}?`);
  await expect(page.getByText(`The annotator Deniz Tester ${run} was deleted.`)).toBeVisible();
  await expect(main(page).getByText('No records match your search.')).toBeVisible();
  await chooseLanguage(page, 'Language', 'Türkçe');
});
