import type { Page, Response } from '@playwright/test';
import {
  surveyDetailSchema,
  surveyPrioritisationRowSchema,
  surveyStatisticsSchema,
  surveysStatisticsSchema,
  type Funnel,
} from '@loupe/contracts';
import { browserDay, type CalendarDay } from './support/browser-clock.js';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn, storedTokens } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 16 §4-§5 in the browser, as admin on the demo tenant: the statistics screens show the figures the API
 * answers (read from the page's own call, so both sides count the same sessions whatever the day), a
 * prioritisation value saved stays after a reload, and a survey that cannot be prioritised has no inputs.
 * Screenshots in Turkish, English and Arabic for people to look at.
 */

const STAGES = ['Invited', 'Sent', 'Delivered', 'Opened', 'Started', 'Completed'] as const;

const isoDay = ({ year, month, day }: CalendarDay) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The whole demo history: three years back to today in the browser. */
async function wholeHistory(page: Page): Promise<string> {
  const today = await browserDay(page);
  return `from=${isoDay({ ...today, year: today.year - 3 })}&to=${isoDay(today)}`;
}

const answerOf = (pattern: RegExp) => (response: Response) =>
  pattern.test(new URL(response.url()).pathname) && response.request().method() === 'GET';

/** The KPI row shows each stage's count as the API answered it, in Turkish digits. */
async function expectFigures(page: Page, funnel: Funnel): Promise<void> {
  const count = new Intl.NumberFormat('tr', { maximumFractionDigits: 0 });
  for (const stage of STAGES) {
    await expect(page.getByTestId(`kpi-${stage}`).locator('dd')).toHaveText(count.format(funnel[stage]));
  }
}

test('the statistics screens show the demo funnel as the API answers it', async ({ page }) => {
  await signIn(page, 'admin');
  const range = await wholeHistory(page);
  const answer = page.waitForResponse(answerOf(/^\/api\/survey-statistics$/));
  await page.goto(`/surveys/statistics?${range}&period=month`);
  const all = surveysStatisticsSchema.parse(await (await answer).json());
  expect(all.Total.Invited, 'the demo has invitations').toBeGreaterThan(0);
  await expectFigures(page, all.Total);
  const survey = all.Surveys.find((row) => row.Started > 0) ?? all.Surveys[0]!;
  const row = page.getByTestId('survey-table').locator(`tr[data-row-key="${survey.SurveyId}"]`);
  await expect(row).toContainText(survey.Title);

  // One survey's statistics, where the surveys screen is built (the title links there).
  const link = row.getByRole('link', { name: new RegExp(survey.Title) });
  if ((await link.count()) === 0) return;
  const one = page.waitForResponse(answerOf(new RegExp(`^/api/surveys/${survey.SurveyId}/statistics$`)));
  await link.click();
  const stats = surveyStatisticsSchema.parse(await (await one).json());
  await expectFigures(page, stats.Funnel);
  expect(stats.Funnel).toEqual(
    expect.objectContaining(Object.fromEntries(STAGES.map((stage) => [stage, survey[stage]]))),
  );
  await expect(page.getByRole('img', { name: /^Davet edilen/ }).first()).toBeVisible();
});

/**
 * A survey that cannot be prioritised (no invitation channel, touchpoint primary), made through the wizard's API
 * so the test does not depend on what the demo's surveys hold; deleted afterwards.
 */
async function touchpointSurvey(
  page: Page,
  token: string,
): Promise<{ id: number; remove: () => Promise<void> }> {
  const headers = { Authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/surveys', {
    headers,
    data: { Title: 'E2E temas noktası anketi', Language: 'tr', JourneyStageId: null },
  });
  expect(created.status()).toBe(201);
  const id = surveyDetailId.parse(await created.json()).Id;
  const channel = await page.request.put(`/api/surveys/${id}`, {
    headers,
    data: {
      Step: 'Channel',
      Channels: [11],
      PrimaryChannel: 11,
      Templates: [{ Channel: 11, Subject: null, Body: 'Merhaba' }],
      ExpiryDays: null,
      Reminder: null,
    },
  });
  expect(channel.ok(), await channel.text()).toBe(true);
  return {
    id,
    remove: async () => {
      expect((await page.request.delete(`/api/surveys/${id}`, { headers })).ok()).toBe(true);
    },
  };
}
const surveyDetailId = surveyDetailSchema.pick({ Id: true });

