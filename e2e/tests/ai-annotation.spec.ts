import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { apiHeaders, signIn, signOut } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 21 item 2's annotator work screen (docs/ai-annotation.md): a sentiment work of the demo's English dataset
 * and a task of two annotators — the demo admin and a user made for the run, each linked to an annotator — who
 * label the same four comments by keyboard alone (1 negative, 2 neutral, 3 positive); the statistics then show
 * Cohen's kappa of the pair, worked out by hand below. Names carry the run, so the spec can run again on the same
 * data directory.
 */

const run = Date.now().toString(36);
const SECOND = `e2e-annotator-${run}`;
const SECOND_PASSWORD = 'E2e-Pass-1234';
const WORK = `E2E sentiment ${run}`;
const TASK = `E2E task ${run}`;
const main = (page: Page) => page.getByRole('main');

// The admin's labels and the second annotator's of the same four comments: they agree on three. Observed
// agreement 3/4; the admin's shares positive 1/2, negative 1/4, neutral 1/4, the second's 1/4, 1/2, 1/4; expected
// 1/8 + 1/8 + 1/16 = 5/16; kappa = (3/4 − 5/16) / (1 − 5/16) = 7/11 = 0.636 (substantial). Fleiss' kappa pools
// the shares (positive 3/8, negative 3/8, neutral 2/8: expected 22/64): (3/4 − 22/64) / (1 − 22/64) = 0.619.
const ADMIN_KEYS = ['3', '3', '1', '2'];
const SECOND_KEYS = ['3', '1', '1', '2'];

async function json<T>(response: APIResponse, status = 200): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/** The second user and both annotators, the work (built) and its task. Answers the work's and task's ids. */
async function prepare(request: APIRequestContext): Promise<{ workId: number; taskId: number }> {
  const admin = await apiHeaders(request, 'admin');
  const me = await json<{ User: { Id: number } }>(await request.get('/api/bootstrap/en', { headers: admin }));
  const role = await json<{ Id: number }>(
    await request.post('/api/identity/roles', {
      headers: admin,
      data: { Name: `E2E etiketleyici ${run}`, SecurityLevel: 2, Scopes: ['annotation:read'] },
    }),
    201,
  );
  const user = await json<{ Id: number }>(
    await request.post('/api/users', {
      headers: admin,
      data: {
        UserName: SECOND,
        FullName: 'İkinci Etiketleyici',
        Email: `${SECOND}@e2e.example`,
        Roles: [role.Id],
        Password: SECOND_PASSWORD,
        MustChangePassword: false,
      },
    }),
    201,
  );
  type Annotator = { Id: number; UserId: number | null };
  const annotators = await json<{ Items: Annotator[] }>(
    await request.get('/api/ai-annotators?$top=1000', { headers: admin }),
  );
  const adminAnnotator =
    annotators.Items.find((annotator) => annotator.UserId === me.User.Id)?.Id ??
    (
      await json<Annotator>(
        await request.post('/api/ai-annotators', {
          headers: admin,
          data: {
            FirstName: 'Demo',
            LastName: 'Admin',
            Email: `admin-${run}@e2e.example`,
            UserId: me.User.Id,
          },
        }),
        201,
      )
    ).Id;
  const second = await json<Annotator>(
    await request.post('/api/ai-annotators', {
      headers: admin,
      data: { FirstName: 'İkinci', LastName: run, Email: `${SECOND}@e2e.example`, UserId: user.Id },
    }),
    201,
  );
  const filter = encodeURIComponent("Name eq 'Demo comments (English)'");
  const datasets = await json<{ Items: { Id: number }[] }>(
    await request.get(`/api/ai-datasets?$filter=${filter}`, { headers: admin }),
  );
  expect(datasets.Items).toHaveLength(1);
  const work = await json<{ Id: number }>(
    await request.post('/api/ai-annotation-works', {
      headers: admin,
      data: {
        Name: WORK,
        AnnotationType: 0,
        DatasetId: datasets.Items[0]!.Id,
        TopicModelId: null,
        TargetCount: 20,
        AgreementLevel: 2,
      },
    }),
    201,
  );
  await expect
    .poll(
      async () =>
        (
          await json<{ Status: string }>(
            await request.get(`/api/ai-annotation-works/${work.Id}`, { headers: admin }),
          )
        ).Status,
      { timeout: 60_000 },
    )
    .toBe('Ready');
  const task = await json<{ Id: number }>(
    await request.post(`/api/ai-annotation-works/${work.Id}/annotation-tasks`, {
      headers: admin,
      data: { Name: TASK, AnnotatorIds: [adminAnnotator, second.Id], TargetCount: ADMIN_KEYS.length },
    }),
    201,
  );
  return { workId: work.Id, taskId: task.Id };
}

/** Labels the comments one key each, each save bringing the next comment and one more in "n of target". */
async function labelByKeyboard(page: Page, keys: string[]): Promise<void> {
  const progress = main(page).getByTestId('annotate-progress');
  const comment = main(page).locator('p[lang]');
  for (const [index, key] of keys.entries()) {
    await expect(progress).toHaveText(`${keys.length} içinden ${index}`);
    const text = await comment.textContent();
    await page.keyboard.press(key);
    await expect(progress).toHaveText(`${keys.length} içinden ${index + 1}`);
    if (index < keys.length - 1) await expect(comment).not.toHaveText(text ?? '');
  }
  await expect(main(page).getByText('Bu görevin hedef sayısına ulaştınız. Teşekkürler!')).toBeVisible();
}

test('annotation: two annotators label by keyboard, the statistics show their kappa', async ({
  page,
  request,
}) => {
  // Two sign-ins, a work built by its job and five screenshots on a shared machine.
  test.setTimeout(300_000);
  const { workId, taskId } = await prepare(request);

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
  await labelByKeyboard(page, ADMIN_KEYS);
  await signOut(page);

  // The second annotator labels the same four comments (none has a gold label yet: the level is 2).
  await signIn(page, SECOND, SECOND_PASSWORD);
  await page.goto(`/ai-annotation-works/${workId}/annotation-tasks/${taskId}/annotate`);
  await expect(main(page).getByRole('heading', { name: `Etiketle: ${TASK}` })).toBeVisible({
    timeout: 30_000,
  });
  await labelByKeyboard(page, SECOND_KEYS);

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
