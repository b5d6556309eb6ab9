import type { Page, Response } from '@playwright/test';
import { profilerSchema, simulationSchema, topicModelItemSchema } from '@loupe/contracts';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { apiHeaders, signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 20 items 5 and 6 in the browser (docs/profiler-simulation.md): the satisfaction profiler and the driver
 * simulation on the demo data show the figures the API answered, in Turkish, English and Arabic (screenshots for
 * people to look at); the simulation asks for a model and range without them (status 3).
 */

const answerOf = (path: string) => (response: Response) =>
  new URL(response.url()).pathname === path && response.request().method() === 'POST';
const PROFILER = '/api/insight/satisfaction-profiler';
const SIMULATION = '/api/insight/simulation';

const iso = (date: Date) => date.toISOString().slice(0, 10);

/** The demo's Turkish topic model and the last 90 days: a simulation with the demo's figures. */
async function simulationPath(page: Page): Promise<string> {
  const headers = await apiHeaders(page.request, 'admin');
  const response = await page.request.get('/api/filters/topic-models-with-emotion', { headers });
  expect(response.status()).toBe(200);
  const models = topicModelItemSchema.array().parse(await response.json());
  const model = models.find((item) => item.Name === 'Bankacılık Konuları');
  expect(model).toBeDefined();
  const to = new Date();
  const from = new Date(to.getTime() - 89 * 86_400_000);
  return `/simulation?topicModelId=${model!.Id}&from=${iso(from)}&to=${iso(to)}`;
}

test('the satisfaction profiler shows the demo’s experiences, their trend, and follows its options', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  const first = page.waitForResponse(answerOf(PROFILER));
  await page.goto('/satisfaction-profiler');
  const profiler = profilerSchema.parse(await (await first).json());
  expect(profiler.Rows.length).toBeGreaterThan(0);
  expect(profiler.Total.Responses).toBeGreaterThan(0);
  expect(profiler.Trend.length).toBeGreaterThan(0);

  const tr = new Intl.NumberFormat('tr', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  await expect(page.getByRole('heading', { level: 1, name: 'Memnuniyet profili' })).toBeVisible();
  const table = page.getByTestId('profiler-table');
  const top = profiler.Rows[0]!;
  const topRow = table.getByRole('row').filter({ hasText: top.Name }).first();
  await expect(topRow).toContainText(tr.format(top.Score!));
  await expect(page.getByTestId('profiler-trend').getByRole('img')).toBeVisible();

  // The weekly trend of the first row.
  const weekly = page.waitForResponse(answerOf(PROFILER));
  await page.getByText('Haftalık', { exact: true }).click();
  const weeks = profilerSchema.parse(await (await weekly).json());
  expect(weeks.Period).toBe('WW');
  expect(weeks.Trend.length).toBeGreaterThan(1);
  expect(weeks.Trend.length).toBeLessThanOrEqual(35);
  const rowTrend = page.waitForResponse(answerOf(PROFILER));
  await topRow.getByRole('button', { name: `${top.Name} eğilimini göster` }).click();
  const ofRow = profilerSchema.parse(await (await rowTrend).json());
  expect(ofRow.TrendId).toBe(top.Id);
  await expect(page.getByText(`Eğilim: ${top.Name} (Haftalık)`)).toBeVisible();

  // The five scale: the effort questions.
  const five = page.waitForResponse(answerOf(PROFILER));
  await page.getByText("5'lik ölçek", { exact: true }).click();
  const fives = profilerSchema.parse(await (await five).json());
  expect(fives.Scale).toBe(5);
  expect(fives.Rows.length).toBeGreaterThan(0);
  for (const row of fives.Rows) expect(row.Score!).toBeLessThanOrEqual(5);
  await expect(table).toContainText(fives.Rows[0]!.Name);
  await saveScreenshot(page, 'satisfaction-profiler-tr');

  await chooseLanguage(page, 'Dil', 'English');
  await expect(page.getByRole('heading', { level: 1, name: 'Satisfaction profiler' })).toBeVisible();
  await expect(table).toContainText(fives.Rows[0]!.Name);
  await saveScreenshot(page, 'satisfaction-profiler-en');
  await chooseLanguage(page, 'Language', 'العربية');
  await expect(page.getByRole('heading', { level: 1, name: 'محلّل الرضا' })).toBeVisible();
  await saveScreenshot(page, 'satisfaction-profiler-ar');
});

test('the driver simulation shows the topics’ impacts and the what-if on the demo data', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  const path = await simulationPath(page);
  const first = page.waitForResponse(answerOf(SIMULATION));
  await page.goto(path);
  const simulation = simulationSchema.parse(await (await first).json());
  expect(simulation.StatusCode).toBe(0);
  expect(simulation.Comments).toBeGreaterThanOrEqual(50);
  expect(simulation.Topics.length).toBeGreaterThan(0);
  const whatIf = simulation.WhatIf!;
  expect(whatIf.ProjectedNps).not.toBeNull();
  expect(whatIf.Low!).toBeLessThanOrEqual(whatIf.ProjectedNps!);
  expect(whatIf.High!).toBeGreaterThanOrEqual(whatIf.ProjectedNps!);

  const tr = new Intl.NumberFormat('tr', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  await expect(page.getByRole('heading', { level: 1, name: 'Etken simülasyonu' })).toBeVisible();
  const card = page.getByTestId('what-if');
  await expect(card).toContainText(tr.format(whatIf.ProjectedNps!));
  await expect(card).toContainText(whatIf.Topic);
  const table = page.getByTestId('simulation-table');
  await expect(table).toContainText(simulation.Topics[0]!.Category);
  await expect(page.getByRole('img', { name: /Konuların NPS'e etkisi/ })).toBeVisible();

  // A larger reduction projects further from today's NPS.
  const again = page.waitForResponse(answerOf(SIMULATION));
  await page.getByLabel('Olumsuz bahsedilmelerdeki azalma').fill('60');
  await page.getByLabel('Olumsuz bahsedilmelerdeki azalma').blur();
  const sixty = simulationSchema.parse(await (await again).json());
  expect(sixty.WhatIf!.Reduction).toBe(60);
  expect(Math.abs(sixty.WhatIf!.Change!)).toBeGreaterThanOrEqual(Math.abs(whatIf.Change!));
  await expect(card).toContainText(tr.format(sixty.WhatIf!.ProjectedNps!));
  await saveScreenshot(page, 'simulation-tr');

  await chooseLanguage(page, 'Dil', 'English');
  await expect(page.getByRole('heading', { level: 1, name: 'Driver simulation' })).toBeVisible();
  await expect(card).toContainText('Projected NPS');
  await saveScreenshot(page, 'simulation-en');
  await chooseLanguage(page, 'Language', 'العربية');
  await expect(page.getByRole('heading', { level: 1, name: 'محاكاة المحرّكات' })).toBeVisible();
  await saveScreenshot(page, 'simulation-ar');
});

test('the driver simulation asks for a topic model and a date range without them', async ({ page }) => {
  await signIn(page, 'admin');
  const first = page.waitForResponse(answerOf(SIMULATION));
  await page.goto('/simulation');
  expect(simulationSchema.parse(await (await first).json()).StatusCode).toBe(3);
  await expect(page.getByTestId('simulation-status')).toContainText('Konu modeli ve tarih aralığı seçin');
});
