import type { Page, Response } from '@playwright/test';
import {
  topicDiscoverySchema,
  topicExplorerSchema,
  topicModelItemSchema,
  type TopicDiscovery,
  type TopicExplorer,
} from '@loupe/contracts';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 20 items 3 and 4 in the browser (docs/topic-insight.md): the demo admin opens topic discovery and the topic
 * explorer on the demo's comments (every comment labelled by the topic models), sees real figures as the API
 * answered them, filters discovery by sentiment and by a topic, drills from the explorer into discovery, and opens
 * discovery the way the text-analytics widgets' button does (`?topicModelId=`). Screenshots in Turkish, English
 * and Arabic.
 */

/** The demo's topic models (apps/server/src/demo/demo-catalog.ts). */
const TURKISH_MODEL = 'Bankacılık Konuları';
const ENGLISH_MODEL = 'Banking Topics';

const answerOf = (path: string) => (response: Response) =>
  new URL(response.url()).pathname === path && response.request().method() === 'POST' && response.ok();

async function discoveryAnswer(page: Page, action: () => Promise<unknown>): Promise<TopicDiscovery> {
  const answer = page.waitForResponse(answerOf('/api/insight/topic-discovery'));
  await action();
  return topicDiscoverySchema.parse(await (await answer).json());
}

async function explorerAnswer(page: Page, action: () => Promise<unknown>): Promise<TopicExplorer> {
  const answer = page.waitForResponse(answerOf('/api/insight/topic-explorer'));
  await action();
  return topicExplorerSchema.parse(await (await answer).json());
}

const commentList = (page: Page) => page.getByRole('list', { name: /Yorumlar|Comments|التعليقات/ });

