import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { relayBaseUrl } from '../fixtures/e2e-env.js';
import { E2E_PASSWORD, E2E_USERS } from '../fixtures/e2e-users.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn, signOut, submitSignIn } from './support/session.js';
import { freshTotpCode, totpCode, totpStep } from './support/totp.js';

// Refused codes on purpose: from an address of this spec's own (fixtures/e2e-env.ts).
test.use({ baseURL: relayBaseUrl('twoFactor') });

const { userName } = E2E_USERS.twoFactor;

/** A 6-digit code that matches none of the steps the server accepts around now. */
function wrongCode(secret: string): string {
  const now = Date.now();
  const near = new Set([-60_000, -30_000, 0, 30_000, 60_000].map((offset) => totpCode(secret, now + offset)));
  for (let candidate = 0; ; candidate++) {
    const code = String(candidate).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

async function expectCodeStep(page: Page) {
  await expect(page.getByText('Doğrulama uygulamanızdaki 6 haneli kodu girin.')).toBeVisible();
}

test('two-factor set-up with a TOTP code, then sign-in with a code and with a recovery code', async ({
  page,
}) => {
  await signIn(page, userName, E2E_PASSWORD);

  // Set-up: QR code and key, confirmed with a code computed here as an authenticator app would.
  await page.goto('/two-factor-authenticate');
  await expect(page.getByRole('heading', { name: 'İki adımlı doğrulamayı kurun' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Doğrulama uygulaması için QR kodu' })).toHaveAttribute(
    'src',
    /^data:image\/(png|svg\+xml)[;,]/,
  );
  await saveScreenshot(page, 'two-factor-setup-tr');
  const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);

  const codeField = page.getByLabel('Uygulamadaki kod');
  await codeField.fill(wrongCode(secret));
  await page.getByRole('button', { name: 'İki adımlı doğrulamayı aç' }).click();
  await expect(page.getByRole('alert')).toHaveText('İki adımlı doğrulama kodu geçersiz.');

  const enabledAtStep = totpStep();
  await codeField.fill(totpCode(secret));
  await page.getByRole('button', { name: 'İki adımlı doğrulamayı aç' }).click();
  await expect(page.getByRole('heading', { name: 'Kurtarma kodlarınızı saklayın' })).toBeVisible();
  await saveScreenshot(page, 'two-factor-recovery-codes-tr');
  const recoveryCodes = await page.getByTestId('recovery-codes').getByRole('listitem').allInnerTexts();
  expect(recoveryCodes).toHaveLength(10);
  expect(new Set(recoveryCodes).size).toBe(10);
  await page.getByRole('button', { name: 'Devam et' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Signing in now asks for the code after the password.
  await signOut(page);
  await submitSignIn(page, userName, E2E_PASSWORD);
  await expectCodeStep(page);
  await saveScreenshot(page, 'two-factor-code-tr');
  const otpField = page.getByLabel('Doğrulama kodu');
  await otpField.fill(wrongCode(secret));
  await page.getByRole('button', { name: 'Doğrula', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Doğrulama kodu geçersiz.');

  const { code } = freshTotpCode(secret, enabledAtStep);
  await otpField.fill(code);
  await page.getByRole('button', { name: 'Doğrula', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner')).toBeVisible();

  // A recovery code works instead of the app's code, once.
  await signOut(page);
  await submitSignIn(page, userName, E2E_PASSWORD);
  await expectCodeStep(page);
  await page.getByRole('button', { name: 'Bunun yerine kurtarma kodu kullan' }).click();
  await page.getByLabel('Kurtarma kodu').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Doğrula', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  await signOut(page);
  await submitSignIn(page, userName, E2E_PASSWORD);
  await expectCodeStep(page);
  await page.getByRole('button', { name: 'Bunun yerine kurtarma kodu kullan' }).click();
  await page.getByLabel('Kurtarma kodu').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Doğrula', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Doğrulama kodu geçersiz.');
});
