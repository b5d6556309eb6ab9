import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expiredLinks } from '../fixtures/e2e-users.js';
import { saveScreenshot } from './support/screenshots.js';
import { apiHeaders, signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 17 items 1 and 7: the respondent page /s/{guid} as a customer uses it on a 360 px phone, by touch and by
 * keyboard: every question and choice type (seeded by e2e/fixtures/seed-respondent-surveys.ts), required answers
 * and a wrong e-mail said on the question, a reload half way that resumes on the saved page with the saved answers,
 * completion with the closing message; the same in Arabic, right to left, on an anonymised survey (resumed by the
 * key the browser keeps); the unsubscribe link; an expired invitation; axe-core finds nothing on each screen.
 */

test.use({ viewport: { width: 360, height: 740 } });

const tokens = () => expiredLinks().respondent;

// The page runs under the console's Content-Security-Policy (frame-ancestors aside): any violation, reported on the
// console or as a `securitypolicyviolation` event in any frame, fails the test that caused it.
const violations: string[] = [];
/** Collects the page's CSP violations (every tab of a test: a new visit is a new tab). */
async function watchPolicy(page: Page) {
  page.on('console', (message) => {
    if (/Content Security Policy|securitypolicyviolation/i.test(message.text()))
      violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`securitypolicyviolation ${event.violatedDirective} blocked=${event.blockedURI}`);
    });
  });
}
test.beforeEach(async ({ page }) => {
  violations.length = 0;
  await watchPolicy(page);
});
test.afterEach(() => {
  expect(violations).toEqual([]);
});

/** axe-core over the page (WCAG 2.0–2.2 A and AA rules): no violation at all. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

const question = (page: Page, text: string) => page.getByRole('group', { name: text, exact: false }).first();
const row = (group: Locator, text: string) => group.getByRole('group', { name: text, exact: true });

/** Moves a slider with the keyboard alone: Home to its first point, then up `steps` times (up is up in RTL too). */
async function slide(slider: Locator, steps: number) {
  await slider.focus();
  await slider.press('Home');
  for (let step = 0; step < steps; step++) await slider.press('ArrowUp');
}

