import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { animationsSettled } from './animations.js';
import { apiHeaders } from './session.js';
import { expect } from './test.js';

/*
 * What the issue 21 specs share (docs/ai-annotation.md, docs/ai-sentiment-models.md): the answer of an API call,
 * the setup of a sentiment annotation work of the demo's English dataset with a task of two annotators (the demo
 * admin and a user made for the run), the annotator's keyboard labelling on the work screen, an antd select of
 * the admin forms picked by its field id, and a sentiment model's training and try screens.
 */

export const SECOND_PASSWORD = 'E2e-Pass-1234';

/** The answer's JSON after checking its status (the body is the message when it is not the one expected). */
export async function json<T>(response: APIResponse, status = 200): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

export type AnnotationSetup = {
  workId: number;
  taskId: number;
  /** The work's and the task's names, and the second annotator's user name (password SECOND_PASSWORD). */
  work: string;
  task: string;
  second: string;
};

/**
 * The second user and both annotators (the admin's annotator is reused when an earlier run made it), a sentiment
 * work of 20 comments of "Demo comments (English)" with agreement level 2 (built by its job), and a task of both
 * annotators with `taskTarget`. Names carry `run`, so a spec can run again on the same data directory.
 */
export async function prepareAnnotation(
  request: APIRequestContext,
  run: string,
  taskTarget: number,
): Promise<AnnotationSetup> {
  const second = `e2e-annotator-${run}`;
  const work = `E2E sentiment ${run}`;
  const task = `E2E task ${run}`;
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
        UserName: second,
        FullName: 'İkinci Etiketleyici',
        Email: `${second}@e2e.example`,
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
  const secondAnnotator = await json<Annotator>(
    await request.post('/api/ai-annotators', {
      headers: admin,
      data: { FirstName: 'İkinci', LastName: run, Email: `${second}@e2e.example`, UserId: user.Id },
    }),
    201,
  );
  const filter = encodeURIComponent("Name eq 'Demo comments (English)'");
  const datasets = await json<{ Items: { Id: number }[] }>(
    await request.get(`/api/ai-datasets?$filter=${filter}`, { headers: admin }),
  );
  expect(datasets.Items).toHaveLength(1);
  const created = await json<{ Id: number }>(
    await request.post('/api/ai-annotation-works', {
      headers: admin,
      data: {
        Name: work,
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
            await request.get(`/api/ai-annotation-works/${created.Id}`, { headers: admin }),
          )
        ).Status,
      { timeout: 60_000 },
    )
    .toBe('Ready');
  const createdTask = await json<{ Id: number }>(
    await request.post(`/api/ai-annotation-works/${created.Id}/annotation-tasks`, {
      headers: admin,
      data: { Name: task, AnnotatorIds: [adminAnnotator, secondAnnotator.Id], TargetCount: taskTarget },
    }),
    201,
  );
  return { workId: created.Id, taskId: createdTask.Id, work, task, second };
}

/**
 * Labels `count` comments on the work screen (Turkish), one key each — `keyOf` answers the key of the comment
 * shown — each save bringing the next comment and one more in "n of target"; ends on the "target reached" text.
 */
export async function labelByKeyboard(
  page: Page,
  count: number,
  keyOf: (text: string, index: number) => string | Promise<string>,
): Promise<void> {
  const main = page.getByRole('main');
  const progress = main.getByTestId('annotate-progress');
  const comment = main.locator('p[lang]');
  for (let index = 0; index < count; index++) {
    await expect(progress).toHaveText(`${count} içinden ${index}`);
    const text = (await comment.textContent()) ?? '';
    const answerId = (await comment.getAttribute('data-answer-id')) ?? '';
    await page.keyboard.press(await keyOf(text, index));
    await expect(progress).toHaveText(`${count} içinden ${index + 1}`);
    // The next comment is another answer; its words may be the same (customers repeat themselves).
    if (index < count - 1) await expect(comment).not.toHaveAttribute('data-answer-id', answerId);
  }
  await expect(main.getByText('Bu görevin hedef sayısına ulaştınız. Teşekkürler!')).toBeVisible();
}

/** Picks an option of the form's antd select whose input has the id `field` (the Form.Item's name). */
export async function pickOption(page: Page, field: string, option: RegExp | string): Promise<void> {
  await page.getByRole('main').locator(`input#${field}[role=combobox]`).click();
  await animationsSettled(page);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/**
 * On a sentiment model's page (English): Train, the confirmation, then the page follows the job until the model's
 * card says Ready.
 */
export async function trainSentimentModel(page: Page, name: string): Promise<void> {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Train', exact: true }).click();
  await expect(page.getByText(`Train ${name} now?`)).toBeVisible();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Train', exact: true }).click();
  await expect(page.getByText('The training has started.')).toBeVisible();
  const card = main.locator('.ant-card').filter({ hasText: 'Training' }).first();
  // A training job on a shared machine: the one generous wait.
  await expect(card.locator('.ant-tag', { hasText: 'Ready' })).toBeVisible({ timeout: 120_000 });
  await expect(card).toContainText('Macro-F1');
}

/** From a sentiment model's statistics (English): back to the model, its try screen, the text scored. */
export async function trySentence(page: Page, name: string, text: string): Promise<void> {
  const main = page.getByRole('main');
  await main.getByRole('link', { name: `Back to ${name}` }).click();
  await main.getByRole('button', { name: 'Try' }).click();
  await expect(page.getByRole('heading', { name: `Try ${name}` })).toBeVisible();
  await main.getByLabel('Text').fill(text);
  await main.getByRole('button', { name: 'Score' }).click();
}
