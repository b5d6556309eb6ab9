import { expect, test } from './support/test.js';
import { relayBaseUrl } from '../fixtures/e2e-env.js';
import { E2E_PASSWORD, E2E_USERS, expiredLinks } from '../fixtures/e2e-users.js';
import { linkIn, mailsTo, nextMailTo } from './support/mailbox.js';
import { signIn, submitSignIn } from './support/session.js';

// Refused sign-ins on purpose: from an address of this spec's own (fixtures/e2e-env.ts).
test.use({ baseURL: relayBaseUrl('emailConfirmation') });

const EMAIL_CONFIRM_TR = 'E-postanız doğrulanmadı. Lütfen e-postanızı kontrol edin.';

test('an unconfirmed email blocks sign-in until the mailed link confirms it', async ({ page }) => {
  const { userName, email } = E2E_USERS.confirm;
  const seen = (await mailsTo(email)).length;

  await page.goto('/login');
  await submitSignIn(page, userName, E2E_PASSWORD);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(EMAIL_CONFIRM_TR);
  await alert.getByRole('button', { name: 'Doğrulama e-postasını yeniden gönder' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Hesabın bir e-posta adresi varsa yeni doğrulama e-postası yola çıktı.',
  );

  const mail = await nextMailTo(email, seen);
  expect(mail.subject).toBe('Loupe e-posta doğrulama');
  const link = linkIn(mail, '/confirm-email/');
  await page.goto(link);
  await expect(page.getByText('E-postanız doğrulandı')).toBeVisible();

  // Opening the link again reports the email as already confirmed.
  await page.goto(link);
  await expect(page.getByText('E-postanız zaten doğrulanmış')).toBeVisible();

  await signIn(page, userName, E2E_PASSWORD);
});

test('an expired confirmation link offers a new one, which confirms the email', async ({ page }) => {
  const { userName, email } = E2E_USERS.confirmLink;
  const seen = (await mailsTo(email)).length;

  // The seeding step issued this link already expired (fixtures/seed-e2e-users.ts).
  const expired = expiredLinks().confirmEmail;
  await page.goto(`/confirm-email/${expired}`);
  await expect(page.getByText('Bu bağlantının süresi doldu')).toBeVisible();
  await page.getByRole('button', { name: 'Yeni bağlantı gönder' }).click();
  await expect(
    page.getByText('Yeni doğrulama bağlantısı yola çıktı. E-postanızı kontrol edin.'),
  ).toBeVisible();

  const link = linkIn(await nextMailTo(email, seen), '/confirm-email/');
  await page.goto(link);
  await expect(page.getByText('E-postanız doğrulandı')).toBeVisible();
  await signIn(page, userName, E2E_PASSWORD);
});
