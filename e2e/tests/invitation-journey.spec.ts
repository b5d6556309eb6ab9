import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { npsGaugeDataSchema, type NpsGaugeData } from '@loupe/contracts';
import type { CaughtMail } from '../../apps/server/src/test/smtp-catcher.js';
import { expiredLinks } from '../fixtures/e2e-users.js';
import { SERVER_URL } from '../fixtures/e2e-env.js';
import { mailsTo, nextMailTo } from './support/mailbox.js';
import { saveScreenshot } from './support/screenshots.js';
import { apiHeaders, signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 17's acceptance journey: the manager's test invitation by e-mail reaches the test user with the survey's
 * link and an unsubscribe header; the link opens the respondent page on a phone, is answered page by page with a
 * reload half way that resumes, and completes; the NPS widget over that survey then counts exactly that answer when
 * it includes test answers, and nothing without. A normal invitation's unsubscribe link records the opt-out, after
 * which the same customer is skipped and gets no further mail. (Every question type, Arabic and the screenshots in
 * tr/en/ar are respondent-page.spec's, on seeded invitations of the same flow.)
 */

test.use({ viewport: { width: 360, height: 740 } });

const seeded = () => expiredLinks().respondent;
const TUNA = 'tuna.test@demo-bank.example';

/** The NPS widget's figures over one survey (the endpoint the NPS gauge calls), with or without test answers. */
async function npsOf(
  request: APIRequestContext,
  headers: Record<string, string>,
  surveyId: number,
  includeTestAnswers: boolean,
): Promise<NpsGaugeData> {
  // Through the day after tomorrow: the facts' days are the tenant's, which may be a day ahead of UTC.
  const end = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const response = await request.post('/api/widget-data/nps', {
    headers,
    data: {
      TimeRange: ['2020-01-01', end],
      DataSourceSurveyIds: [surveyId],
      ...(includeTestAnswers ? { IncludeTestAnswers: true } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return npsGaugeDataSchema.parse(await response.json());
}

const question = (page: Page, text: string) => page.getByRole('group', { name: text, exact: false }).first();
const row = (group: Locator, text: string) => group.getByRole('group', { name: text, exact: true });

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

test('the manager’s test invitation by e-mail is answered on a phone and moves the NPS widget by exactly that answer', async ({
  page,
  request,
}) => {
  const surveyId = seeded().journeySurveyId;
  const headers = await apiHeaders(request, 'manager');
  const before = await npsOf(request, headers, surveyId, true);
  const beforeWithoutTests = await npsOf(request, headers, surveyId, false);
  // The manager sends it from the survey's Activate step, on a desktop-sized console.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'manager');
  const seen = (await mailsTo(TUNA)).length;
  await page.goto(`/surveys/${surveyId}?step=Activate`);
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

  // Page 1: a promoter's 9 by keyboard (the reason question stays hidden), a choice with a comment, a dropdown.
  const nps = question(page, 'Bizi bir arkadaşınıza tavsiye etme olasılığınız nedir?').getByRole('slider');
  await nps.focus();
  await nps.press('Home');
  for (let step = 0; step < 9; step++) await nps.press('ArrowUp');
  await expect(nps).toHaveAttribute('aria-valuetext', '9');
  await question(page, 'Bizi neden seçtiniz?').getByRole('checkbox', { name: 'Hizmet' }).check();
  await page
    .getByRole('combobox', { name: 'Hangi şubeyi ziyaret ettiniz?' })
    .selectOption({ label: 'Kadıköy' });
  await page.getByRole('button', { name: 'İleri' }).click();

  // Page 2, then a reload half way: it resumes on page 2 with page 1's answers kept.
  await expect(page.getByText('Sayfa 2 / 3')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Sayfa 2 / 3')).toBeVisible();
  const service = question(page, 'Hizmeti değerlendirin');
  await row(service, 'Personelin ilgisi').getByRole('radio', { name: 'İyi' }).check();
  await row(service, 'Şubenin temizliği').getByRole('radio', { name: 'İyi' }).check();
  await page.getByRole('button', { name: 'Geri' }).click();
  await expect(nps).toHaveAttribute('aria-valuetext', '9');
  await page.getByRole('button', { name: 'İleri' }).click();
  await page.getByRole('button', { name: 'İleri' }).click();

  // Page 3, complete: the closing message greets the test user.
  await expect(page.getByText('Sayfa 3 / 3')).toBeVisible();
  await page.getByLabel('Eklemek istedikleriniz').fill('Test daveti yanıtı');
  await page.getByRole('button', { name: 'Tamamla' }).click();
  await expect(page.getByText('Teşekkürler Tuna Test! Yanıtlarınız bize ulaştı.')).toBeVisible();

  // The widget with test answers counts exactly this promoter (within the replica's 2 s); without, nothing moved.
  const promoters = before.Promoters + 1;
  const responses = before.Responses + 1;
  const expected = ((promoters - before.Detractors) / responses) * 100;
  await expect
    .poll(async () => (await npsOf(request, headers, surveyId, true)).Responses, { timeout: 10_000 })
    .toBe(responses);
  const after = await npsOf(request, headers, surveyId, true);
  expect(after).toMatchObject({ Promoters: promoters, Detractors: before.Detractors, Responses: responses });
  expect(after.Value).toBeCloseTo(expected, 1);
  expect(await npsOf(request, headers, surveyId, false)).toMatchObject({
    Responses: beforeWithoutTests.Responses,
    Promoters: beforeWithoutTests.Promoters,
  });
});

test('a normal invitation’s unsubscribe link records the opt-out; the customer is then skipped and gets no mail', async ({
  page,
  request,
}) => {
  const headers = await apiHeaders(request, 'manager');
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