test('a Turkish invitation: every question type, a reload half way resumes, complete, the closing message', async ({
  page,
}) => {
  const guid = tokens().tr;
  await page.goto(`/s/${guid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Şube deneyimi anketi' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await expect(page.getByText('Merhaba Ayşe Yılmaz, birkaç dakikanızı')).toBeVisible();
  await expect(page.getByText('Sayfa 1 / 3')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abonelikten çık' })).toBeVisible();
  await expectAccessible(page);

  // Nothing answered: the required NPS question says so on itself, and the focus goes to it.
  await page.getByRole('button', { name: 'İleri' }).click();
  const nps = question(page, 'Bizi bir arkadaşınıza tavsiye etme olasılığınız nedir?');
  await expect(nps.getByText('Bu soru yanıt bekliyor.')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Lütfen bu sayfada işaretlenen soruları kontrol edin.');
  const npsSlider = nps.getByRole('slider');
  await expect(npsSlider).toBeFocused();
  await expectAccessible(page);

  // NPS 3 by keyboard: display logic then shows the reason question (required, multiline).
  const why = page.getByLabel('Puanınızın nedenini yazar mısınız?');
  await expect(why).toHaveCount(0);
  await slide(npsSlider, 3);
  await expect(nps.getByText('Bu soru yanıt bekliyor.')).toBeHidden();
  await expect(npsSlider).toHaveAttribute('aria-valuetext', '3');
  await expect(why).toBeVisible();
  const reasons = question(page, 'Bizi neden seçtiniz?');
  await reasons.getByRole('checkbox', { name: 'Hizmet' }).check();
  await reasons.getByRole('checkbox', { name: 'Konum' }).check();
  await reasons.getByLabel('Yorum (isteğe bağlı)').fill('Şube yakın');
  await page
    .getByRole('combobox', { name: 'Hangi şubeyi ziyaret ettiniz?' })
    .selectOption({ label: 'Beşiktaş' });
  await page.getByRole('button', { name: 'İleri' }).click();
  await expect(page.getByText('Bu soru yanıt bekliyor.')).toBeVisible();
  await why.fill('Sıra çok uzundu.');
  await saveScreenshot(page, 'respondent-page-tr-page1');
  await page.getByRole('button', { name: 'İleri' }).click();

  // Page 2: e-mail format, rating stars, a required matrix, a ranking, a multi-choice matrix.
  await expect(page.getByText('Sayfa 2 / 3')).toBeVisible();
  const email = page.getByLabel('Size ulaşabileceğimiz e-posta adresi');
  await email.fill('ayse-at-example');
  await page.getByRole('button', { name: 'İleri' }).click();
  await expect(page.getByText('Lütfen ad@ornek.com gibi bir e-posta adresi girin.')).toBeVisible();
  await expect(page.getByText('Bu soru yanıt bekliyor.')).toBeVisible();
  await expectAccessible(page);
  await email.fill('ayse@example.com');
  // The fourth star, as a finger taps it.
  await question(page, 'Bekleme süresini puanlayın').locator('label').nth(3).click();
  const service = question(page, 'Hizmeti değerlendirin');
  await row(service, 'Personelin ilgisi').getByRole('radio', { name: 'İyi' }).check();
  await page.getByRole('button', { name: 'İleri' }).click();
  await expect(service.getByText('Lütfen bu sorunun her satırını yanıtlayın.')).toBeVisible();
  await row(service, 'Şubenin temizliği').getByRole('radio', { name: 'Orta' }).check();
  const ranking = question(page, 'Kanalları önem sırasına koyun');
  await row(ranking, 'Günlük işlemler için').getByRole('button', { name: '“Mobil” yukarı taşı' }).click();
  await expect(row(ranking, 'Günlük işlemler için').getByRole('listitem').first()).toContainText('Mobil');
  await row(ranking, 'Kredi başvurusu için').getByRole('button', { name: 'Bu sırayı kullan' }).click();
  const channels = question(page, 'Kullandığınız kanallar');
  await row(channels, 'Mobil uygulama').getByRole('checkbox', { name: 'Kullanıyorum' }).check();
  await expectAccessible(page);
  await saveScreenshot(page, 'respondent-page-tr-page2');
  await page.getByRole('button', { name: 'İleri' }).click();
  await expect(page.getByText('Sayfa 3 / 3')).toBeVisible();

  // A reload resumes on the saved page; going back shows page 2's saved answers.
  await page.reload();
  await expect(page.getByText('Sayfa 3 / 3')).toBeVisible();
  await page.getByRole('button', { name: 'Geri' }).click();
  await expect(page.getByText('Sayfa 2 / 3')).toBeVisible();
  await expect(email).toHaveValue('ayse@example.com');
  await expect(row(service, 'Şubenin temizliği').getByRole('radio', { name: 'Orta' })).toBeChecked();
  await expect(row(ranking, 'Günlük işlemler için').getByRole('listitem').first()).toContainText('Mobil');
  await expect(row(channels, 'Mobil uygulama').getByRole('checkbox', { name: 'Kullanıyorum' })).toBeChecked();
  await expect(question(page, 'Bekleme süresini puanlayın').getByRole('radio', { name: '4' })).toBeChecked();
  await page.getByRole('button', { name: 'Geri' }).click();
  await expect(page.getByLabel('Puanınızın nedenini yazar mısınız?')).toHaveValue('Sıra çok uzundu.');
  await expect(npsSlider).toHaveAttribute('aria-valuetext', '3');
  await expect(reasons.getByLabel('Yorum (isteğe bağlı)')).toHaveValue('Şube yakın');
  await page.getByRole('button', { name: 'İleri' }).click();
  await page.getByRole('button', { name: 'İleri' }).click();

  // Page 3: an Image choice, a matrix of sliders, a one-line open answer; Complete.
  await expect(page.getByText('Sayfa 3 / 3')).toBeVisible();
  const card = question(page, 'Hangi kart tasarımını beğendiniz?');
  await expect(card.locator('img').first()).toHaveJSProperty('naturalWidth', 120);
  await card.getByRole('radio', { name: 'Altın kart' }).check();
  const effort = question(page, 'İşlemleriniz ne kadar kolaydı?');
  await slide(row(effort, 'Hesap açmak').getByRole('slider'), 4);
  await slide(row(effort, 'Para transferi').getByRole('slider'), 2);
  await expect(row(effort, 'Para transferi').getByRole('slider')).toHaveAttribute('aria-valuetext', '3');
  await page.getByLabel('Eklemek istedikleriniz').fill('Teşekkürler');
  await expectAccessible(page);
  await saveScreenshot(page, 'respondent-page-tr-page3');
  await page.getByRole('button', { name: 'Tamamla' }).click();
  await expect(page.getByText('Teşekkürler Ayşe Yılmaz! Yanıtlarınız bize ulaştı.')).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, 'respondent-page-tr-closing');

  // Done is done: the invitation now says so plainly.
  await page.reload();
  await expect(page.getByText('Bu anketi zaten tamamladınız. Teşekkür ederiz!')).toBeVisible();
});

test('an Arabic anonymised survey right to left: resumes by the browser’s key, completes', async ({
  page,
}) => {
  const guid = tokens().ar;
  await page.goto(`/s/${guid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'استبيان تجربة الفرع' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByText('الصفحة 1 من 3')).toBeVisible();
  // A promoter: the reason question stays hidden.
  await slide(question(page, 'ما مدى احتمال أن توصي بنا لصديق؟').getByRole('slider'), 9);
  await expect(page.getByLabel('هل يمكنك إخبارنا بسبب تقييمك؟')).toHaveCount(0);
  await question(page, 'لماذا اخترتنا؟').getByRole('checkbox', { name: 'السعر' }).check();
  await expectAccessible(page);
  await saveScreenshot(page, 'respondent-page-ar-page1');
  await page.getByRole('button', { name: 'التالي' }).click();

  await expect(page.getByText('الصفحة 2 من 3')).toBeVisible();
  await page.getByRole('button', { name: 'التالي' }).click();
  const service = question(page, 'قيّم الخدمة');
  await expect(service.getByText('هذا السؤال يحتاج إلى إجابة.')).toBeVisible();
  await row(service, 'اهتمام الموظفين').getByRole('radio', { name: 'جيد' }).check();
  await row(service, 'نظافة الفرع').getByRole('radio', { name: 'جيد' }).check();
  await expectAccessible(page);
  await saveScreenshot(page, 'respondent-page-ar-page2');
  await page.getByRole('button', { name: 'التالي' }).click();
  await expect(page.getByText('الصفحة 3 من 3')).toBeVisible();

  // The anonymised session is found again by the key this browser keeps, not by the invitation.
  const key = await page.evaluate((g) => localStorage.getItem(`loupe.respondent.sessionKey.${g}`), guid);
  expect(key).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  await page.reload();
  await expect(page.getByText('الصفحة 3 من 3')).toBeVisible();
  await page.getByRole('button', { name: 'السابق' }).click();
  await expect(row(service, 'نظافة الفرع').getByRole('radio', { name: 'جيد' })).toBeChecked();
  await page.getByRole('button', { name: 'التالي' }).click();
  await question(page, 'أي تصميم بطاقة أعجبك؟').getByRole('radio', { name: 'البطاقة الزرقاء' }).check();
  await page.getByRole('button', { name: 'إنهاء' }).click();
  await expect(page.getByText('شكرًا لك! وصلتنا إجاباتك.')).toBeVisible();
  await saveScreenshot(page, 'respondent-page-ar-closing');
});

test('an English invitation shows its own words; the required message is said on the question', async ({
  page,
}) => {
  await page.goto(`/s/${tokens().en}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Branch experience survey' })).toBeVisible();
  await expect(page.getByText('Hello Emma Brown, thank you')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('This question needs an answer.')).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, 'respondent-page-en-page1');
});

test('the unsubscribe link asks first, then records the opt-out; the invitation then says so', async ({
  page,
}) => {
  const guid = tokens().optOut;
  await page.goto(`/s/${guid}/optout`);
  await expect(page.getByRole('heading', { name: 'Anketlerimizden ayrılın' })).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, 'respondent-page-tr-optout');
  // "No" goes to the survey, its opt-out control asks again.
  await page.getByRole('button', { name: 'Hayır, ankete git' }).click();
  await expect(page).toHaveURL(new RegExp(`/s/${guid}$`));
  await expect(page.getByText('Sayfa 1 / 3')).toBeVisible();
  await page.getByRole('button', { name: 'Abonelikten çık' }).click();
  await page.getByRole('button', { name: 'Evet, ayrıl' }).click();
  await expect(
    page.getByText('Anketlerimizden ayrıldınız. Bizden artık anket daveti almayacaksınız.'),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByText('Anketlerimizden ayrıldınız.', { exact: true })).toBeVisible();
  await page.goto(`/s/${guid}/optout`);
  await expect(page.getByText('Anketlerimizden ayrıldınız.', { exact: true })).toBeVisible();
});

test('a survey link: anonymous, no unsubscribe, resumed by the browser’s key, redirected after completion, answered on the next visit, closed when the link is', async ({
  page,
  request,
}) => {
  const headers = await apiHeaders(request, 'admin');
  const surveyId = tokens().enSurveyId;
  const link = { Name: `E2E respondent link ${Date.now().toString(36)}`, TransactionChannelId: null };
  const created = await request.post(`/api/surveys/${surveyId}/links`, { headers, data: link });
  expect(created.status()).toBe(201);
  const { Guid: guid, Id: linkId } = (await created.json()) as { Guid: string; Id: number };
  await page.goto(`/s/${guid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Branch experience survey' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  const nps = question(page, 'How likely are you to recommend us to a friend?').getByRole('slider');
  await nps.focus();
  await nps.press('End');
  await expect(nps).toHaveAttribute('aria-valuetext', '10');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 3')).toBeVisible();
  const key = await page.evaluate((g) => localStorage.getItem(`loupe.respondent.sessionKey.${g}`), guid);
  expect(key).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  await page.reload();
  await expect(page.getByText('Page 2 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(nps).toHaveAttribute('aria-valuetext', '10');
  await page.getByRole('button', { name: 'Next' }).click();
  const service = question(page, 'Rate the service');
  await row(service, 'Staff attention').getByRole('radio', { name: 'Good' }).check();
  await row(service, 'Branch cleanliness').getByRole('radio', { name: 'Fair' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Complete' }).click();
  // The closing message, then the survey's redirect after its 2 seconds.
  await expect(page.getByText('Your answers have reached us.')).toBeVisible();
  await expect(page.getByText('You will be taken to the next page in 2 seconds.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Until interaction (the default): completed from this browser, the next visit says so; an inactive link is closed.
  await page.goto(`/s/${guid}`);
  await expect(page.getByText('You have already completed this survey. Thank you!')).toBeVisible();
  const closed = await request.put(`/api/surveys/${surveyId}/links/${linkId}`, {
    headers,
    data: { ...link, IsActive: false },
  });
  expect(closed.status()).toBe(200);
  await page.reload();
  await expect(page.getByText('This survey is closed. Thank you for your interest.')).toBeVisible();
});

test.describe('a survey link’s presentation frequency, over two visits of one browser', () => {
  /** A link on the English survey with this frequency (1 until interaction, 2 once per visitor, 3 once per visit). */
  async function linkWith(request: APIRequestContext, frequency: 1 | 2 | 3): Promise<string> {
    const created = await request.post(`/api/surveys/${tokens().enSurveyId}/links`, {
      headers: await apiHeaders(request, 'admin'),
      data: {
        Name: `E2E frequency ${frequency} ${Date.now().toString(36)}`,
        TransactionChannelId: null,
        PresentationFrequency: frequency,
      },
    });
    expect(created.status()).toBe(201);
    return ((await created.json()) as { Guid: string }).Guid;
  }

  /** A new visit: a new tab of the same browser (same localStorage, a new sessionStorage). */
  async function newVisit(page: Page, guid: string): Promise<Page> {
    const visit = await page.context().newPage();
    await watchPolicy(visit);
    await visit.goto(`/s/${guid}`);
    await expect(visit.getByRole('heading', { level: 1, name: 'Branch experience survey' })).toBeVisible();
    return visit;
  }

  /** Page 1 answered and saved (the session has a key); the form is on page 2. */
  async function answerFirstPage(page: Page) {
    const nps = question(page, 'How likely are you to recommend us to a friend?').getByRole('slider');
    await nps.focus();
    await nps.press('End');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Page 2 of 3')).toBeVisible();
  }

  async function completeFromSecondPage(page: Page) {
    const service = question(page, 'Rate the service');
    await row(service, 'Staff attention').getByRole('radio', { name: 'Good' }).check();
    await row(service, 'Branch cleanliness').getByRole('radio', { name: 'Fair' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Complete' }).click();
    await expect(page.getByText('Your answers have reached us.')).toBeVisible();
  }

  test('1 until interaction: offered (and resumed) again after a visit without interaction; “No, thanks” ends it', async ({
    page,
    request,
  }) => {
    const guid = await linkWith(request, 1);
    await page.goto(`/s/${guid}`);
    await expect(page.getByRole('button', { name: 'Not now' })).toHaveCount(0);
    await answerFirstPage(page);
    await page.close();

    // Second visit: still offered, on the page the first one left it.
    const second = await newVisit(page, guid);
    await expect(second.getByText('Page 2 of 3')).toBeVisible();
    await expectAccessible(second);
    await saveScreenshot(second, 'respondent-page-en-link-offered');
    await second.getByRole('button', { name: 'No, thanks' }).click();
    await expect(
      second.getByText('You chose not to take this survey. Thank you for your time.'),
    ).toBeVisible();
    await expectAccessible(second);
    await saveScreenshot(second, 'respondent-page-en-link-declined');

    // Third visit: declined is an interaction, so it is not offered again.
    const third = await newVisit(second, guid);
    await expect(third.getByText('You chose not to take this survey.', { exact: false })).toBeVisible();
    await expect(third.getByText('Page 1 of 3')).toHaveCount(0);
  });

  test('2 once per visitor: a browser that only looked is not offered it again; one that started resumes it, then says it is answered', async ({
    page,
    request,
  }) => {
    const guid = await linkWith(request, 2);
    await page.goto(`/s/${guid}`);
    await expect(page.getByText('Page 1 of 3')).toBeVisible();
    await page.close();
    const second = await newVisit(page, guid);
    await expect(
      second.getByText('This survey has already been offered on this device. Thank you for your interest.'),
    ).toBeVisible();
    await expect(second.getByText('Page 1 of 3')).toHaveCount(0);
    await expectAccessible(second);

    // Another browser: its first visit starts answering, the second resumes that one presentation and completes it,
    // and a later visit says it is answered.
    const otherBrowser = await page
      .context()
      .browser()!
      .newContext({ viewport: { width: 360, height: 740 } });
    try {
      const first = await otherBrowser.newPage();
      await watchPolicy(first);
      await first.goto(`/s/${guid}`);
      await answerFirstPage(first);
      await first.close();
      const resumed = await newVisit(first, guid);
      await expect(resumed.getByText('Page 2 of 3')).toBeVisible();
      await completeFromSecondPage(resumed);
      const later = await newVisit(resumed, guid);
      await expect(later.getByText('You have already completed this survey. Thank you!')).toBeVisible();
    } finally {
      await otherBrowser.close();
    }
  });

  test('3 once per visit: the visit that completed it sees the closing message again; a new visit starts afresh; “Not now” is for this visit', async ({
    page,
    request,
  }) => {
    const guid = await linkWith(request, 3);
    await page.goto(`/s/${guid}`);
    await expect(page.getByRole('button', { name: 'No, thanks' })).toHaveCount(0);
    await answerFirstPage(page);
    // The visit's key is kept for the visit only.
    expect(
      await page.evaluate((g) => sessionStorage.getItem(`loupe.respondent.sessionKey.${g}`), guid),
    ).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(
      await page.evaluate((g) => localStorage.getItem(`loupe.respondent.sessionKey.${g}`), guid),
    ).toBeNull();
    await page.reload();
    await expect(page.getByText('Page 2 of 3')).toBeVisible();
    await completeFromSecondPage(page);
    await expect(page).toHaveURL(/\/login$/);
    // Back to the link in the same visit: the closing message, without a second redirect.
    await page.goto(`/s/${guid}`);
    await expect(page.getByText('Your answers have reached us.')).toBeVisible();
    await expect(page.getByText('You will be taken to the next page', { exact: false })).toHaveCount(0);
    await expectAccessible(page);

    // A new visit: a fresh session from page 1; "Not now" leaves this visit alone.
    const second = await newVisit(page, guid);
    await expect(second.getByText('Page 1 of 3')).toBeVisible();
    await expect(
      question(second, 'How likely are you to recommend us to a friend?').getByRole('slider'),
    ).toHaveAttribute('aria-valuetext', 'Not answered yet: move the slider to answer.');
    await second.getByRole('button', { name: 'Not now' }).click();
    await expect(second.getByText('All right. You can take the survey on your next visit.')).toBeVisible();
    await expectAccessible(second);
    await saveScreenshot(second, 'respondent-page-en-link-not-now');
    await second.reload();
    await expect(second.getByText('All right. You can take the survey on your next visit.')).toBeVisible();
    const third = await newVisit(second, guid);
    await expect(third.getByText('Page 1 of 3')).toBeVisible();
  });
});

test('an expired invitation and an unknown guid say so plainly', async ({ page }) => {
  await page.goto(`/s/${tokens().expired}`);
  await expect(page.getByText('Bu davetin süresi doldu. İlginiz için teşekkür ederiz.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'İleri' })).toHaveCount(0);
  await expectAccessible(page);
  await saveScreenshot(page, 'respondent-page-tr-expired');
  await page.goto('/s/0b6a3c8e-1f2d-4e5a-9b7c-3d2e1f0a9b8c');
  await expect(page.getByText('Bu anket bağlantısı geçerli değil.', { exact: false })).toBeVisible();
});

test.describe('the console’s feedback button', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('opens the survey in a dialog, reuses its invitation when reopened, hides once it is finished', async ({
    page,
    request,
  }) => {
    const headers = await apiHeaders(request, 'admin');
    // The tenant's product-feedback survey, named for this test only: every other spec's console has no button.
    const created = await request.post('/api/system-configurations', {
      headers,
      data: {
        Section: 'FeedbackSurvey',
        JsonConfig: JSON.stringify({ SurveyId: tokens().feedbackSurveyId }),
      },
    });
    expect(created.status()).toBe(201);
    const configurationId = (await created.json()).Id as number;
    try {
      await signIn(page, 'admin');
      const button = page.getByRole('button', { name: 'Geri bildirim' });
      await button.click();
      const dialog = page.getByRole('dialog', { name: 'Loupe hakkında düşüncelerinizi paylaşın' });
      const frame = dialog.locator('iframe');
      const firstSource = await frame.getAttribute('src');
      expect(firstSource).toMatch(/\/s\/[0-9a-f-]{36}$/);
      await expect(page.frameLocator('iframe').getByText('Loupe’u ne kadar beğeniyorsunuz?')).toBeVisible();
      // Closed unfinished and opened again: the same invitation.
      await dialog.getByRole('button', { name: /Kapat|Close/ }).click();
      await expect(dialog).toBeHidden();
      await button.click();
      await expect(frame).toHaveAttribute('src', firstSource!);
      const survey = page.frameLocator('iframe');
      await survey.locator('label').nth(4).click();
      await survey.getByRole('button', { name: 'Tamamla' }).click();
      await expect(survey.getByText('Geri bildiriminiz için teşekkürler!')).toBeVisible();
      // Finished: the button goes, the dialog stays on the closing message until it is closed.
      await expect(button).toBeHidden();
      await expect(dialog).toBeVisible();
      await saveScreenshot(page, 'respondent-page-feedback-dialog');
      await dialog.getByRole('button', { name: /Kapat|Close/ }).click();
      await expect(dialog).toBeHidden();
      // Remembered for this user: a reload does not bring it back.
      await page.reload();
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Geri bildirim' })).toHaveCount(0);
    } finally {
      await request.delete(`/api/system-configurations/${configurationId}`, { headers });
    }
  });
});
