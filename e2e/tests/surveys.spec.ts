import type { Locator, Page } from '@playwright/test';
import { animationsSettled, clickMenuItem, settled } from './support/animations.js';
import { chooseLanguage } from './support/language.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/session.js';
import { expect, test } from './support/test.js';
import { escapeRegExp, unfold } from './support/widget-dialog.js';

/*
 * Issue 16's acceptance of the wizard (surveys spec §2-§5): a manager builds a survey from scratch through the six
 * steps, meets the refusals on the way (2036 a used integration code, 4020 no channel, 4022 a quota cron off the
 * refresh job's schedule, 4016 activating without questions), creates an NPS question from the NPS 0-10 template,
 * an open-ended question and a matrix group in place, activates the survey, sends a test invitation, follows the
 * link to its statistics, and finds it at once in a report widget's survey picker (no reload: the wizard
 * invalidates the picker's cached lookup). Screenshots of every step in Turkish, English and Arabic. Titles and
 * codes are unique per run, so the spec can run again on the same data directory.
 */

const run = Date.now().toString(36);
const TITLE = `E2E Anket ${run}`;
/** The demo's draft survey holds this integration code (apps/server/src/demo/survey-wizard.data.ts). */
const USED_SURVEY_CODE = 'CARD_APP';
const QUESTIONS = {
  nps: `E2E NPS ${run}: Bizi tavsiye eder misiniz?`,
  open: `E2E açık uçlu ${run}: Neden?`,
  matrix: `E2E matris ${run}`,
};
const WIZARD_STEPS = ['General', 'Flow', 'Audience', 'Channel', 'Quota', 'Activate'] as const;

// A step that cannot happen fails within this, not at the end of the whole test.
test.use({ actionTimeout: 20_000 });

const main = (page: Page) => page.getByRole('main');
const next = (page: Page) => main(page).getByRole('button', { name: 'Kaydet ve devam et' });

/**
 * Goes to `path` inside the single-page app (history and a popstate, as a link would), so the query cache, and
 * with it the widget dialog's survey lookup, survives: a page.goto would reload and hide a missing invalidation.
 */