test('topic discovery lists the demo comments beside the topic tree, filtered by sentiment and by topic', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  const all = await discoveryAnswer(page, () => page.goto('/topic-discovery'));
  expect(all.StatusCode).toBe(0);
  expect(all.Total).toBeGreaterThan(50);
  expect(all.Items).toHaveLength(10);
  await expect(page.getByRole('heading', { level: 1, name: 'Konu keşfi' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Konu modeli' })).toBeVisible();
  await expect(page.getByText(TURKISH_MODEL)).toBeVisible();
  await expect(page.getByText(`Yorumlar (${all.Count})`, { exact: true })).toBeVisible();
  const busiest = [...all.Topics].sort((a, b) => b.Count - a.Count)[0]!;
  expect(busiest.Count).toBeGreaterThan(0);
  const tree = page.getByRole('tree', { name: 'Konular' });
  await expect(tree.getByText(`(${busiest.Count})`, { exact: true }).first()).toBeVisible();
  await expect(commentList(page).getByRole('listitem')).toHaveCount(10);
  // The topics' words are highlighted where the comments use them.
  const marks = all.Items.reduce((sum, item) => sum + item.Highlights.length, 0);
  await expect(commentList(page).locator('mark')).toHaveCount(marks);
  await saveScreenshot(page, 'topic-discovery-tr');

  // Sentiment: negative comments only, and the tree counts the negative mentions.
  const negative = await discoveryAnswer(page, () =>
    page.locator('.ant-segmented').getByText('Olumsuz', { exact: true }).click(),
  );
  expect(negative.Count).toBeGreaterThan(0);
  expect(negative.Count).toBeLessThan(all.Count);
  expect(negative.Items.every((item) => item.SentimentScore === 0)).toBe(true);
  await expect(page).toHaveURL(/sentiment=negative/);
  await expect(page.getByText(`Yorumlar (${negative.Count})`, { exact: true })).toBeVisible();
  const items = commentList(page).getByRole('listitem');
  await expect(items).toHaveCount(negative.Items.length);
  for (const item of await items.all()) await expect(item.locator('.ant-tag').first()).toHaveText('Olumsuz');
  await saveScreenshot(page, 'topic-discovery-negative-tr');

  // A topic: its negative mentions, as many as the tree said.
  const topic = [...negative.Topics].sort((a, b) => b.Count - a.Count)[0]!;
  const ofTopic = await discoveryAnswer(page, () => tree.getByText(topic.Name, { exact: true }).click());
  expect(ofTopic.Count).toBe(topic.Count);
  expect(ofTopic.Items.every((item) => item.Topics.some((label) => label.Id === topic.Id))).toBe(true);
  await expect(page.getByText(`${topic.Name} konulu yorumlar (${topic.Count})`)).toBeVisible();

  // Ordering by the lowest score.
  const lowest = await discoveryAnswer(page, async () => {
    await page.getByRole('combobox', { name: 'Sıralama' }).click();
    await page.getByRole('option', { name: 'En düşük puan' }).click();
  });
  const scores = lowest.Items.map((item) => item.Score).filter((score) => score !== null);
  expect(scores).toEqual([...scores].sort((a, b) => a - b));

  // English: the same list (nothing is fetched again), its words in English.
  await chooseLanguage(page, 'Dil', 'English');
  await expect(page.getByRole('heading', { level: 1, name: 'Topic discovery' })).toBeVisible();
  await expect(page.getByText(`Comments on ${topic.Name} (${lowest.Count})`)).toBeVisible();
  await saveScreenshot(page, 'topic-discovery-en');
  await chooseLanguage(page, 'Language', 'Türkçe');
});

test('topic discovery opens on the topic model the widgets’ button names', async ({ page }) => {
  await signIn(page, 'admin');
  const models = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/filters/topic-models-with-emotion',
  );
  await discoveryAnswer(page, () => page.goto('/topic-discovery'));
  const english = topicModelItemSchema
    .array()
    .parse(await (await models).json())
    .find((model) => model.Name === ENGLISH_MODEL)!;
  const answer = await discoveryAnswer(page, () => page.goto(`/topic-discovery?topicModelId=${english.Id}`));
  expect(answer.Total).toBeGreaterThan(0);
  const names = (topics: readonly { Name: string }[]) => topics.map((topic) => topic.Name).sort();
  expect(names(answer.Topics)).toEqual(names(english.Topics));
  await expect(page.getByText(ENGLISH_MODEL)).toBeVisible();
});

test('the topic explorer shows the demo topics over time and drills into discovery', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, 'admin');
  const data = await explorerAnswer(page, () => page.goto('/topic-explorer'));
  expect(data.StatusCode).toBe(0);
  expect(data.Periods.length).toBeGreaterThan(6);
  expect(data.Topics.length).toBeGreaterThan(3);
  expect(data.Nps).not.toBeNull();
  await expect(page.getByRole('heading', { level: 1, name: 'Konu gezgini' })).toBeVisible();
  const first = data.Topics[0]!;
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `${first.Name} konulu yorumları oku` }) });
  await expect(row).toContainText(String(first.Mentions));
  await expect(row).toContainText(
    new Intl.NumberFormat('tr', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(first.Nps!),
  );
  await expect(page.getByRole('img', { name: /En çok bahsedilen konuların/ })).toBeVisible();
  await saveScreenshot(page, 'topic-explorer-tr');

  // Quarterly.
  const quarterly = await explorerAnswer(page, () => page.getByText('Çeyreklik', { exact: true }).click());
  expect(quarterly.Periods.every((period) => /^\d{4}-Q[1-4]$/.test(period.Label))).toBe(true);
  expect(quarterly.Comments).toBe(data.Comments);

  await chooseLanguage(page, 'Dil', 'English');
  await expect(page.getByRole('heading', { level: 1, name: 'Topic explorer' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'NPS of mentioners' })).toBeVisible();
  await saveScreenshot(page, 'topic-explorer-en');
  await chooseLanguage(page, 'Language', 'العربية');
  await expect(page.getByRole('heading', { level: 1, name: 'مستكشف المواضيع' })).toBeVisible();
  await saveScreenshot(page, 'topic-explorer-ar');
  await chooseLanguage(page, 'اللغة', 'English');

  // Drill: a topic opens discovery on its comments of the period.
  const drilled = await discoveryAnswer(page, () =>
    page.getByRole('button', { name: `Read the comments on ${first.Name}`, exact: true }).click(),
  );
  await expect(page).toHaveURL(new RegExp(`/topic-discovery\\?.*topicId=${first.Id}`));
  expect(drilled.Count).toBe(first.Mentions);
  await chooseLanguage(page, 'Language', 'Türkçe');
});
