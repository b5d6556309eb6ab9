import type { APIRequestContext, Page } from '@playwright/test';
import {
  json,
  labelByKeyboard,
  pickOption,
  prepareAnnotation,
  SECOND_PASSWORD,
  trainSentimentModel,
  trySentence,
} from './support/ai-annotation.js';
import { expiredLinks } from '../fixtures/e2e-users.js';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { apiHeaders, signIn, signOut } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 21's acceptance, the whole loop of the text-analytics module: two annotators (the demo admin and a user
 * made for the run) label 20 English demo comments by keyboard on the work screen and agree on each, so the work
 * has 20 gold labels; a sentiment model is created on that work, trained, and tried on a sentence; a recurrent
 * scoring job with that model runs every minute; a customer answers an English survey through a survey link with
 * that very sentence as the comment; within 90 seconds (the minute tick, the scoring and the replica's
 * couple of seconds) the demo report "Müşteri Yorumları" shows the new comment in its comment highlights with the
 * sentiment the try answered, and the job's logs show the cron run that scored it.
 *
 * The annotators' keys are not made up: each comment gets the demo's own sentiment of it (the text analysis the
 * demo generator wrote, as the comment highlights' data route answers it; unclassified counts as neutral), so the
 * 20 gold labels are meaningful. The e2e demo (2,000 responses) has too few English comments for a demo English
 * model, so no demo job writes English sentiment: before our job scores the new comment it has no sentiment (the
 * widget's chip would read Negative), which is why the spec also checks through the data route that the comment's
 * score is the try's (4, 2 or 0), and checks
 * our job's own cron run in its logs. The job is not started with its Run button: the minute tick is reliable (one
 * per minute, docs/ai-scheduled-jobs.md "Timing and exactly once"). A new job scores the comments that arrive after
 * it (its cursor starts after the tenant's last answer), so the demo's English comments keep what they had. Names carry the run, so the spec can run again on the same data directory;
 * nothing depends on the date, the time or the time zone (the report's period is the last seven days, which holds
 * the comment's day in any zone ahead of UTC, as the browser's Europe/Istanbul is).
 */

const run = Date.now().toString(36);
const MODEL = `E2E loop model ${run}`;
const JOB = `E2E loop scoring ${run}`;
const SENTENCE = `The staff were friendly and helpful, and my transaction was done quickly. Thank you! (${run})`;
const KEYS = { negative: '1', neutral: '2', positive: '3' } as const;
type Label = keyof typeof KEYS;
const REPORT = { title: 'Müşteri Yorumları', path: '/reports/musteri-yorumlari?period=last7Days' };
const COMMENTS = 'Öne Çıkan Yorumlar';
const main = (page: Page) => page.getByRole('main');

/** The sentiment score (4, 2, 0) a model's current version gives a text (`POST /api/ai-sentiment-models/{id}/try`). */
async function tryScore(request: APIRequestContext, modelId: number, text: string): Promise<number> {
  const headers = await apiHeaders(request, 'admin');
  const answer = await json<{ SentimentScore: number }>(
    await request.post(`/api/ai-sentiment-models/${modelId}/try`, {
      headers,
      data: { Text: text, Language: 'en' },
    }),
  );
  return answer.SentimentScore;
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

type CommentsPage = {
  Count: number;
  Items: { TextOrig: string; SentimentScore: number | null }[];
};

/** A page of every comment of the tenant, newest first (`POST /api/text-analytics/comments`, the widget's route). */
async function commentsPage(request: APIRequestContext, skip: number): Promise<CommentsPage> {
  const headers = await apiHeaders(request, 'admin');
  // Through the day after tomorrow: the facts' days are the tenant's, which may be a day ahead of UTC.
  const end = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  return json<CommentsPage>(
    await request.post(`/api/text-analytics/comments?$top=50&$skip=${skip}`, {
      headers,
      data: { TimeRange: ['2000-01-01', end] },
    }),
  );
}

/** The demo's own sentiment of its comments, by text (what the demo generator's text analyses say). */
async function demoSentiments(request: APIRequestContext): Promise<Map<string, Label>> {
  // Unclassified (-1: a bare word or question such as "Expertise?") is labelled neutral.
  const byScore: Record<number, Label> = { 4: 'positive', 2: 'neutral', 0: 'negative', [-1]: 'neutral' };
  const sentiments = new Map<string, Label>();
  for (let skip = 0; ; skip += 50) {
    const page = await commentsPage(request, skip);
    for (const item of page.Items) {
      const label = item.SentimentScore === null ? undefined : byScore[item.SentimentScore];
      if (label) sentiments.set(clean(item.TextOrig), label);
    }
    if (skip + 50 >= page.Count) return sentiments;
  }
}

/**
 * A customer's answer through a survey link of the seeded English branch survey (fixtures/seed-respondent-surveys.ts,
 * docs/respondent-api.md), the way the respondent page saves it: the required NPS and service questions, and the
 * sentence as the last page's open comment, completed. That survey measures no experience, so the answer leaves
 * every NPS and segment figure the later specs compare unchanged (the demo's own branch survey would add an
 * anonymous promoter with no segment to the widgets spec's six months).
 */
async function answerEnglishSurvey(request: APIRequestContext, comment: string): Promise<void> {
  const created = await request.post(`/api/surveys/${expiredLinks().respondent.enSurveyId}/links`, {
    headers: await apiHeaders(request, 'admin'),
    data: { Name: `E2E loop link ${run}`, TransactionChannelId: null },
  });
  const { Guid: guid } = await json<{ Guid: string }>(created, 201);
  type Question = {
    Id: number;
    QuestionTypeName: string;
    Text: string;
    Required: boolean;
    Choices: { Value: number }[];
    SubQuestions: { Id: number }[];
  };
  const form = await json<{ State: string; Pages: Question[][] }>(
    await request.get(`/api/public/surveys/${guid}`),
  );
  expect(form.State).toBe('Open');
  const questions = form.Pages.flat();
  const nps = questions.find((question) => question.Text.includes('recommend'));
  const service = questions.find((question) => question.QuestionTypeName === 'MXSS' && question.Required);
  const advice = questions.at(-1);
  expect(
    nps && service && advice?.QuestionTypeName === 'OETX',
    'the NPS, service and comment questions',
  ).toBe(true);
  const saved = await json<{ Completed: boolean }>(
    await request.post(`/api/public/surveys/${guid}/answers`, {
      data: {
        Answers: [
          { QuestionId: nps!.Id, Value: 10 },
          ...service!.SubQuestions.map((row) => ({ QuestionId: row.Id, Value: service!.Choices[0]!.Value })),
          { QuestionId: advice!.Id, Text: comment },
        ],
        Complete: true,
      },
    }),
  );
  expect(saved.Completed).toBe(true);
}

test('text analytics loop: annotate, train, try, schedule scoring, a new comment gets its sentiment', async ({
  page,
  request,
}) => {
  // Two annotators labelling 20 comments each, two sign-ins, a training job and a minute tick on a shared machine.
  test.setTimeout(600_000);
  const { workId, taskId, work, task, second } = await prepareAnnotation(request, run, 20);
  const sentiments = await demoSentiments(request);
  /** The key of a comment shown: the demo's own sentiment of it, the same for both annotators. */
  const keyOf = (text: string) => {
    const label = sentiments.get(clean(text));
    expect(label, `the demo's sentiment of "${text}"`).toBeDefined();
    return KEYS[label!];
  };

  // 1. Both annotators label the 20 comments by keyboard on the work screen, and agree on each.
  await signIn(page, 'admin');
  await page.goto(`/ai-annotation-works/${workId}/annotation-tasks/${taskId}/annotate`);
  await expect(main(page).getByRole('heading', { name: `Etiketle: ${task}` })).toBeVisible({
    timeout: 30_000,
  });
  await labelByKeyboard(page, 20, keyOf);
  await signOut(page);
  await signIn(page, second, SECOND_PASSWORD);
  await page.goto(`/ai-annotation-works/${workId}/annotation-tasks/${taskId}/annotate`);
  await expect(main(page).getByRole('heading', { name: `Etiketle: ${task}` })).toBeVisible({
    timeout: 30_000,
  });
  await labelByKeyboard(page, 20, keyOf);
  await page.goto(`/ai-annotation-works/${workId}/statistics`);
  await expect(main(page).getByText('20 yorumdan 20 tanesinin altın etiketi var')).toBeVisible();
  await signOut(page);

  // 2. The admin creates an English sentiment model on the work, trains it and reads its statistics.
  await signIn(page, 'admin');
  await page.goto('/ai-sentiment-models');
  await expect(main(page).getByRole('heading', { name: 'Duygu modelleri' })).toBeVisible({ timeout: 30_000 });
  await chooseLanguage(page, 'Dil', 'English');
  await main(page).getByRole('button', { name: 'New sentiment model' }).click();
  await expect(page.getByRole('heading', { name: 'New sentiment model' })).toBeVisible();
  await main(page).getByLabel('Name', { exact: true }).fill(MODEL);
  await pickOption(page, 'Language', 'English');
  await pickOption(page, 'AnnotationWorkId', `${work} (20 gold labels)`);
  await expect(main(page).getByLabel('Minimum labels')).toHaveValue('20');
  await saveScreenshot(page, 'ai-loop-model-form-en');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`The sentiment model ${MODEL} was saved.`)).toBeVisible();
  await main(page).getByRole('searchbox', { name: 'Search the list' }).fill(MODEL);
  const rows = main(page).locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await rows.first().getByText(MODEL).click();
  await expect(page.getByRole('heading', { name: `Sentiment model ${MODEL}` })).toBeVisible();
  const modelId = Number(/\/ai-sentiment-models\/(\d+)/.exec(page.url())?.[1]);
  expect(modelId).toBeGreaterThan(0);
  await trainSentimentModel(page, MODEL);
  await main(page).getByRole('button', { name: 'Statistics' }).click();
  await expect(page.getByRole('heading', { name: `Statistics of ${MODEL}` })).toBeVisible();
  await expect(main(page).getByText('Version 1 on the held-out tenth of the labels')).toBeVisible();
  await saveScreenshot(page, 'ai-loop-model-statistics-en');

  // 3. Try the sentence: the label it answers is what the widget must show at the end.
  await trySentence(page, MODEL, SENTENCE);
  const tried = main(page).getByTestId('try-label');
  await expect(tried).toHaveText(/^(Positive|Neutral|Negative)$/);
  const shown = (await tried.textContent())!;
  await saveScreenshot(page, 'ai-loop-try-en');
  // The same answer through the route, as the score the comment must get (Positive 4, Neutral 2, Negative 0).
  const score = await tryScore(request, modelId, SENTENCE);
  expect({ Positive: 4, Neutral: 2, Negative: 0 }[shown]).toBe(score);

  // 4. A recurrent scoring job with the model, every minute (the form's defaults: scoring, recurrent, * * * * *).
  await page.goto('/ai-scheduled-jobs');
  await main(page).getByRole('button', { name: 'New job' }).click();
  await expect(main(page).getByRole('heading', { name: 'New scheduled job', level: 1 })).toBeVisible();
  await main(page).getByLabel('Name', { exact: true }).fill(JOB);
  await expect(main(page).locator('input#Type[role=combobox]')).toBeAttached();
  await expect(main(page).getByText('Scoring', { exact: true })).toBeVisible();
  // The model is picked by name in the form's searchable select (the run's name is unique).
  const modelSelect = main(page).getByRole('combobox', { name: 'Sentiment model', exact: true });
  await modelSelect.click();
  await modelSelect.pressSequentially(MODEL);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: MODEL })
    .click();
  await expect(main(page).getByLabel('Recurrent')).toBeChecked();
  await expect(main(page).getByLabel('From scratch')).not.toBeChecked();
  await main(page).getByLabel('Cron').fill('* * * * *');
  await expect(main(page).getByText('Every minute')).toBeVisible();
  await saveScreenshot(page, 'ai-loop-job-form-en');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`The job ${JOB} was saved.`)).toBeVisible();
  const jobRow = main(page).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: JOB });
  await expect(jobRow).toContainText('Active');

  // 5. A customer answers an English survey's link with the sentence as the comment.
  await answerEnglishSurvey(request, SENTENCE);
  const answeredAt = Date.now();

  // 6. The comment highlights of the demo report show the comment with the try's sentiment within 90 seconds:
  // the minute tick of the job (no Run button), its scoring and the replica. The page is reloaded until then.
  await page.goto(REPORT.path);
  await expect(page.getByRole('heading', { level: 1, name: REPORT.title })).toBeVisible({ timeout: 30_000 });
  const comment = page
    .getByRole('article', { name: COMMENTS, exact: true })
    .getByRole('listitem')
    .filter({ hasText: SENTENCE });
  await expect(async () => {
    await page.reload();
    await expect(comment.getByLabel(`Sentiment: ${shown}`)).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 90_000 - (Date.now() - answeredAt) });
  // The score itself is the try's (an unscored comment would also show the red chip): the newest comment is ours.
  const newest = (await commentsPage(request, 0)).Items[0]!;
  expect(newest.TextOrig).toBe(SENTENCE);
  expect(newest.SentimentScore).toBe(score);
  await comment.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'ai-loop-comment-en');

  // Our job's cron run scored comments (the new one at least).
  await page.goto('/ai-scheduled-jobs');
  await jobRow.getByRole('button', { name: `Logs of ${JOB}` }).click();
  await expect(main(page).getByRole('heading', { name: `Runs of ${JOB}`, level: 1 })).toBeVisible();
  const runs = main(page).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'Cron' });
  await expect(
    runs.filter({ hasText: 'Succeeded' }).filter({ hasText: 'comments scored' }).first(),
  ).toBeVisible();
  await saveScreenshot(page, 'ai-loop-job-logs-en');
  await chooseLanguage(page, 'Language', 'Türkçe');
});
