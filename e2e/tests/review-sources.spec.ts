import { createServer, type Server } from 'node:http';
import type { Locator, Page } from '@playwright/test';
import { SERVER_PORT } from '../fixtures/e2e-env.js';
import { settled } from './support/animations.js';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 22 item 1's review sources (docs/review-sources.md): the demo admin sees the demo's Google source, creates
 * one reading a local page of schema.org JSON-LD reviews (served by this spec on the port base + 80), inactive so
 * that only this spec runs it, runs it now and sees three reviews imported, then a second run imports none. The list is photographed in Turkish, English
 * and Arabic. Names and URLs are unique per run, so the spec can run again on the same data directory.
 */

const run = Date.now().toString(36);
const NAME = `E2E reviews ${run}`;
// The server listens on the port base + 7 (fixtures/e2e-env.ts).
const FEED_PORT = SERVER_PORT - 7 + 80;
const main = (page: Page) => page.getByRole('main');

function page(): string {
  const day = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
  const reviews = [5, 3, 1].map((stars, index) => ({
    '@type': 'Review',
    '@id': `https://reviews.e2e.test/${run}/${index}`,
    author: { '@type': 'Person', name: `Reviewer ${index}` },
    reviewRating: { '@type': 'Rating', ratingValue: stars, bestRating: 5 },
    reviewBody: ['Harika hizmet.', 'Average visit.', 'Çok bekledim.'][index],
    datePublished: day(index + 1),
  }));
  const business = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: 'E2E',
    review: reviews,
  };
  return `<html><head><script type="application/ld+json">${JSON.stringify(business)}</script></head></html>`;
}

let feed: Server;
test.beforeAll(async () => {
  feed = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page());
  });
  await new Promise<void>((resolve) => feed.listen(FEED_PORT, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => feed?.close(resolve));
});

/** Opens a select and clicks the visible option with `text`. */
async function pick(page: Page, field: Locator, text: string): Promise<void> {
  await field.click();
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .first();
  await expect(option).toBeVisible();
  await settled(option);
  await option.click();
}

test('review sources: create a source on a local page, run it now, see the imported count', async ({
  page: p,
}) => {
  await signIn(p, 'admin');
  await p.goto('/review-sources');
  await expect(main(p).getByRole('heading', { name: 'Yorum kaynakları' })).toBeVisible({ timeout: 30_000 });
  await expect(main(p).getByRole('link', { name: 'Kadıköy branch on Google' })).toBeVisible();
  await saveScreenshot(p, 'review-sources-tr');
  await chooseLanguage(p, 'Dil', 'English');
  await expect(main(p).getByRole('heading', { name: 'Review sources' })).toBeVisible();
  await saveScreenshot(p, 'review-sources-en');

  await main(p).getByRole('button', { name: 'New review source' }).first().click();
  await expect(main(p).getByRole('heading', { name: 'New review source' })).toBeVisible();
  await main(p).getByLabel('Name', { exact: true }).fill(NAME);
  await main(p).getByLabel('Resource name', { exact: true }).fill('Google');
  await main(p)
    .getByLabel('Review URL', { exact: true })
    .fill(`http://127.0.0.1:${FEED_PORT}/reviews/${run}`);
  await pick(p, main(p).getByLabel('External survey', { exact: true }), 'Google reviews');
  await main(p).getByLabel('Result limit', { exact: true }).fill('0');
  await main(p).getByRole('button', { name: 'Save' }).click();
  // The spec's rule, translated, under the field.
  await expect(
    main(p).getByText('The result limit must be greater than zero and at most 1000.'),
  ).toBeVisible();
  await main(p).getByLabel('Result limit', { exact: true }).fill('10');
  // Saved inactive: an active source that never ran is due at once, so the ten-minute schedule could import the
  // three reviews between the save and "Run now", which would then rightly say 0. Run now runs it either way.
  await main(p).getByRole('switch', { name: 'Active' }).click();
  await expect(main(p).getByRole('switch', { name: 'Active' })).not.toBeChecked();
  await main(p).getByRole('button', { name: 'Save' }).click();
  await expect(main(p).getByRole('heading', { name: 'Review sources' })).toBeVisible();

  await main(p).getByRole('link', { name: NAME }).click();
  await expect(main(p).getByRole('heading', { name: `Review source: ${NAME}` })).toBeVisible();
  await main(p).getByRole('button', { name: 'Run now' }).click();
  await expect(main(p).getByText('3 new reviews imported (3 read, 0 refused).')).toBeVisible({
    timeout: 30_000,
  });
  await main(p).getByRole('button', { name: 'Run now' }).click();
  await expect(main(p).getByText('0 new reviews imported (3 read, 0 refused).')).toBeVisible({
    timeout: 30_000,
  });
  await saveScreenshot(p, 'review-source-run-en');

  await p.goto('/review-sources');
  const row = main(p)
    .getByRole('row')
    .filter({ has: p.getByRole('link', { name: NAME }) });
  await expect(row.getByRole('cell', { name: '3', exact: true })).toBeVisible();
  await expect(row.getByText('succeeded')).toBeVisible();
  await chooseLanguage(p, 'Language', 'العربية');
  await expect(main(p).getByRole('heading', { name: 'مصادر المراجعات' })).toBeVisible();
  await saveScreenshot(p, 'review-sources-ar');
});
