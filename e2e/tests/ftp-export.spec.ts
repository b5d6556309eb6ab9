import type { Page } from '@playwright/test';
import { startFtpReceiver, type FtpReceiver } from '../../apps/server/src/test/ftp-receiver.js';
import { SERVER_PORT } from '../fixtures/e2e-env.js';
import { animationsSettled } from './support/animations.js';
import { chooseLanguage } from './support/language.js';
import { mailsTo, nextMailTo } from './support/mailbox.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 18 item 8's FTP export screens (docs/ftp-export.md): the demo admin sees the Demo Bank's exports, creates
 * one pointing at a local ftp-srv, runs it now, and finds the transfer in the history; the CSV lands on the FTP
 * server with as many answer rows as the history says, and the admin gets the mail. The form is photographed in
 * English and Arabic (right to left), then the export is deleted after the confirmation. The FTP server listens
 * on the suite's port base + 90 (passive ports + 91 … + 99); names are unique per run.
 */

const run = Date.now().toString(36);
const NAME = `E2E export ${run}`;
const FOLDER = `/e2e-${run}`;
const ADMIN_EMAIL = 'admin@demo-bank.example';
const main = (page: Page) => page.getByRole('main');
// The server listens on the port base + 7 (fixtures/e2e-env.ts).
const FTP_PORT = SERVER_PORT - 7 + 90;

let ftp: FtpReceiver;
test.beforeAll(async () => {
  ftp = await startFtpReceiver({ port: FTP_PORT, pasv: { min: FTP_PORT + 1, max: FTP_PORT + 9 } });
});
test.afterAll(async () => ftp?.close());

test('FTP exports: create, run now into a local FTP server, history, delete with confirmation', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/export-ftp-surveys-answer');
  await expect(main(page).getByRole('heading', { name: 'FTP yanıt aktarımları' })).toBeVisible({
    timeout: 30_000,
  });
  await chooseLanguage(page, 'Dil', 'English');
  await expect(main(page).getByRole('heading', { name: 'FTP answer exports' })).toBeVisible();
  // The Demo Bank's exports are there.
  await expect(main(page).getByText('Daily answers to the data warehouse')).toBeVisible();
  await saveScreenshot(page, 'ftp-exports-list-en');

  // Create: nothing typed is refused under its fields first.
  await main(page).getByRole('button', { name: 'New FTP export' }).click();
  await expect(page.getByRole('heading', { name: 'New FTP export' })).toBeVisible();
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(main(page).getByText('This field is required.').first()).toBeVisible();
  await main(page).getByLabel('Name', { exact: true }).fill(NAME);
  await main(page).getByLabel('Surveys', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await page.keyboard.press('Escape');
  await main(page).getByLabel('FTP address', { exact: true }).fill('http://wrong');
  await main(page).getByLabel('FTP user name', { exact: true }).click();
  await expect(main(page).getByText('Ftp url format is wrong')).toBeVisible();
  await main(page).getByLabel('FTP address', { exact: true }).fill(`ftp://127.0.0.1:${FTP_PORT}`);
  await main(page).getByLabel('FTP user name', { exact: true }).fill(ftp.user);
  await main(page).getByLabel('FTP password', { exact: true }).fill(ftp.password);
  await main(page).getByLabel('FTP folder', { exact: true }).fill(FOLDER);
  await main(page).getByLabel('Users to notify', { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: '(admin)' })
    .click();
  await page.keyboard.press('Escape');
  await main(page).getByLabel('Email subject', { exact: true }).fill(`Answers ${run}`);
  await expect(main(page).getByLabel('Schedule (cron)', { exact: true })).toHaveValue('* * * * *');
  await expect(main(page).getByRole('checkbox', { name: 'A new folder for each transfer' })).toBeChecked();
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`The FTP export ${NAME} was saved.`)).toBeVisible();

  // The list finds it; it is inactive until switched on.
  await expect(main(page).getByRole('heading', { name: 'FTP answer exports' })).toBeVisible();
  await main(page).getByRole('searchbox', { name: 'Search the list' }).fill(NAME);
  const rows = main(page).locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Inactive');
  await expect(rows.first()).toContainText('* * * * *');

  // Its page: the password is not shown back; run now, and the transfer is in the history.
  await rows.first().getByText(NAME).click();
  await expect(page.getByRole('heading', { name: `FTP export ${NAME}` })).toBeVisible();
  await expect(main(page).getByLabel('FTP password', { exact: true })).toHaveValue('');
  await expect(main(page).getByText('A password is stored. Leave this empty to keep it.')).toBeVisible();
  const seen = (await mailsTo(ADMIN_EMAIL)).length;
  await main(page).getByRole('button', { name: 'Run now' }).click();
  const transfers = main(page).locator('.ant-card').filter({ hasText: 'Transfers' });
  await expect(transfers.getByText('Sent')).toBeVisible({ timeout: 30_000 });
  const row = transfers.locator('.ant-table-tbody tr.ant-table-row').first();
  const cells = row.locator('td');
  const count = Number(await cells.nth(2).textContent());
  expect(count).toBeGreaterThan(0);
  const remotePath = (await cells.nth(3).textContent()) ?? '';
  expect(remotePath).toMatch(new RegExp(`^${FOLDER}/[0-9T-]+Z-\\d+/answers-[0-9T-]+Z-\\d+\\.csv$`));

  // The file on the FTP server: the heading and one line per answer.
  expect(await ftp.files()).toContain(remotePath);
  const text = (await ftp.read(remotePath)).toString('utf8').replace(/^\uFEFF/, '');
  expect(text.split('\r\n')[0]).toBe('Tarih,Anket,Kanal,Ürün,NPS puanı,Katılımcı tipi,Yorum,Oturum no');
  // Comments may hold line breaks inside quotes: count the lines that start with a date.
  expect(text.split('\r\n').filter((line) => /^\d{4}-\d{2}-\d{2} /.test(line))).toHaveLength(count);
  const mail = await nextMailTo(ADMIN_EMAIL, seen);
  expect(mail.subject).toBe(`Answers ${run}`);
  expect(mail.text).toContain(remotePath);
  await saveScreenshot(page, 'ftp-export-form-en');

  // Arabic (right to left): the addresses and the cron stay left to right.
  await chooseLanguage(page, 'Language', 'العربية');
  await expect(page.getByRole('heading', { name: `تصدير FTP ${NAME}` })).toBeVisible();
  await expect(main(page).getByLabel('عنوان FTP', { exact: true })).toHaveAttribute('dir', 'ltr');
  await expect(main(page).getByLabel('الجدول الزمني (cron)', { exact: true })).toHaveAttribute('dir', 'ltr');
  await saveScreenshot(page, 'ftp-export-form-ar');
  await chooseLanguage(page, 'اللغة', 'English');

  // Delete from its page, after the confirmation.
  await expect(page.getByRole('heading', { name: `FTP export ${NAME}` })).toBeVisible();
  await main(page).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.locator('.ant-popconfirm');
  await expect(confirm).toContainText(`Delete the FTP export ${NAME}?`);
  await animationsSettled(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`The FTP export ${NAME} was deleted.`)).toBeVisible();
  await main(page).getByRole('searchbox', { name: 'Search the list' }).fill(NAME);
  await expect(rows).toHaveCount(0);
  await chooseLanguage(page, 'Language', 'Türkçe');
});
