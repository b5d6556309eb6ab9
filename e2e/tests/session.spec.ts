import type { Page } from '@playwright/test';
import { saveScreenshot } from './support/screenshots.js';
import { CONSOLE_CLIENT_ID } from '@loupe/contracts';
import { DEMO_PASSWORD, SIGN_IN_TR, signIn, signOut, storedTokens } from './support/session.js';
import { expect, test } from './support/test.js';
import { animationsSettled, chooseMenuItem } from './support/animations.js';

/** Puts a value in place of the stored access token, wherever the console keeps it. */
async function replaceStoredToken(
  page: Page,
  key: 'loupe.accessToken' | 'loupe.refreshToken',
  value: string,
) {
  await page.evaluate(
    ([name, token]) => {
      const storage = sessionStorage.getItem(name) !== null ? sessionStorage : localStorage;
      storage.setItem(name, token);
    },
    [key, value] as const,
  );
}

function isRefreshGrant(page: Page) {
  return page.waitForRequest(
    (request) =>
      request.method() === 'POST' &&
      new URL(request.url()).pathname === '/token' &&
      new URLSearchParams(request.postData() ?? '').get('grant_type') === 'refresh_token',
  );
}

test('a 401 is answered by one silent refresh: the call is retried and new tokens are stored', async ({
  page,
}) => {
  await signIn(page, 'manager');
  const before = await storedTokens(page);

  // A token the server refuses, as after it expired.
  await replaceStoredToken(page, 'loupe.accessToken', 'not-a-valid-access-token');
  const refresh = isRefreshGrant(page);
  const unauthorized = page.waitForResponse((response) => response.status() === 401);
  await page.reload();
  await unauthorized;
  expect((await (await refresh).response())?.status()).toBe(200);

  await expect(page.getByRole('heading', { name: 'Hoş geldiniz, Deniz Manager' })).toBeVisible();
  const after = await storedTokens(page);
  expect(after.accessToken).toBeTruthy();
  expect(after.accessToken).not.toBe('not-a-valid-access-token');
  expect(after.accessToken).not.toBe(before.accessToken);
  // Refresh tokens rotate.
  expect(after.refreshToken).not.toBe(before.refreshToken);
});

test('when the refresh fails too, the session ends and the sign-in page brings the user back', async ({
  page,
}) => {
  await signIn(page, 'manager');
  await page.goto('/profile');
  await expect(page.getByRole('button', { name: 'Deniz Manager hesap menüsü' })).toBeVisible();

  await replaceStoredToken(page, 'loupe.accessToken', 'not-a-valid-access-token');
  await replaceStoredToken(page, 'loupe.refreshToken', 'not-a-valid-refresh-token');
  const refresh = isRefreshGrant(page);
  await page.reload();
  expect((await (await refresh).response())?.status()).toBe(400);

  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  await expect(page.getByRole('heading', { name: SIGN_IN_TR.heading })).toBeVisible();
  expect(await storedTokens(page)).toEqual({ accessToken: null, refreshToken: null });
});

test('logout records the audit entry, clears the session and closes the console', async ({ page }) => {
  await signIn(page, 'admin');
  const logoutAudit = page.waitForRequest(
    (request) =>
      request.method() === 'POST' &&
      new URL(request.url()).pathname === '/api/audits' &&
      (request.postDataJSON() as { OperationType?: number }).OperationType === 6,
  );

  await signOut(page);

  const audit = await logoutAudit;
  expect(audit.postDataJSON()).toMatchObject({
    OperationType: 6,
    OperationScope: 'Logout',
    OperationData: 'admin',
  });
  expect((await audit.response())?.ok()).toBe(true);
  expect(await storedTokens(page)).toEqual({ accessToken: null, refreshToken: null });

  // The console stays closed.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: SIGN_IN_TR.heading })).toBeVisible();
});

test('each page visit records an audit entry with the path and route name', async ({ page }) => {
  await signIn(page, 'manager');
  const visit = page.waitForRequest(
    (request) =>
      request.method() === 'POST' &&
      new URL(request.url()).pathname === '/api/audits' &&
      (request.postDataJSON() as { OperationScope?: string }).OperationScope === '/profile',
  );
  await chooseMenuItem(page, page.getByRole('button', { name: 'Deniz Manager hesap menüsü' }), 'Profil');
  await expect(page).toHaveURL(/\/profile$/);
  expect((await visit).postDataJSON()).toMatchObject({ OperationType: 7, OperationScope: '/profile' });
  await expect(page).toHaveTitle('Profil | Loupe');
});

test("a user lacking a screen's scope gets /unathorized; an unknown path gets /404", async ({ page }) => {
  await signIn(page, 'viewer');

  await page.goto('/users');
  await expect(page).toHaveURL(/\/unathorized$/);
  await expect(page.getByRole('heading', { name: 'Yetkiniz yok' })).toBeVisible();
  await saveScreenshot(page, 'unauthorized-tr');

  await page.goto('/alert-rules');
  await expect(page).toHaveURL(/\/unathorized$/);

  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Sayfa bulunamadı' })).toBeVisible();
  await saveScreenshot(page, 'not-found-tr');
});

test('signing out everywhere ends this session and the same user’s session elsewhere', async ({
  page,
  request,
}) => {
  // Another device's session, signed in through the token endpoint as the console does.
  const elsewhere = await request.post('/token', {
    form: {
      grant_type: 'password',
      username: 'viewer',
      password: DEMO_PASSWORD,
      client_id: CONSOLE_CLIENT_ID,
    },
  });
  expect(elsewhere.status()).toBe(200);
  const other = (await elsewhere.json()) as { access_token: string; refresh_token: string };
  const bootstrap = () =>
    request.get('/api/bootstrap/tr', { headers: { Authorization: `Bearer ${other.access_token}` } });
  expect((await bootstrap()).status()).toBe(200);

  await signIn(page, 'viewer');
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Her yerden çıkış yap' }).click();
  const confirm = page.locator('.ant-popconfirm');
  await expect(confirm).toContainText('Hesabınızın tüm oturumları, bu oturum da dahil, kapanır.');
  await saveScreenshot(page, 'sign-out-everywhere-confirm-tr');
  await animationsSettled(page);
  await confirm.getByRole('button', { name: 'Her yerden çıkış yap' }).click();

  await expect(page.getByRole('heading', { name: SIGN_IN_TR.heading })).toBeVisible();
  expect(await storedTokens(page)).toEqual({ accessToken: null, refreshToken: null });
  // The other device: its access token is refused at once and its refresh token trades for nothing.
  expect((await bootstrap()).status()).toBe(401);
  const refreshed = await request.post('/token', {
    form: { grant_type: 'refresh_token', refresh_token: other.refresh_token, client_id: CONSOLE_CLIENT_ID },
  });
  expect(refreshed.status()).toBe(400);
});
