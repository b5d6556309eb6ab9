import { expect, test } from './support/test.js';
import { relayBaseUrl } from '../fixtures/e2e-env.js';
import { E2E_PASSWORD, E2E_USERS, expiredLinks } from '../fixtures/e2e-users.js';
import { linkIn, mailsTo, nextMailTo } from './support/mailbox.js';
import { saveScreenshot } from './support/screenshots.js';
import { SIGN_IN_TR, signIn, submitSignIn } from './support/session.js';

test.use({ baseURL: relayBaseUrl('passwordReset') });

const NEW_PASSWORD_LABEL = 'Yeni parola';
const CONFIRM_PASSWORD_LABEL = 'Yeni parola (tekrar)';

test('forgot password: the mailed link sets a new password, works once, and the new password signs in', async ({
  page,
}) => {
  const { userName, email } = E2E_USERS.reset;
  const seen = (await mailsTo(email)).length;

  await page.goto('/login');
  await page.getByRole('link', { name: 'Parolanızı mı unuttunuz?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Parolanızı mı unuttunuz?' })).toBeVisible();
  await saveScreenshot(page, 'forgot-password-tr');
  await page.getByLabel('Kullanıcı adı veya e-posta').fill(userName);
  await page.getByRole('button', { name: 'Bağlantıyı gönder' }).click();
  await expect(page.getByText('E-postanızı kontrol edin')).toBeVisible();

  const mail = await nextMailTo(email, seen);
  // In the user's language (Turkish).
  expect(mail.subject).toBe('Loupe parola sıfırlama');
  const link = linkIn(mail, '/resetPassword/');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Yeni parola belirleyin' })).toBeVisible();
  await expect(page.getByText(`${userName} için yeni bir parola seçin.`)).toBeVisible();
  await saveScreenshot(page, 'reset-password-tr');

  // The spec's password rule is checked before anything is sent.
  await page.getByLabel(NEW_PASSWORD_LABEL, { exact: true }).fill('short');
  await page.getByLabel(CONFIRM_PASSWORD_LABEL).fill('short');
  await page.getByRole('button', { name: 'Yeni parolayı kaydet' }).click();
  await expect(
    page.getByText(
      'Parola en az 6 karakter olmalı; büyük harf, küçük harf ve rakam içermeli, boşluk içermemelidir.',
    ),
  ).toBeVisible();

  const newPassword = 'Reset-Pass-5678';
  await page.getByLabel(NEW_PASSWORD_LABEL, { exact: true }).fill(newPassword);
  await page.getByLabel(CONFIRM_PASSWORD_LABEL).fill(newPassword);
  await page.getByRole('button', { name: 'Yeni parolayı kaydet' }).click();
  await expect(page.getByText('Parolanız değiştirildi')).toBeVisible();

  // The link is single use.
  await page.goto(link);
  await expect(page.getByText('Bu bağlantı kullanılamıyor')).toBeVisible();

  // The old password no longer works; the new one does.
  await page.goto('/login');
  await submitSignIn(page, userName, E2E_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Kullanıcı adı/e-posta veya parola hatalı.');
  await signIn(page, userName, newPassword);
});

test('an expired reset link offers a new one, which arrives by mail and works', async ({ page }) => {
  const { userName, email } = E2E_USERS.resetLink;
  const seen = (await mailsTo(email)).length;

  // The seeding step issued this link already expired (fixtures/seed-e2e-users.ts).
  const expired = expiredLinks().resetPassword;
  await page.goto(`/resetPassword/${expired}`);
  await expect(page.getByText('Bu bağlantının süresi doldu')).toBeVisible();
  await saveScreenshot(page, 'reset-link-expired-tr');
  await page.getByRole('button', { name: 'Yeni bağlantı gönder' }).click();
  await expect(page.getByText('Yeni bağlantı yola çıktı. E-postanızı kontrol edin.')).toBeVisible();

  const mail = await nextMailTo(email, seen);
  // This user reads English.
  expect(mail.subject).toBe('Reset your Loupe password');
  const link = linkIn(mail, '/resetPassword/');
  expect(link).not.toContain(expired);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Yeni parola belirleyin' })).toBeVisible();
  const newPassword = 'Resent-Pass-2468';
  await page.getByLabel(NEW_PASSWORD_LABEL, { exact: true }).fill(newPassword);
  await page.getByLabel(CONFIRM_PASSWORD_LABEL).fill(newPassword);
  await page.getByRole('button', { name: 'Yeni parolayı kaydet' }).click();
  await expect(page.getByText('Parolanız değiştirildi')).toBeVisible();

  await signIn(page, userName, newPassword);
});

test('an unknown reset link is reported as unusable', async ({ page }) => {
  await page.goto('/resetPassword/not-a-real-link-token');
  await expect(page.getByText('Bu bağlantı kullanılamıyor')).toBeVisible();
  await expect(page.getByRole('heading', { name: SIGN_IN_TR.heading })).toHaveCount(0);
});