test('a prioritisation value saved stays after a reload; a survey that cannot be prioritised has no inputs', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const { accessToken } = await storedTokens(page);
  const locked = await touchpointSurvey(page, accessToken!);
  try {
    const answer = page.waitForResponse(answerOf(/^\/api\/survey-prioritization$/));
    await page.goto('/survey-prioritization');
    const rows = surveyPrioritisationRowSchema.array().parse(await (await answer).json());
    expect(rows.find((row) => row.SurveyId === locked.id)?.Editable).toBe(false);

    // The locked row: its values with a lock and 4024's words, no inputs.
    const lockedRow = page.locator(`tr[data-row-key="${locked.id}"]`);
    await expect(lockedRow).toContainText('E2E temas noktası anketi');
    await expect(lockedRow.getByRole('spinbutton')).toHaveCount(0);
    await lockedRow.getByTestId('locked').first().hover();
    await expect(page.getByRole('tooltip')).toContainText('önceliklendirilemez');

    // An editable row: a new limit saved stays after a reload.
    const editable = rows.find((row) => row.Editable);
    expect(editable, 'the demo has a survey to prioritise').toBeDefined();
    const row = page.locator(`tr[data-row-key="${editable!.SurveyId}"]`);
    const max = row.getByRole('spinbutton', { name: /aralık başına en çok davet/i });
    const minutes = row.getByRole('spinbutton', { name: /aralık \(dakika\)/i });
    const next = (editable!.MaxInvitationsPerInterval ?? 100) + 7;
    await max.fill(String(next));
    if (editable!.IntervalMinutes === null) await minutes.fill('60');
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/survey-prioritization') && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Kaydet', exact: true }).click();
    const body = (await (await saved).request().postDataJSON()) as { Items: { SurveyId: number }[] };
    // Only the changed row goes.
    expect(body.Items.map((item) => item.SurveyId)).toEqual([editable!.SurveyId]);
    // The save says so; the button's loading icon fades out on its own time, so it is not what the test reads.
    await expect(page.getByText('1 anket kaydedildi.', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /Kaydet$/ })).toBeDisabled();

    await page.reload();
    await expect(max).toHaveValue(String(next));
    await expect(minutes).toHaveValue(String(editable!.IntervalMinutes ?? 60));
  } finally {
    await locked.remove();
  }
});

test('the statistics and prioritisation screens in Turkish, English and Arabic, saved as screenshots', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  const range = await wholeHistory(page);
  const languages = [
    { code: 'tr', button: null, name: 'Türkçe' },
    { code: 'en', button: 'Dil', name: 'English' },
    { code: 'ar', button: 'Language', name: 'العربية' },
  ] as const;
  for (const language of languages) {
    const answer = page.waitForResponse(answerOf(/^\/api\/survey-statistics$/));
    await page.goto(`/surveys/statistics?${range}&period=month`);
    const all = surveysStatisticsSchema.parse(await (await answer).json());
    if (language.button) await chooseLanguage(page, language.button, language.name);
    await expect(page.locator('html')).toHaveAttribute('lang', language.code);
    await expect(page.getByTestId('kpi-Invited')).toBeVisible();
    // The charts' entry animation is off; a moment for the canvas to draw.
    await page.waitForTimeout(500);
    await saveScreenshot(page, `survey-stats-all-${language.code}`);

    const survey = all.Surveys.find((row) => row.Started > 0);
    const link =
      survey &&
      page.getByTestId('survey-table').locator(`tr[data-row-key="${survey.SurveyId}"]`).getByRole('link');
    if (link && (await link.count()) > 0) {
      await link.click();
      await expect(page.getByTestId('kpi-extra-0')).toBeVisible();
      await page.waitForTimeout(500);
      await saveScreenshot(page, `survey-stats-survey-${language.code}`);
    }

    await page.goto('/survey-prioritization');
    await expect(page.locator('tr[data-row-key]').first()).toBeVisible();
    await saveScreenshot(page, `survey-stats-prioritization-${language.code}`);
  }
  await chooseLanguage(page, 'اللغة', 'Türkçe');
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
});