async function spaNavigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(path)}$`));
}

/** Picks `option` in an antd select once its list has opened, after typing `search` in it if given. */
async function pick(page: Page, select: Locator, option: string | RegExp, search?: string): Promise<void> {
  await select.click();
  // A long list renders only what is in view: the search brings the option there.
  if (search) await page.keyboard.type(search);
  const text = typeof option === 'string' ? new RegExp(`^${escapeRegExp(option)}$`) : option;
  const item = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .first();
  // Clicked once the list has stopped moving (it opens with a slide).
  await expect(item).toBeVisible();
  await settled(item);
  await item.click();
}

/** The Turkish titles of the steps (locales/tr/surveys.json). */
const STEP_TITLES = {
  General: 'Genel',
  Flow: 'Akış tasarımı',
  Audience: 'Hedef kitle',
  Channel: 'Kanal',
  Quota: 'Kota',
  Activate: 'Aktifleştir',
} as const;

/**
 * The wizard shows `step`: its address and its Steps item (rendered with the step's form, so a click after this
 * reaches that form, not the previous step's Next).
 */
async function atStep(page: Page, step: (typeof WIZARD_STEPS)[number]): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`[?&]step=${step}`));
  await expect(main(page).locator('.ant-steps-item-active')).toContainText(STEP_TITLES[step]);
}

/** Opens the widget dialog of the demo report on the NPS card and types `title` in its survey picker. */
async function searchWidgetSurveyPicker(page: Page, title: string): Promise<Locator> {
  await spaNavigate(page, '/reports/nps-trendleri');
  await page.getByRole('button', { name: 'Bileşen ekle', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Rapora yeni bileşen ekle' });
  await dialog.getByLabel('Bileşenleri başlığa göre ara').fill('NPS kartı');
  await dialog
    .getByRole('region', { name: '“NPS kartı” ile eşleşen bileşenler' })
    .getByRole('button', { name: /^NPS kartı/ })
    .click();
  await unfold(dialog, 'Genel filtreler');
  await dialog.getByLabel('Anketler', { exact: true }).click();
  await page.keyboard.type(title);
  return dialog;
}

async function closeWidgetDialog(page: Page, dialog: Locator): Promise<void> {
  // Escape closes the select's list; the dialog's close button then leaves without a widget.
  await page.keyboard.press('Escape');
  await dialog.locator('.ant-modal-close').click();
  await expect(dialog).toBeHidden();
}

/** Creates a question in the flow step's "create in place" drawer and waits for its row in the flow. */
async function createInPlace(
  page: Page,
  text: string,
  fill: (drawer: Locator) => Promise<void>,
): Promise<void> {
  await main(page).getByRole('button', { name: 'Soru oluştur' }).click();
  const drawer = page.getByRole('dialog', { name: 'Soru oluştur' });
  await drawer.getByLabel(/^(\* )?Soru metni$/).fill(text);
  await fill(drawer);
  await drawer.getByRole('button', { name: 'Kaydet', exact: true }).click();
  await expect(drawer).toBeHidden();
  await expect(main(page).getByTestId('flow-question').filter({ hasText: text })).toBeVisible();
}

/** Screenshots of every step of the survey `id` in the current language. */
async function screenshotSteps(page: Page, id: string, language: string): Promise<void> {
  await page.goto(`/surveys/${id}?step=General`);
  const steps = main(page).locator('.ant-steps-item');
  for (const [index, step] of WIZARD_STEPS.entries()) {
    // The Steps bar opens every step of a finished survey, without a reload.
    await steps.nth(index).click();
    await expect(page).toHaveURL(new RegExp(`[?&]step=${step}`));
    await expect(steps.nth(index)).toHaveClass(/ant-steps-item-active/);
    await expect(main(page).locator('.ant-spin-spinning')).toHaveCount(0);
    await saveScreenshot(page, `surveys-wizard-${index + 1}-${step.toLowerCase()}-${language}`);
  }
}

// Two sign-in free passes through six steps, three questions, two widget dialogs and twelve screenshots: more
// than the default on a busy two-core machine.
test.setTimeout(180_000);

test('a manager builds a survey through the six steps, activates it and finds it in a widget picker', async ({
  page,
}) => {
  await signIn(page, 'manager');

  // The widget dialog's survey lookup is loaded (and cached) before the survey exists.
  const before = await searchWidgetSurveyPicker(page, TITLE);
  await expect(page.locator('.ant-select-dropdown:visible').getByText('Seçenek yok')).toBeVisible();
  await closeWidgetDialog(page, before);

  // The list, and a new survey's general step.
  await spaNavigate(page, '/surveys');
  await expect(page.getByRole('heading', { level: 1, name: 'Anketler' })).toBeVisible();
  await saveScreenshot(page, 'surveys-list-tr');
  await main(page).getByRole('button', { name: 'Yeni anket' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Yeni anket' })).toBeVisible();
  await main(page)
    .getByLabel(/^(\* )?Başlık$/)
    .fill(TITLE);
  await main(page).getByLabel('Entegrasyon kodu').fill(USED_SURVEY_CODE);
  // A placeholder goes into the opening message at the cursor.
  const opening = main(page).getByRole('textbox', { name: 'Açılış mesajı' });
  await opening.click();
  await page.keyboard.type('Merhaba ');
  await main(page).getByRole('button', { name: 'Yer tutucu ekle' }).first().click();
  await clickMenuItem(page, '{{FullName}}', { exact: true });
  await expect(opening).toContainText('Merhaba {{FullName}}');
  await next(page).click();
  await expect(
    main(page).getByText('Bu anket entegrasyon kodu başka bir ankette kullanılıyor.'),
  ).toBeVisible();
  await main(page).getByLabel('Entegrasyon kodu').fill(`E2E-${run}`);
  await saveScreenshot(page, 'surveys-wizard-1-general-tr');
  await next(page).click();
  await atStep(page, 'Flow');
  const id = /\/surveys\/(\d+)/.exec(page.url())?.[1] ?? '';
  expect(id).not.toBe('');

  // A first pass with no question, to meet the channel, quota and activation rules.
  await expect(main(page).getByText('Bu akışta henüz soru yok.')).toBeVisible();
  await next(page).click();
  await atStep(page, 'Audience');
  await main(page).getByRole('button', { name: 'Özel veri koşulu ekle' }).click();
  await main(page).getByRole('textbox', { name: 'Değer' }).fill('gold');
  await expect(main(page).getByText('Koşullar: 1 / en fazla 20.')).toBeVisible();
  await next(page).click();
  await atStep(page, 'Channel');
  await next(page).click();
  await expect(main(page).getByText('Devam etmek için en az bir davet kanalı seçin.')).toBeVisible();
  await main(page).getByRole('checkbox', { name: 'E-posta' }).check();
  await pick(page, main(page).getByLabel('Birincil kanal'), 'E-posta');
  await main(page).getByLabel('Konu').fill('Görüşünüz bizim için önemli');
  await main(page).getByLabel('Metin').fill('Ankete katılmak için tıklayın: ');
  await main(page).getByRole('button', { name: 'Yer tutucu ekle' }).click();
  await clickMenuItem(page, '{{ExecutionLink}}', { exact: true });
  await expect(main(page).getByLabel('Metin')).toHaveValue(
    'Ankete katılmak için tıklayın: {{ExecutionLink}}',
  );
  await next(page).click();
  await atStep(page, 'Quota');
  await main(page).getByRole('button', { name: 'Kota ekle' }).click();
  await main(page).getByLabel('Ad', { exact: true }).fill('Tamamlananlar');
  await main(page).getByLabel('Yenileme (cron)').fill('*/7 * * * *');
  await next(page).click();
  await expect(
    main(page).getByText('Kota yenileme cron ifadesi yenileme işinin takvimine (5 dakikada bir) uymalıdır.'),
  ).toBeVisible();
  await main(page).getByLabel('Yenileme (cron)').fill('0 0 * * *');
  await next(page).click();
  await atStep(page, 'Activate');
  await main(page).getByRole('switch', { name: 'Anket aktif' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Aktifleştir' }).click();
  await expect(
    main(page).getByText('Soruları olan bir akışı bulunmayan anket aktifleştirilemez.'),
  ).toBeVisible();

  // Back to the flow: three questions created in place, reordered with the keyboard, a page break, display logic.
  await main(page).getByRole('button', { name: 'Akış tasarımı' }).click();
  await atStep(page, 'Flow');
  await createInPlace(page, QUESTIONS.open, async (drawer) => {
    await pick(page, drawer.getByLabel(/^(\* )?Soru tipi$/), /OETX/);
  });
  await createInPlace(page, QUESTIONS.nps, async (drawer) => {
    await pick(
      page,
      drawer.getByRole('combobox', { name: 'Cevap ölçeği şablonundan ekle' }),
      'NPS 0-10',
      'NPS 0-10',
    );
    await pick(page, drawer.getByLabel(/^(\* )?Ölçek$/), '0-10 (11 puan)');
  });
  await createInPlace(page, QUESTIONS.matrix, async (drawer) => {
    await pick(page, drawer.getByLabel(/^(\* )?Soru tipi$/), /MXSS/);
    await drawer.getByRole('button', { name: 'Alt soru ekle' }).click();
    await drawer.getByRole('textbox', { name: '1. alt soru', exact: true }).fill('Personel');
    await drawer.getByRole('button', { name: 'Alt soru ekle' }).click();
    await drawer.getByRole('textbox', { name: '2. alt soru', exact: true }).fill('Şube');
    await pick(
      page,
      drawer.getByRole('combobox', { name: 'Cevap ölçeği şablonundan ekle' }),
      'İyi-Orta-Kötü',
      'İyi-Orta-Kötü',
    );
    await expect(drawer.getByText('Henüz seçenek yok', { exact: false })).toBeHidden();
  });
  const rows = main(page).getByTestId('flow-question');
  await expect(rows).toHaveCount(3);
  // The NPS question moves first with the keyboard (Space lifts, ArrowUp moves, Space drops).
  await main(page)
    .getByRole('button', { name: `${QUESTIONS.nps} sorusunu taşı` })
    .focus();
  // Each key waits for the screen reader's announcement: a move before the list is measured goes nowhere.
  const announced = (text: string) =>
    expect(page.getByRole('status').filter({ hasText: text })).toBeAttached();
  await page.keyboard.press('Space');
  // Picked up, the question is over its own place at once.
  await announced(`${QUESTIONS.nps} 2. sıranın üzerinde.`);
  await page.keyboard.press('ArrowUp');
  await announced(`${QUESTIONS.nps} 1. sıranın üzerinde.`);
  await page.keyboard.press('Space');
  await announced(`${QUESTIONS.nps} 1. sıraya bırakıldı.`);
  await expect(rows.first()).toContainText(QUESTIONS.nps);
  await rows
    .filter({ hasText: QUESTIONS.nps })
    .getByRole('checkbox', { name: 'Sonrasında sayfa sonu' })
    .check();
  // The open-ended question shows only to detractors.
  await main(page)
    .getByRole('button', { name: `${QUESTIONS.open} görüntüleme mantığı` })
    .click();
  const logic = page.getByRole('dialog', { name: new RegExp(`^${escapeRegExp(QUESTIONS.open)}`) });
  await pick(page, logic.getByLabel('Önceki soru'), QUESTIONS.nps);
  for (const value of ['0', '1', '2', '3', '4', '5', '6']) {
    await logic.getByLabel('Verilen cevap').click();
    await page.keyboard.type(`(${value})`);
    await page.keyboard.press('Enter');
  }
  // A click on the dialog's title closes the list (Escape would close the dialog once the list is shut).
  await logic.getByText(`${QUESTIONS.open} yalnızca şu durumda gösterilsin…`).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await logic.getByRole('button', { name: 'Uygula' }).click();
  await expect(rows.filter({ hasText: QUESTIONS.open })).toContainText('Koşullu');
  await main(page).getByRole('button', { name: 'Önizleme' }).click();
  const preview = page.getByRole('dialog', { name: /^Önizleme/ });
  await expect(preview.getByText('Sayfa 2 / 2')).toBeVisible();
  // The dialog has stopped zooming in before the picture.
  await expect(page.locator('.ant-zoom-appear, .ant-zoom-enter')).toHaveCount(0);
  await saveScreenshot(page, 'surveys-wizard-preview-tr');
  await preview.locator('.ant-modal-close').click();
  await expect(preview).toBeHidden();
  await saveScreenshot(page, 'surveys-wizard-2-flow-tr');
  await next(page).click();

  // Audience, channel and quota keep what was saved; Next through them to Activate.
  for (const [index, step] of (['Audience', 'Channel', 'Quota'] as const).entries()) {
    await atStep(page, step);
    await saveScreenshot(page, `surveys-wizard-${index + 3}-${step.toLowerCase()}-tr`);
    await next(page).click();
  }
  await atStep(page, 'Activate');
  await expect(main(page).getByText('1 akış, 3 soru')).toBeVisible();
  await main(page).getByRole('switch', { name: 'Anket aktif' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Aktifleştir' }).click();
  await expect(main(page).getByRole('switch', { name: 'Anket aktif' })).toBeChecked();

  // A test invitation to a demo test user, and the way to the statistics.
  await main(page).getByRole('button', { name: 'Test daveti gönder' }).click();
  const invitation = page.getByRole('dialog', { name: 'Test daveti' });
  await pick(page, invitation.getByLabel('Test kullanıcıları'), /Tuna Test/);
  await page.keyboard.press('Escape');
  await invitation.getByRole('button', { name: 'Gönder' }).click();
  await expect(page.getByText('1 kullanıcıya test daveti sıraya alındı.')).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Anket istatistikleri' })).toHaveAttribute(
    'href',
    `/surveys/${id}/stats`,
  );
  await saveScreenshot(page, 'surveys-wizard-6-activate-tr');
  await main(page).getByRole('button', { name: 'Kaydet ve bitir' }).click();
  await expect(page).toHaveURL(/\/surveys$/);
  await page.getByRole('searchbox').fill(TITLE);
  await expect(main(page).getByRole('row').filter({ hasText: TITLE })).toContainText('Aktif');
  // A demo survey with invitees cannot be deleted: 4017 in the refusal's dialog.
  const demo = 'Branch Experience Survey';
  await page.getByRole('searchbox').fill(demo);
  await main(page)
    .getByRole('button', { name: `${demo} anketini sil` })
    .click();
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: `${demo} silinsin mi?` });
  await expect(confirm).toBeVisible();
  await animationsSettled(page);
  await confirm.getByRole('button', { name: 'Sil' }).click();
  const refusal = page.getByRole('dialog').filter({ hasText: `${demo} silinmedi` });
  await expect(refusal).toContainText('Davetlisi olan anket silinemez.');
  await refusal.getByRole('button', { name: 'Kapat' }).click();
  await expect(refusal).toBeHidden();

  // The report widget's survey picker has the new survey at once.
  const after = await searchWidgetSurveyPicker(page, TITLE);
  await expect(page.locator('.ant-select-dropdown:visible').getByText(TITLE)).toBeVisible();
  await closeWidgetDialog(page, after);

  // Every step in English and Arabic (the Turkish ones were taken on the way).
  await chooseLanguage(page, 'Dil', 'English');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await screenshotSteps(page, id, 'en');
  await expect(main(page).getByRole('button', { name: 'Save and finish' })).toBeVisible();
  await page.goto('/surveys');
  await saveScreenshot(page, 'surveys-list-en');
  await chooseLanguage(page, 'Language', 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await screenshotSteps(page, id, 'ar');
  await page.goto('/surveys');
  await saveScreenshot(page, 'surveys-list-ar');
  // Back to Turkish for the next spec's user (the language is saved on the user).
  await chooseLanguage(page, 'اللغة', 'Türkçe');
});
