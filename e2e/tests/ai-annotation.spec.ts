import type { Page } from '@playwright/test';
import { labelByKeyboard, prepareAnnotation, SECOND_PASSWORD } from './support/ai-annotation.js';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn, signOut } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 21 item 2's annotator work screen (docs/ai-annotation.md): a sentiment work of the demo's English dataset
 * and a task of two annotators — the demo admin and a user made for the run, each linked to an annotator — who
 * label the same four comments by keyboard alone (1 negative, 2 neutral, 3 positive); the statistics then show
 * Cohen's kappa of the pair, worked out by hand below. Names carry the run, so the spec can run again on the same
 * data directory.
 */

// The admin's labels and the second annotator's of the same four comments: they agree on three. Observed
// agreement 3/4; the admin's shares positive 1/2, negative 1/4, neutral 1/4, the second's 1/4, 1/2, 1/4; expected
// 1/8 + 1/8 + 1/16 = 5/16; kappa = (3/4 − 5/16) / (1 − 5/16) = 7/11 = 0.636 (substantial). Fleiss' kappa pools
// the shares (positive 3/8, negative 3/8, neutral 2/8: expected 22/64): (3/4 − 22/64) / (1 − 22/64) = 0.619.
const ADMIN_KEYS = ['3', '3', '1', '2'];
const SECOND_KEYS = ['3', '1', '1', '2'];
const main = (page: Page) => page.getByRole('main');

test('annotation: two annotators label by keyboard, the statistics show their kappa', async ({
  page,
  request,
}) => {
  // Two sign-ins, a work built by its job and five screenshots on a shared machine.
  test.setTimeout(300_000);
  const {
    workId,
    taskId,
    work: WORK,
    task: TASK,
    second: SECOND,
  } = await prepareAnnotation(request, Date.now().toString(36), ADMIN_KEYS.length);

  // The admin finds the task and opens the work screen from it.
  await signIn(page, 'admin');
  await page.goto(`/ai-annotation-works/${workId}/annotation-tasks`);
  await expect(main(page).getByRole('heading', { name: `${WORK} görevleri` })).toBeVisible({
    timeout: 30_000,
  });
  const row = main(page).locator('.ant-table-tbody tr.ant-table-row', { hasText: TASK });
  await row.getByRole('button', { name: 'Etiketle' }).click();
  await expect(page).toHaveURL(new RegExp(`/annotation-tasks/${taskId}/annotate$`));
  await expect(main(page).getByRole('heading', { name: `Etiketle: ${TASK}` })).toBeVisible();
  for (const [key, name] of [
    ['1', 'Olumsuz'],
    ['2', 'Nötr'],
    ['3', 'Olumlu'],
  ] as const)
    await expect(main(page).getByRole('button', { name: new RegExp(name) })).toHaveAttribute(
      'aria-keyshortcuts',
      key,
    );
  await saveScreenshot(page, 'ai-annotate-tr');
  await labelByKeyboard(page, ADMIN_KEYS.length, (_text, index) => ADMIN_KEYS[index]!);
  await signOut(page);

  // The second annotator labels the same four comments (none has a gold label yet: the level is 2).
  await signIn(page, SECOND, SECOND_PASSWORD);
  await page.goto(`/ai-annotation-works/${workId}/annotation-tasks/${taskId}/annotate`);
  await expect(main(page).getByRole('heading', { name: `Etiketle: ${TASK}` })).toBeVisible({
    timeout: 30_000,
  });
  await labelByKeyboard(page, SECOND_KEYS.length, (_text, index) => SECOND_KEYS[index]!);

  // The statistics: three gold labels of twenty, and the pair's kappa with its band.
  await page.goto(`/ai-annotation-works/${workId}/statistics`);
  await expect(main(page).getByRole('heading', { name: `${WORK} istatistikleri` })).toBeVisible();
  await expect(main(page).getByText('20 yorumdan 3 tanesinin altın etiketi var')).toBeVisible();
  const pair = main(page).locator('.ant-table-tbody tr', { hasText: 'İkinci' });
  await expect(pair).toContainText('0.636');
  await expect(pair).toContainText('Önemli');
  await expect(main(page).getByTestId('fleiss')).toContainText(
    'Fleiss kappa (2 etiketleyici, 4 yorum): 0.619',
  );
  await saveScreenshot(page, 'ai-annotation-statistics-tr');
  await chooseLanguage(page, 'Dil', 'English');
  await expect(main(page).getByRole('heading', { name: `Statistics of ${WORK}` })).toBeVisible();
  await expect(pair).toContainText('Substantial');
  await saveScreenshot(page, 'ai-annotation-statistics-en');
  await chooseLanguage(page, 'Language', 'العربية');
  await expect(main(page).getByRole('heading', { name: `إحصاءات ${WORK}` })).toBeVisible();
  await saveScreenshot(page, 'ai-annotation-statistics-ar');
  await page.goto(`/ai-annotation-works/${workId}/annotation-tasks/${taskId}/annotate`);
  await expect(main(page).getByText('لقد صنّفت العدد المستهدف لهذه المهمة. شكرًا!')).toBeVisible();
  await saveScreenshot(page, 'ai-annotate-done-ar');
  await chooseLanguage(page, 'اللغة', 'Türkçe');
});
