import { expect, type Locator, type Page } from '@playwright/test';
import { saveScreenshot } from './screenshots.js';

/*
 * The report page and the widget dialog, as the widget specs drive them (Turkish labels of
 * locales/tr/reports.json, widgetDialog.json and widgets.json).
 */

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });
export const widgetGrid = (page: Page) => page.getByRole('list', { name: 'Rapor bileşenleri' });
/** A widget card on the report page, by its title. */
export const card = (page: Page, title: string) =>
  widgetGrid(page).getByRole('article', { name: title, exact: true });

/** An option of the open select dropdown (antd also renders an invisible option list for screen readers). */
export const selectOption = (page: Page, name: string) =>
  page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${escapeRegExp(name)}$`) });

/** No select dropdown is open or still closing (a closing one would take the next click meant for another). */
export const dropdownsClosed = (page: Page) =>
  expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);

/**
 * Picks an option of a select with the keyboard: types the option's text into the select's search, waits for
 * the option, takes the first match with Enter, closes a multiple select's dropdown, and checks that the select
 * shows the choice.
 *
 * Escape is pressed only for a multiple select, whose dropdown stays open after Enter. A single select closes on
 * Enter, and an Escape that arrives once its dropdown has closed goes to the dialog and closes it: reading
 * `aria-expanded` first and then pressing left that window open on a loaded machine (CI of 2026-11-30).
 */
export async function pickOption(page: Page, input: Locator, select: Locator, option: string): Promise<void> {
  await input.click();
  await input.fill(option);
  await expect(selectOption(page, option)).toBeVisible();
  await page.keyboard.press('Enter');
  const multiple = await select.evaluate((element) => element.classList.contains('ant-select-multiple'));
  if (multiple && (await input.getAttribute('aria-expanded')) === 'true') await page.keyboard.press('Escape');
  await dropdownsClosed(page);
  await expect(select).toContainText(option);
}

/** Picks an option of the select labelled `label` (a form field of the widget dialog) inside `scope`. */
export async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  // (`has` is looked up inside each select: a locator from the page, not one from `scope`.)
  const select = scope.locator('.ant-select').filter({ has: page.getByLabel(label, { exact: true }) });
  await pickOption(page, scope.getByLabel(label, { exact: true }), select, option);
}

/** Creates a report through the header's "Yeni rapor" dialog and waits for its (empty) page. */
export async function createReport(page: Page, report: { title: string; path: string }): Promise<void> {
  await page.getByRole('button', { name: 'Yeni rapor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Yeni rapor' });
  await dialog.getByLabel('Başlık').fill(report.title);
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${report.path}(\\?|$)`));
  await expect(heading(page, report.title)).toBeVisible();
}

/** Deletes the open report through its edit menu and waits for the home page. */
export async function deleteReport(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Raporu düzenle' }).click();
  await page.getByRole('menuitem', { name: 'Raporu sil' }).click();
  await page.getByRole('dialog').filter({ hasText: title }).getByRole('button', { name: 'Sil' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Picks a date preset in the report's range picker (filters count as applied: comment widgets load). */
export async function pickPreset(page: Page, preset: string, param: string): Promise<void> {
  await page.getByLabel('Tarih aralığı').click();
  await page.getByText(preset, { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`period=${param}`));
}

/** Opens the widget dialog's add flow ("Bileşen ekle") and returns the dialog. */
export async function openAddWidgetDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Bileşen ekle', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Rapora yeni bileşen ekle' });
  await expect(dialog.getByLabel('Bileşenleri başlığa göre ara')).toBeVisible();
  return dialog;
}

/** The widget cards of the dialog's open tab (without a search term). */
export const catalogueCards = (dialog: Locator) =>
  dialog.getByRole('list', { name: 'Bileşenler', exact: true });

/** A widget card of the dialog's open tab, by its catalogue title (its name starts with the title). */
export const catalogueCard = (dialog: Locator, title: string) =>
  catalogueCards(dialog).getByRole('button', { name: new RegExp(`^${escapeRegExp(title)}`) });

/** Opens a tab of the widget choice ("Genel", "Metin analitiği") and, if given, one of its categories. */
export async function browseCatalogue(dialog: Locator, tab: string, category?: string): Promise<void> {
  await dialog.getByRole('tab', { name: tab, exact: true }).click();
  await expect(dialog.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
  if (category) {
    await dialog
      .getByRole('navigation', { name: 'Kategoriler' })
      .getByRole('menuitem', { name: category, exact: true })
      .click();
  }
}

/**
 * Adds a widget through the widget dialog by browsing: opens the tab (and category), picks the widget's card,
 * lets `fill` set the fields it needs, saves, and waits for the card on the page.
 */
export async function addWidgetFromTab(
  page: Page,
  where: { tab: string; category?: string },
  title: string,
  fill?: (dialog: Locator) => Promise<void>,
): Promise<void> {
  const dialog = await openAddWidgetDialog(page);
  await browseCatalogue(dialog, where.tab, where.category);
  await catalogueCard(dialog, title).click();
  // The settings form starts with the catalogue title; category, widget and type are locked.
  await expect(dialog.getByLabel('Başlık', { exact: true })).toHaveValue(title);
  await expect(dialog.getByLabel('Bileşen', { exact: true })).toHaveValue(title);
  await expect(dialog.getByLabel('Bileşen', { exact: true })).toBeDisabled();
  await fill?.(dialog);
  await dialog.getByRole('button', { name: 'Kaydet', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, title)).toBeVisible();
}

/** Unfolds a folded section of the widget form ("Genel filtreler", "Gelişmiş"). */
export async function unfold(dialog: Locator, section: string): Promise<void> {
  const header = dialog.getByRole('button', { name: section, exact: true });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await expect(header).toHaveAttribute('aria-expanded', 'true');
}

/** The summary label of a card's chart (what a screen reader reads for the canvas); '' before it draws. */
export async function chartLabel(page: Page, title: string): Promise<string> {
  const chart = card(page, title).locator('[role="img"]:has(canvas)').first();
  if ((await chart.count()) === 0) return '';
  return (await chart.getAttribute('aria-label')) ?? '';
}

/** Turkish number text ("1.234", "-12,5") as a number. */
export const numberOf = (text: string) => Number(text.replace(/\./g, '').replace(',', '.').replace('−', '-'));

/**
 * A full-page screenshot from the top of the page (scrolled, the shell's fixed header and menu would be drawn
 * in the middle of it), once no "saved" message covers the page.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}
