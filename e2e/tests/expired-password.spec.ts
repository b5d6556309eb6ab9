import { expect, test } from './support/test.js';
import { relayBaseUrl } from '../fixtures/e2e-env.js';
import { E2E_PASSWORD, E2E_USERS } from '../fixtures/e2e-users.js';
import { signIn, submitSignIn } from './support/session.js';

test.use({ baseURL: relayBaseUrl('expiredPassword') });

test('an expired password leads to /change-password; the new one signs in', async ({ page }) => {
  const { userName } = E2E_USERS.expired;
  await page.goto('/login');
  await submitSignIn(page, userName, E2E_PASSWORD);

  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole('heading', { name: 'Parolanızı değiştirin' })).toBeVisible();
  await expect(
    page.getByText('Parolanızın süresi doldu. Devam etmek için yeni bir parola seçin.'),
  ).toBeVisible();

  const form = page.getByRole('main');
  await expect(form.getByLabel('Kullanıcı adı')).toHaveValue(userName);
  await form.getByLabel('Mevcut parola').fill(E2E_PASSWORD);
  // The new password must differ from the current one.
  await form.getByLabel('Yeni parola', { exact: true }).fill(E2E_PASSWORD);
  await form.getByLabel('Yeni parola (tekrar)').fill(E2E_PASSWORD);
  await form.getByRole('button', { name: 'Parolayı değiştir' }).click();
  await expect(page.getByText('Yeni parola mevcut paroladan farklı olmalıdır.')).toBeVisible();

  const newPassword = 'Renewed-Pass-1357';
  await form.getByLabel('Yeni parola', { exact: true }).fill(newPassword);
  await form.getByLabel('Yeni parola (tekrar)').fill(newPassword);
  await form.getByRole('button', { name: 'Parolayı değiştir' }).click();
  await expect(page.getByText('Parolanız değiştirildi')).toBeVisible();

  await signIn(page, userName, newPassword);
});

test('/change-password opened directly does not claim the password has expired', async ({ page }) => {
  await page.goto('/change-password');
  await expect(page.getByRole('heading', { name: 'Parolanızı değiştirin' })).toBeVisible();
  await expect(page.getByText('Parolanızın süresi doldu', { exact: false })).toHaveCount(0);
  await expect(
    page.getByText('Süresi dolmuş bir parolayı değiştirin: kullanıcı adınızı ve mevcut parolanızı girin.'),
  ).toBeVisible();
  await expect(page.getByRole('main').getByLabel('Kullanıcı adı')).toHaveValue('');
});
