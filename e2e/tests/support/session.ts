import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { CONSOLE_CLIENT_ID } from '@loupe/contracts';
import { animationsSettled } from './animations.js';

/** The sign-in page's Turkish labels (the console's default language). */
export const SIGN_IN_TR = {
  heading: 'Oturum açın',
  username: 'Kullanıcı adı veya e-posta',
  password: 'Parola',
  submit: 'Oturum aç',
} as const;

export const DEMO_PASSWORD = 'Demo1234!';

/** A demo user's API headers, signed in by the password grant as the console signs in. */
export async function apiHeaders(
  request: APIRequestContext,
  username: string,
): Promise<Record<string, string>> {
  const signedIn = await request.post('/token', {
    form: { grant_type: 'password', username, password: DEMO_PASSWORD, client_id: CONSOLE_CLIENT_ID },
  });
  expect(signedIn.status()).toBe(200);
  return { Authorization: `Bearer ${((await signedIn.json()) as { access_token: string }).access_token}` };
}

/** Fills the sign-in form (Turkish) and submits it; the caller asserts what follows. */
export async function submitSignIn(page: Page, username: string, password: string): Promise<void> {
  const submit = page.getByRole('button', { name: SIGN_IN_TR.submit, exact: true });
  // The previous attempt's request has finished: the button is back from its loading state.
  await expect(submit).toBeEnabled();
  await page.getByLabel(SIGN_IN_TR.username).fill(username);
  await page.getByLabel(SIGN_IN_TR.password, { exact: true }).fill(password);
  await submit.click();
}

/** Opens /login, signs in and waits until the console's shell shows (the sign-in page has gone). */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, username, password);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('banner')).toBeVisible();
}

export type StoredTokens = { accessToken: string | null; refreshToken: string | null };

/** The tokens the console keeps, from session storage or local storage (per the TokenStorage setting). */
export function storedTokens(page: Page): Promise<StoredTokens> {
  return page.evaluate(() => {
    const read = (key: string) => sessionStorage.getItem(key) ?? localStorage.getItem(key);
    return { accessToken: read('loupe.accessToken'), refreshToken: read('loupe.refreshToken') };
  });
}

/** Signs out through the user menu and waits for the sign-in page. */
export async function signOut(page: Page): Promise<void> {
  // The page has finished loading first: a menu opened while a grid's or a report's answer re-renders the page
  // can close under the click (administration.spec once stayed on /users this way).
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  await page.getByRole('button', { name: /hesap menüsü$/ }).click();
  const item = page.getByRole('menuitem', { name: 'Oturumu kapat' });
  await expect(item).toBeVisible();
  await animationsSettled(page);
  await item.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: SIGN_IN_TR.heading })).toBeVisible();
}
