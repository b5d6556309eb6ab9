import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { OIDC_PORT } from '../fixtures/e2e-env.js';
import { E2E_USERS, OIDC_ACCOUNTS } from '../fixtures/e2e-users.js';
import { saveScreenshot } from './support/screenshots.js';
import { SIGN_IN_TR, storedTokens } from './support/session.js';

// The identity provider sends the browser back to OIDC_REDIRECT_URI (the server's own address), so this spec
// runs on the default base URL.

const IDP_ORIGIN = `http://127.0.0.1:${OIDC_PORT}`;
const INVALID_SSO_TR = 'Erişiminiz olmayabilir. Lütfen yöneticinizle iletişime geçin.';

async function startSso(page: Page) {
  await expect(page.getByRole('heading', { name: SIGN_IN_TR.heading })).toBeVisible();
  await page.getByRole('link', { name: 'SSO ile devam et' }).click();
  await expect(page).toHaveURL((url) => url.origin === IDP_ORIGIN);
}

async function signInAtIdp(page: Page, account: { sub: string; password: string }) {
  await page.locator('#login').fill(account.sub);
  await page.locator('#password').fill(account.password);
  await page.locator('#submit').click();
}

test('SSO: the identity provider signs the matching user in and the console opens the requested page', async ({
  page,
}) => {
  // Start from a page that needs a session: the sign-in page keeps it as the redirect target.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  await startSso(page);
  await signInAtIdp(page, OIDC_ACCOUNTS.known);

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('button', { name: `${E2E_USERS.sso.fullName} hesap menüsü` })).toBeVisible();
  const tokens = await storedTokens(page);
  expect(tokens.accessToken).toBeTruthy();
  expect(tokens.refreshToken).toBeTruthy();
});

test('SSO: an identity-provider account that matches no user gets invalid_sso_login', async ({ page }) => {
  await page.goto('/login');
  await startSso(page);
  await signInAtIdp(page, OIDC_ACCOUNTS.stranger);

  await expect(page).toHaveURL(/\/sso\?/);
  await expect(page.getByRole('heading', { name: 'Oturum açılamadı' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(INVALID_SSO_TR);
  await saveScreenshot(page, 'sso-refused-tr');
  expect((await storedTokens(page)).accessToken).toBeNull();
});

test('SSO: cancelling at the identity provider shows the invalid_sso_login message', async ({ page }) => {
  await page.goto('/login');
  await startSso(page);
  await page.locator('#cancel').click();

  await expect(page).toHaveURL(/\/sso\?/);
  await expect(page.getByRole('heading', { name: 'Oturum açılamadı' })).toBeVisible();
  await expect(page.getByText(INVALID_SSO_TR)).toBeVisible();
  await page.getByRole('link', { name: 'Giriş sayfasına dön' }).click();
  await expect(page.getByRole('heading', { name: SIGN_IN_TR.heading })).toBeVisible();
});
