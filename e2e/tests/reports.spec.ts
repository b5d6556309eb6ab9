import { animationsSettled, chooseMenuItem } from './support/animations.js';
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { saveScreenshot } from './support/screenshots.js';
import { signIn, storedTokens } from './support/session.js';
import { expect, test } from './support/test.js';
import { browserDay, ddmmyyyy } from './support/browser-clock.js';
import { chooseLanguage } from './support/language.js';

/*
 * The report pages (reports spec §2, issue 6): a manager creates, renames, filters, assigns and deletes a report,
 * rearranges a demo report's widgets and exports it to PDF; a viewer sees the same reports read-only. The demo
 * report "NPS Trendleri" (apps/server/src/demo/demo-reports.ts) has four widgets: Haftalık NPS (width 6),
 * Dönem NPS (3), Yanıt Sayısı (3) and Gün ve Saate Göre NPS (6).
 */

const DEMO_REPORT = { title: 'NPS Trendleri', path: '/reports/nps-trendleri' };
const WIDGET_TITLES = ['Haftalık NPS', 'Dönem NPS', 'Yanıt Sayısı', 'Gün ve Saate Göre NPS'];

// The report this run creates; a suffix keeps a rerun against the same server apart.
const suffix = Date.now().toString(36).slice(-5);
const created = {
  title: `E2E Şube & Kanal ${suffix}`,
  path: `/reports/e2e-sube-y-kanal-${suffix}`,
  renamed: `E2E Bölge Özeti ${suffix}`,
  renamedPath: `/reports/e2e-bolge-ozeti-${suffix}`,
};

test.describe.configure({ mode: 'serial' });

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const editMenu = (page: Page) => page.getByRole('button', { name: 'Raporu düzenle' });
const widgetGrid = (page: Page) => page.getByRole('list', { name: 'Rapor bileşenleri' });
const dragHandles = (page: Page) => page.getByRole('button', { name: /bileşenini taşı$/ });

