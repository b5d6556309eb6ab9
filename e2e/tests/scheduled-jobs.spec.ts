import type { APIRequestContext, Page } from '@playwright/test';
import type { GridPage, JobServer, ScheduledJobRow } from '@loupe/contracts';
import { animationsSettled } from './support/animations.js';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { apiHeaders, signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 18 item 10 (docs/jobs-and-retention.md): the demo admin opens the scheduled-jobs screen, sees the three
 * retention purges with their hourly schedule and this server among the worker nodes, runs the import-log purge
 * now after the confirmation, and sees its last run update. Photographed in English and Arabic; the language is
 * set back to Turkish at the end.
 */

const main = (page: Page) => page.getByRole('main');

async function jobOf(request: APIRequestContext, name: string): Promise<ScheduledJobRow> {
  const response = await request.get('/api/scheduled-jobs?$top=100', {
    headers: await apiHeaders(request, 'admin'),
  });
  expect(response.status()).toBe(200);
  const page = (await response.json()) as GridPage<ScheduledJobRow>;
  const job = page.Items.find((item) => item.Name === name);
  expect(job, name).toBeDefined();
  return job!;
}

test('scheduled jobs: the purges and this node are listed; run-now updates the last run', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const before = await jobOf(request, 'purge-import-logs');
  const servers = (await (
    await request.get('/api/filters/hangfireServers', { headers: await apiHeaders(request, 'admin') })
  ).json()) as JobServer[];
  expect(servers.length).toBeGreaterThan(0);

  await signIn(page, 'admin');
  await page.goto('/scheduled-jobs');
  await expect(main(page).getByRole('heading', { name: 'Zamanlanmış işler', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await chooseLanguage(page, 'Dil', 'English');
  await expect(main(page).getByRole('heading', { name: 'Scheduled jobs', level: 1 })).toBeVisible();

  const rows = main(page).locator('.ant-table-tbody tr.ant-table-row');
  const row = (name: string) => rows.filter({ hasText: name });
  for (const [name, minute] of [
    ['Purge REST data logs (2 months)', 7],
    ['Purge imported invitees', 17],
    ['Purge import logs', 27],
  ] as const) {
    await expect(row(name)).toContainText(`Every hour at minute ${minute}`);
    await expect(row(name)).toContainText(/in \d+ minutes?|in \d+ seconds?|now/);
  }
  // A queue without a schedule: on demand, no run-now.
  await expect(row('Send invitations')).toContainText('On demand');
  await expect(row('Send invitations').getByRole('button', { name: /^Run / })).toHaveCount(0);

  // This server among the worker nodes.
  const nodes = main(page).getByRole('region', { name: 'Worker nodes' });
  await expect(nodes.getByRole('row').filter({ hasText: servers[0]!.HostName }).first()).toBeVisible();

  // Run the import-log purge now, after the confirmation; its last run updates on its own.
  await row('Purge import logs').getByRole('button', { name: 'Run Purge import logs now' }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: 'Run Purge import logs now?' });
  await animationsSettled(page);
  await confirm.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText('Purge import logs is queued')).toBeVisible();
  await expect
    .poll(async () => (await jobOf(request, 'purge-import-logs')).LastRun, { timeout: 60_000 })
    .not.toBe(before.LastRun);
  await expect(row('Purge import logs')).toContainText(/now|seconds? ago/, { timeout: 20_000 });
  await expect(row('Purge import logs')).toContainText('Idle');
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, 'scheduled-jobs-en');

  await chooseLanguage(page, 'Language', 'العربية');
  await expect(main(page).getByRole('heading', { name: 'المهام المجدولة', level: 1 })).toBeVisible();
  await expect(row('حذف سجلات الاستيراد')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, 'scheduled-jobs-ar');
  await chooseLanguage(page, 'اللغة', 'Türkçe');
  await expect(main(page).getByRole('heading', { name: 'Zamanlanmış işler', level: 1 })).toBeVisible();
});
