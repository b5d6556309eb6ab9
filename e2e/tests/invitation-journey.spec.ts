import type { APIRequestContext } from '@playwright/test';
import { CONSOLE_CLIENT_ID } from '@loupe/contracts';
import type { CaughtMail } from '../../apps/server/src/test/smtp-catcher.js';
import { expiredLinks } from '../fixtures/e2e-users.js';
import { SERVER_URL } from '../fixtures/e2e-env.js';
import { mailsTo, nextMailTo } from './support/mailbox.js';
import { saveScreenshot } from './support/screenshots.js';
import { DEMO_PASSWORD, signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 17's acceptance journey: the manager's test invitation by e-mail reaches the test user with the survey's
 * link and an unsubscribe header; the link opens the respondent page on a phone; a normal invitation's unsubscribe
 * link records the opt-out, after which the same customer is skipped and gets no further mail.
 */

test.use({ viewport: { width: 360, height: 740 } });

const seeded = () => expiredLinks().respondent;
const TUNA = 'tuna.test@demo-bank.example';

/** The demo manager's API headers (has survey:manage), by the password grant as the console signs in. */
async function managerHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const signedIn = await request.post('/token', {
    form: {
      grant_type: 'password',
      username: 'manager',
      password: DEMO_PASSWORD,
      client_id: CONSOLE_CLIENT_ID,
    },
  });
  expect(signedIn.status()).toBe(200);
  return { Authorization: `Bearer ${(await signedIn.json()).access_token as string}` };
}

/**
 * The invitation page's token in a mail: the `/s/{token}` link in its text and the same link in its HTML, and the
 * List-Unsubscribe header pointing at that page's `/optout`.
 */
function invitationToken(mail: CaughtMail): string {
  const pattern = new RegExp(`${SERVER_URL.replace(/\./g, '\\.')}/s/([0-9a-f-]{36})`);
  const inText = pattern.exec(mail.text);
  expect(inText, `a ${SERVER_URL}/s/… link in the mail's text:\n${mail.text}`).not.toBeNull();
  const page = inText![0];
  expect(mail.html).toContain(`href="${page}"`);
  expect(mail.html).toContain(`href="${page}/optout"`);
  const headers = mail.raw.replace(/\r\n[ \t]+/g, ' ');
  expect(headers).toContain(`List-Unsubscribe: <${page}/optout>`);
  return inText![1]!;
}

test('the manager’s test invitation by e-mail reaches tester.tuna with the survey’s link, which opens on a phone', async ({
  page,
}) => {
  // The manager sends it from the survey's Activate step, on a desktop-sized console.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'manager');
  const seen = (await mailsTo(TUNA)).length;
  await page.goto(`/surveys/${seeded().trSurveyId}?step=Activate`);
  await page.getByRole('main').getByRole('button', { name: 'Test daveti gönder' }).click();
  const dialog = page.getByRole('dialog', { name: 'Test daveti' });
  await dialog.getByLabel('Test kullanıcıları').click();
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /Tuna Test/ })
    .first();
  await expect(option).toBeVisible();
  await option.click();
  await page.keyboard.press('Escape');
  await expect(dialog).toContainText('E-posta');
  await saveScreenshot(page, 'invitation-journey-test-invitation-dialog');
  await dialog.getByRole('button', { name: 'Gönder' }).click();
  await expect(page.getByText('1 kullanıcıya test daveti sıraya alındı.')).toBeVisible();

  const mail = await nextMailTo(TUNA, seen);
  expect(mail.subject).toMatch(/^Deneyiminiz, /);
  const token = invitationToken(mail);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/s/${token}`);
  await expect(page.getByText('Sayfa 1 / 3')).toBeVisible();
  await saveScreenshot(page, 'invitation-journey-test-invitation-page');
});

test('a normal invitation’s unsubscribe link records the opt-out; the customer is then skipped and gets no mail', async ({
  page,
  request,
}) => {
  const headers = await managerHeaders(request);
  const { trSurveyId, journeyInvitee } = seeded();
  const invite = () =>
    request.post(`/api/surveys/${trSurveyId}/invitations`, {
      headers,
      data: { InviteeIds: [journeyInvitee.id] },
    });

  const seen = (await mailsTo(journeyInvitee.email)).length;
  const first = await invite();
  expect(first.status(), await first.text()).toBe(201);
  expect(await first.json()).toMatchObject({
    Created: [{ InviteeId: journeyInvitee.id, Channel: 1 }],
    Skipped: [],
  });
  const mail = await nextMailTo(journeyInvitee.email, seen);
  const token = invitationToken(mail);

  await page.goto(`/s/${token}/optout`);
  await expect(page.getByRole('heading', { name: 'Anketlerimizden ayrılın' })).toBeVisible();
  await page.getByRole('button', { name: 'Evet, ayrıl' }).click();
  await expect(
    page.getByText('Anketlerimizden ayrıldınız. Bizden artık anket daveti almayacaksınız.'),
  ).toBeVisible();

  const second = await invite();
  expect(second.status(), await second.text()).toBe(201);
  expect(await second.json()).toEqual({
    Created: [],
    Skipped: [{ InviteeId: journeyInvitee.id, Reason: 'OptedOut' }],
  });
  // Nothing more reaches that address: the one invitation mail, no other, after the send queue had its time.
  await page.waitForTimeout(3_000);
  expect(await mailsTo(journeyInvitee.email)).toHaveLength(seen + 1);
});