/** An option of the open select dropdown (antd also renders an invisible option list for screen readers). */
const selectOption = (page: Page, name: string) =>
  page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${name}$`) });

/** The widget titles in grid order. */
async function widgetOrder(page: Page): Promise<string[]> {
  return (await widgetGrid(page).getByRole('heading', { level: 2 }).allInnerTexts()).map((text) =>
    text.trim(),
  );
}

/** Drags a widget by its handle with the mouse and drops it on another widget. */
async function dragWidgetOnto(page: Page, title: string, target: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const grab = (await page.getByRole('button', { name: `${title} bileşenini taşı` }).boundingBox())!;
  const drop = (await widgetGrid(page).getByRole('article', { name: target }).boundingBox())!;
  await page.mouse.move(grab.x + grab.width / 2, grab.y + grab.height / 2);
  await page.mouse.down();
  // Past the 5 px the sensor waits for, then onto the target in steps, as a hand would.
  await page.mouse.move(grab.x + 20, grab.y + 10, { steps: 5 });
  await page.mouse.move(drop.x + drop.width / 2, drop.y + Math.min(drop.height / 2, 120), { steps: 15 });
  await page.mouse.up();
}

async function chooseFromEditMenu(page: Page, item: string): Promise<void> {
  await chooseMenuItem(page, editMenu(page), item);
}

/** Saves the report dialog and waits for it to close. */
async function saveDialog(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await expect(dialog).toBeHidden();
}

test('a manager creates a report, renames it, sets a date preset, filters it and assigns a role', async ({
  page,
}) => {
  await signIn(page, 'manager');
  await page.goto(DEMO_REPORT.path);
  await expect(heading(page, DEMO_REPORT.title)).toBeVisible();

  // Create: the address becomes the new title's slug (Turkish letters folded, & as -y-).
  await page.getByRole('button', { name: 'Yeni rapor' }).click();
  const createDialog = page.getByRole('dialog', { name: 'Yeni rapor' });
  await createDialog.getByLabel('Başlık').fill(created.title);
  await saveDialog(createDialog);
  await expect(page).toHaveURL(new RegExp(`${created.path}$`));
  await expect(heading(page, created.title)).toBeVisible();
  // No widgets yet: the empty state, and nothing to export.
  await expect(page.getByText('Bu raporda henüz bileşen yok.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'PDF olarak dışa aktar' })).toBeDisabled();

  // Rename through the edit menu.
  await chooseFromEditMenu(page, 'Yeniden adlandır');
  const editDialog = page.getByRole('dialog', { name: 'Raporu düzenle' });
  await editDialog.getByLabel('Başlık').fill(created.renamed);
  await saveDialog(editDialog);
  await expect(page).toHaveURL(new RegExp(`${created.renamedPath}$`));
  await expect(heading(page, created.renamed)).toBeVisible();

  // A date preset: the range shows its days and the address keeps the preset's name.
  await page.getByLabel('Tarih aralığı').click();
  await page.getByText('Son 7 gün', { exact: true }).click();
  await expect(page).toHaveURL(/period=last7Days/);
  await expect(page.getByLabel('Tarih aralığı')).toHaveValue(ddmmyyyy(await browserDay(page, -6)));
  await expect(page.getByPlaceholder('Bitiş tarihi')).toHaveValue(ddmmyyyy(await browserDay(page)));

  // Filters: two applied, shown as chips; removing one chip clears only its filter.
  await page.getByRole('button', { name: /^Filtreler: / }).click();
  const panel = page.getByRole('dialog', { name: 'Filtreler' });
  await panel.getByLabel('Katılımcı tipi').click();
  await selectOption(page, 'Destekçi').click();
  await selectOption(page, 'Kötüleyen').click();
  await page.keyboard.press('Escape');
  await panel.getByLabel('Oturum durumu').click();
  await selectOption(page, 'Doğrulanmış').click();
  await panel.getByRole('button', { name: 'Uygula' }).click();
  await expect(panel).toBeHidden();
  const chips = page.getByRole('list', { name: 'Uygulanan filtreler' });
  await expect(chips.getByRole('listitem')).toHaveCount(2);
  await expect(
    page.getByRole('button', { name: /^Filtreler: \d+ filtreden 2 tanesi seçili$/ }),
  ).toBeVisible();
  await saveScreenshot(page, 'report-filters-tr');
  await chips.getByRole('button', { name: 'Katılımcı tipi filtresini temizle' }).click();
  await expect(chips.getByRole('listitem')).toHaveCount(1);
  await expect(chips.getByRole('listitem')).toHaveText([/^Oturum durumu/]);
  // The filters live in the address: a reload keeps them and the preset.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Uygulanan filtreler' }).getByRole('listitem')).toHaveCount(1);
  await expect(page).toHaveURL(/period=last7Days/);

  // Assign the viewers' role, so the viewer sees this report too.
  await chooseFromEditMenu(page, 'Rol ata');
  const roleDialog = page.getByRole('dialog', { name: 'Rol ata' });
  const assigned = roleDialog.getByRole('list', { name: 'Atanmış roller' });
  await expect(assigned).toContainText('Report Manager');
  await roleDialog.getByLabel('Rol ekle').click();
  await selectOption(page, 'Report Viewer').click();
  await roleDialog.getByRole('button', { name: 'Ekle' }).click();
  await expect(assigned.getByRole('listitem')).toHaveCount(2);
  await expect(assigned).toContainText('Report Viewer');
  await roleDialog.getByRole('button', { name: 'Kapat' }).last().click();
  await expect(roleDialog).toBeHidden();
});

test('a viewer sees the same reports read-only', async ({ page }) => {
  await signIn(page, 'viewer');
  await page.goto(created.renamedPath);
  await expect(heading(page, created.renamed)).toBeVisible();
  await expect(editMenu(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Yeni rapor' })).toHaveCount(0);

  // The dashboard is the report in the Dashboard category.
  await page.goto('/dashboard');
  await expect(heading(page, 'Genel Bakış')).toBeVisible();
  await expect(dragHandles(page)).toHaveCount(0);

  await page.goto(DEMO_REPORT.path);
  await expect(heading(page, DEMO_REPORT.title)).toBeVisible();
  await expect(widgetGrid(page).getByRole('article')).toHaveCount(WIDGET_TITLES.length);
  await expect(dragHandles(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /işlemleri$/ })).toHaveCount(0);
  await expect(editMenu(page)).toHaveCount(0);
  // Export needs report:export, which the viewer does not hold.
  await expect(page.getByRole('button', { name: 'PDF olarak dışa aktar' })).toHaveCount(0);
});

test('a manager rearranges widgets, exports to PDF, removes a widget and deletes the created report', async ({
  page,
}) => {
  await signIn(page, 'manager');
  await page.goto(DEMO_REPORT.path);
  await expect(heading(page, DEMO_REPORT.title)).toBeVisible();
  await expect.poll(() => widgetOrder(page)).toEqual(WIDGET_TITLES);
  await saveScreenshot(page, 'report-page-tr');

  // Drag "Dönem NPS" onto "Yanıt Sayısı" with the mouse: equal widths trade places; a reload shows it kept.
  await dragWidgetOnto(page, 'Dönem NPS', 'Yanıt Sayısı');
  const swapped = ['Haftalık NPS', 'Yanıt Sayısı', 'Dönem NPS', 'Gün ve Saate Göre NPS'];
  await expect.poll(() => widgetOrder(page)).toEqual(swapped);
  await page.reload();
  await expect.poll(() => widgetOrder(page)).toEqual(swapped);

  // With the keyboard: the first widget (width 6) moves down past the two narrower ones; reload keeps it.
  const first = page.getByRole('button', { name: 'Haftalık NPS bileşenini taşı' });
  const announced = (text: RegExp) =>
    expect(page.getByRole('status').filter({ hasText: text })).toHaveCount(1);
  await first.focus();
  await page.keyboard.press('Space');
  await announced(/^Haftalık NPS alındı/);
  await page.keyboard.press('ArrowDown');
  await announced(/^Haftalık NPS, .+ üzerinde/);
  await page.keyboard.press('Space');
  await announced(/^Haftalık NPS \d\. sıraya bırakıldı/);
  await expect.poll(() => widgetOrder(page)).not.toEqual(swapped);
  const moved = await widgetOrder(page);
  expect(moved.indexOf('Haftalık NPS')).toBeGreaterThan(0);
  await page.reload();
  await expect.poll(() => widgetOrder(page)).toEqual(moved);

  // Arabic, right to left.
  await chooseLanguage(page, 'Dil', 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: 'تصدير بصيغة PDF' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, 'report-page-ar');
  await chooseLanguage(page, 'اللغة', 'Türkçe');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  // Export as PDF: the file is named after the title and is a PDF.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF olarak dışa aktar' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^NPS Trendleri_\d{4}-\d{2}-\d{2}T[\d-]+\.\d{3}Z\.pdf$/);
  const file = fs.readFileSync(await download.path());
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(file.length).toBeGreaterThan(10_000);

  // Put the demo report back in its order, for the next run.
  for (const [index, title] of WIDGET_TITLES.entries()) {
    const current = await widgetOrder(page);
    if (current[index] !== title) {
      await dragWidgetOnto(page, title, current[index]!);
      await expect.poll(async () => (await widgetOrder(page))[index]).toBe(title);
    }
  }

  // The created report filled up to the maximum of 10 widgets (through the API: the widget dialog comes with
  // the widget catalogue): the limit warning shows; removing one widget takes it away.
  const { accessToken } = await storedTokens(page);
  const headers = { Authorization: `Bearer ${accessToken}` };
  const list = (await (await page.request.get('/api/reports', { headers })).json()) as {
    Id: number;
    Slug: string;
  }[];
  const reportId = list.find((report) => `/reports/${report.Slug}` === created.renamedPath)!.Id;
  for (let position = 1; position <= 10; position++) {
    const config = { title: `Kart ${position}`, showTitle: true, size: { w: 2, h: 2 }, position };
    const answer = await page.request.post('/api/reportWidgets', {
      headers,
      data: { ReportId: reportId, WidgetId: 3, Config: JSON.stringify(config) },
    });
    expect(answer.status()).toBe(201);
  }
  await page.goto(created.renamedPath);
  await expect(heading(page, created.renamed)).toBeVisible();
  await expect(widgetGrid(page).getByRole('article')).toHaveCount(10);
  await expect(page.getByText('Bu rapor en fazla 10 bileşen sınırına ulaştı.')).toBeVisible();
  await chooseMenuItem(page, page.getByRole('button', { name: 'Kart 10 işlemleri' }), 'Kaldır');
  const removeDialog = page.getByRole('dialog').filter({ hasText: 'Kart 10 kaldırılsın mı?' });
  await removeDialog.getByRole('button', { name: 'Kaldır' }).click();
  await expect(widgetGrid(page).getByRole('article')).toHaveCount(9);
  await expect(page.getByText('Bu rapor en fazla 10 bileşen sınırına ulaştı.')).toHaveCount(0);

  // Delete the created report: confirmed, then home.
  await chooseFromEditMenu(page, 'Raporu sil');
  const confirm = page.getByRole('dialog').filter({ hasText: created.renamed });
  await expect(confirm).toBeVisible();
  // A click while the confirmation still zooms in can miss its button.
  await animationsSettled(page);
  await confirm.getByRole('button', { name: 'Sil' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(created.renamedPath);
  await expect(page).toHaveURL(/\/404$/);
});
