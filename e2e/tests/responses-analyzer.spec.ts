import type { Page, Response } from '@playwright/test';
import {
  gridPageSchema,
  overviewSchema,
  responseDetailSchema,
  responseListItemSchema,
} from '@loupe/contracts';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 20 item 2 in the browser (docs/responses-analyzer.md): the demo admin drills from the home page's answers
 * counter into the responses analyzer, which lists the counter's sessions (its Count is the counter's value), and
 * from a row with a comment into that response: answers, the comment's analysis, the invitation path. Turkish and
 * English screens, one Arabic, saved as screenshots.
 */

const pageSchema = gridPageSchema(responseListItemSchema);

const isPath = (response: Response, path: RegExp, method: string) =>
  path.test(new URL(response.url()).pathname) && response.request().method() === method;
const gridAnswer = (page: Page) =>
  page.waitForResponse((response) => isPath(response, /^\/api\/responses-analyzer\/query$/, 'POST'));
const detailAnswer = (page: Page) =>
  page.waitForResponse((response) => isPath(response, /^\/api\/responses-analyzer\/\d+$/, 'GET'));

test('home → analyzer → response: the counter’s sessions, then one response in full', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  // The home page after sign-in has asked for its counters: once they show, no answer of that page is pending, so
  // the one awaited below is the reload's (reading an answer whose page has gone fails: CI saw it).
  await page.goto('/');
  await expect(page.getByTestId('overview-answers')).toBeVisible();
  const overviewResponse = page.waitForResponse((response) => isPath(response, /^\/api\/overview$/, 'GET'));
  await page.reload();
  const overview = overviewSchema.parse(await (await overviewResponse).json());
  const answers = overview.Counters.find((counter) => counter.Key === 'answers')!;
  expect(answers.Path).toMatch(/^responses-analyzer\?/);

  const counter = page.getByTestId('overview-answers');
  await expect(counter).toHaveAttribute('href', `/${answers.Path}`);
  const firstPage = gridAnswer(page);
  await counter.click();
  await expect(page).toHaveURL(/\/responses-analyzer\?from=\d{4}-\d{2}-\d{2}&to=.*timeColumn=AnsweredDateId/);
  const listed = pageSchema.parse(await (await firstPage).json());
  // The same sessions as the counter: its period on the answered date.
  expect(listed.Count).toBe(answers.Value);
  expect(listed.Count).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Yanıt analizi' })).toBeVisible();
  const first = listed.Items[0]!;
  await expect(page.locator(`tr[data-row-key="${first.SessionId}"]`)).toContainText(first.SurveyTitle);

  // A wider range for a row with a comment: this year on the transaction date (the page's default).
  const yearPage = gridAnswer(page);
  await page.goto('/responses-analyzer');
  const year = pageSchema.parse(await (await yearPage).json());
  expect(year.Count).toBeGreaterThanOrEqual(listed.Count);
  const commented = year.Items.find((item) => item.Comment !== null) ?? year.Items[0]!;
  const row = page.locator(`tr[data-row-key="${commented.SessionId}"]`);
  await expect(row).toBeVisible();
  const detail = detailAnswer(page);
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/responses-analyzer/${commented.InviteeId}$`));
  const response = responseDetailSchema.parse(await (await detail).json());
  expect(response.SessionId).toBe(commented.SessionId);
  expect(response.Answers.length).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(response.SurveyTitle);
  await expect(page.getByText(response.Answers[0]!.Question).first()).toBeVisible();
  // The admin holds mask:invitee: the identity is masked.
  if (response.Masked) await expect(page.getByText('***').first()).toBeVisible();

  // Back keeps the analyzer's filter.
  await page.getByRole('link', { name: 'Yanıtlara dön' }).click();
  await expect(page).toHaveURL(/\/responses-analyzer(\?.*)?$/);
});

test('a filter from the panel narrows the list: a survey', async ({ page }) => {
  await signIn(page, 'admin');
  const all = gridAnswer(page);
  await page.goto('/responses-analyzer');
  const everything = pageSchema.parse(await (await all).json());
  const surveyId = everything.Items[0]!.SurveyId;
  const narrowed = gridAnswer(page);
  await page.goto(
    `/responses-analyzer?filter=${encodeURIComponent(JSON.stringify({ SurveyId: [surveyId] }))}`,
  );
  const one = pageSchema.parse(await (await narrowed).json());
  expect(one.Count).toBeGreaterThan(0);
  expect(one.Count).toBeLessThanOrEqual(everything.Count);
  expect(new Set(one.Items.map((item) => item.SurveyId))).toEqual(new Set([surveyId]));
  // The applied filter shows as a chip.
  await expect(page.getByRole('list', { name: /filtre/i })).toBeVisible();
});

test('the analyzer and a response in Turkish, English and Arabic, saved as screenshots', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  const list = gridAnswer(page);
  await page.goto('/responses-analyzer');
  const rows = pageSchema.parse(await (await list).json());
  const commented = rows.Items.find((item) => item.Comment !== null) ?? rows.Items[0]!;
  const shootList = async (code: string, heading: string) => {
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator(`tr[data-row-key="${commented.SessionId}"]`)).toBeVisible();
    await saveScreenshot(page, `responses-analyzer-${code}`);
  };
  const shootDetail = async (code: string, answersTitle: string) => {
    const detail = detailAnswer(page);
    await page.goto(`/responses-analyzer/${commented.InviteeId}`);
    await detail;
    await expect(page.getByText(answersTitle, { exact: true })).toBeVisible();
    await saveScreenshot(page, `response-detail-${code}`);
  };
  await shootList('tr', 'Yanıt analizi');
  await shootDetail('tr', 'Yanıtlar');
  await chooseLanguage(page, 'Dil', 'English');
  await page.goto('/responses-analyzer');
  await shootList('en', 'Responses analyzer');
  await shootDetail('en', 'Answers');
  await chooseLanguage(page, 'Language', 'العربية');
  await shootDetail('ar', 'الإجابات');
});
