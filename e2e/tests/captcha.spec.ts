import { expect, test } from './support/test.js';
import { relayBaseUrl } from '../fixtures/e2e-env.js';
import { E2E_PASSWORD, E2E_USERS } from '../fixtures/e2e-users.js';
import { saveScreenshot } from './support/screenshots.js';
import { SIGN_IN_TR, submitSignIn } from './support/session.js';

// Failed sign-ins on purpose: from an address of this spec's own (fixtures/e2e-env.ts); a CI retry starts
// afresh with a user and an address of its own.
test.use({ baseURL: relayBaseUrl('captcha') });

const INVALID_GRANT_TR = 'Kullanıcı adı/e-posta veya parola hatalı.';
const INVALID_CAPTCHA_TR = 'Güvenlik doğrulaması başarısız. Lütfen yeniden deneyin.';

test('three wrong passwords bring a captcha; a wrong answer shows the invalid_captcha message', async ({
  page,
}, testInfo) => {
  const fresh = testInfo.retry === 0;
  const { userName } = fresh ? E2E_USERS.captcha : E2E_USERS.captchaRetry;
  const loginUrl = `${relayBaseUrl(fresh ? 'captcha' : 'captchaRetry')}/login`;
  await page.goto(loginUrl);
  await expect(page.getByRole('heading', { name: SIGN_IN_TR.heading })).toBeVisible();
  const captchaImage = page.getByRole('img', { name: 'Güvenlik kodu resmi' });
  const captchaAnswer = page.getByLabel('Güvenlik kodu', { exact: true });

  for (let attempt = 1; attempt <= 3; attempt++) {
    await expect(captchaImage).toHaveCount(0);
    await submitSignIn(page, userName, `Wrong-${attempt}-pass`);
    await expect(page.getByRole('alert')).toHaveText(INVALID_GRANT_TR);
  }

  // The third failure reaches the threshold: the form asks for the captcha before the next attempt.
  await expect(captchaImage).toBeVisible();
  await expect(captchaImage).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  await expect(captchaAnswer).toBeVisible();
  await saveScreenshot(page, 'captcha-tr');

  // Even the right password is refused while the captcha answer is wrong (no real answer has '#').
  await page.getByLabel(SIGN_IN_TR.password, { exact: true }).fill(E2E_PASSWORD);
  await captchaAnswer.fill('#####');
  // Twice on CI the submit button could not be found here by its name while it was there and no longer loading:
  // the third attempt's loading icon waits for its collapse transition to end before it leaves, and on a loaded
  // machine that end never came, so the button stayed named "loading Oturum aç". The suite runs with reduced
  // motion (playwright.config.ts), which the console honours by turning antd's motion off.
  await expect(page.locator('form button[type="submit"]')).toHaveAccessibleName(SIGN_IN_TR.submit);
  await page.getByRole('button', { name: SIGN_IN_TR.submit, exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(INVALID_CAPTCHA_TR);
  await expect(page).toHaveURL(/\/login$/);

  // A fresh page asks the server whether this login needs a captcha, before the first submit.
  const imageBefore = await captchaImage.getAttribute('src');
  await page.reload();
  await expect(page.getByRole('heading', { name: SIGN_IN_TR.heading })).toBeVisible();
  await page.getByLabel(SIGN_IN_TR.username).fill(userName);
  await page.getByLabel(SIGN_IN_TR.password, { exact: true }).focus();
  await expect(captchaImage).toBeVisible();
  // Each challenge is single use: the new page shows another image.
  expect(await captchaImage.getAttribute('src')).not.toBe(imageBefore);

  // The refresh button fetches yet another challenge.
  const shown = await captchaImage.getAttribute('data-captcha-id');
  await page.getByRole('button', { name: 'Başka bir resim göster' }).click();
  await expect(captchaImage).not.toHaveAttribute('data-captcha-id', shown ?? '');
});
