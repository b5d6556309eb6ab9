import { relayBaseUrl } from '../fixtures/e2e-env.js';
import { DEMO_PASSWORD, SIGN_IN_TR, storedTokens, submitSignIn } from './support/session.js';
import { saveScreenshot } from './support/screenshots.js';
import { expect, test } from './support/test.js';
import { chooseLanguage } from './support/language.js';

// A wrong password on purpose: from an address of this spec's own (fixtures/e2e-env.ts).
test.use({ baseURL: relayBaseUrl('signIn') });

test('a wrong password shows the invalid_grant message in Turkish', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: SIGN_IN_TR.heading })).toBeVisible();
  await expect(page).toHaveTitle(/Loupe/);
  await saveScreenshot(page, 'sign-in-tr');

  await submitSignIn(page, 'admin', 'not-the-password');

  await expect(page.getByRole('alert')).toHaveText('Kullanıcı adı/e-posta veya parola hatalı.');
  await expect(page).toHaveURL(/\/login$/);
  expect((await storedTokens(page)).accessToken).toBeNull();
});

test('the admin signs in in English, by email, and lands on the overview', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);

  await chooseLanguage(page, 'Dil', 'English');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await saveScreenshot(page, 'sign-in-en');
  await page.getByLabel('User name or email').fill('admin@demo-bank.example');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Demo Admin' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu of Demo Admin' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveText(/\S+ 1\.9\.5$/);
  const tokens = await storedTokens(page);
  expect(tokens.accessToken).toBeTruthy();
  expect(tokens.refreshToken).toBeTruthy();
});

test('a page that needs a session sends the visitor to sign in and back', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  await submitSignIn(page, 'manager', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('button', { name: 'Deniz Manager hesap menüsü' })).toBeVisible();
});

test('the sign-in page in Arabic reads right to left', async ({ page }) => {
  await page.goto('/login');
  await chooseLanguage(page, 'Dil', 'العربية');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'ar');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'اللغة' })).toBeVisible();
  await saveScreenshot(page, 'sign-in-ar');
});
