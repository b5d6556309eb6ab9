import type { Page } from '@playwright/test';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/session.js';
import { expect, test } from './support/test.js';
import { chooseLanguage } from './support/language.js';

const mainMenu = (page: Page, name = 'Ana menü') => page.getByRole('navigation', { name });

/** The menu's top-level entries while every section is closed (on the overview none is open). */
async function topLevelEntries(page: Page): Promise<string[]> {
  const entries = await mainMenu(page).getByRole('menuitem').allInnerTexts();
  return entries.map((text) => text.trim());
}

/** A menu entry by its text (its accessible name also carries the icon's label). */
const menuEntry = (page: Page, text: string, menuName?: string) =>
  mainMenu(page, menuName)
    .getByRole('menuitem')
    .filter({ hasText: new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) });

/** Opens a menu section and returns the names of its items. */
async function sectionItems(page: Page, section: string): Promise<string[]> {
  const title = menuEntry(page, section);
  await title.click();
  await expect(title).toHaveAttribute('aria-expanded', 'true');
  const list = page.locator(`[id="${await title.getAttribute('aria-controls')}"]`);
  await expect(list).toBeVisible();
  return (await list.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
}

test("the viewer's menu holds only what report:read opens; no alert bell", async ({ page }) => {
  await signIn(page, 'viewer');
  await expect(page.getByRole('heading', { name: 'Hoş geldiniz, Vera Viewer' })).toBeVisible();

  // The dashboard section shows only when the tenant has reports for the menu; the report list is report:manage's.
  const entries = (await topLevelEntries(page)).filter((entry) => entry !== 'Gösterge paneli');
  expect(entries).toEqual(['Genel bakış']);

  await expect(page.getByRole('button', { name: /^Alarmlar: / })).toHaveCount(0);
});

test("the admin's menu has every section, system management included, and the alert bell", async ({
  page,
}) => {
  await signIn(page, 'admin');
  await expect(page.getByRole('heading', { name: 'Hoş geldiniz, Demo Admin' })).toBeVisible();

  const entries = (await topLevelEntries(page)).filter((entry) => entry !== 'Gösterge paneli');
  expect(entries).toEqual([
    'Genel bakış',
    'İçgörü merkezi',
    'Anket yönetimi',
    'Aksiyon yönetimi',
    'CATI',
    'Veri yönetimi',
    'Rapor yönetimi',
    'Sistem yönetimi',
    'Entegrasyonlar',
    'YZ yönetimi',
  ]);
  const system = await sectionItems(page, 'Sistem yönetimi');
  for (const item of ['Sistem kuralları', 'Lisans', 'Kullanıcılar', 'Roller', 'Deneyimler', 'Kayıtlar']) {
    expect(system).toContain(item);
  }
  expect(await sectionItems(page, 'Rapor yönetimi')).toEqual(['Bileşen tipleri', 'Bileşenler', 'Raporlar']);

  // The bell shows the unread count and opens the alerts (issue 19).
  const bell = page.getByRole('button', { name: /^Alarmlar: \d+ okunmamış alarm$/ });
  await expect(bell).toBeVisible();
  await expect(bell).not.toHaveAttribute('aria-disabled', 'true');
});

test('the shell in Turkish, English and Arabic (right to left), saved as screenshots', async ({ page }) => {
  await signIn(page, 'admin');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'tr');
  await expect(html).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { name: 'Hoş geldiniz, Demo Admin' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveText(/\S+ 1\.9\.5$/);
  await saveScreenshot(page, 'shell-tr');

  await chooseLanguage(page, 'Dil', 'English');
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Welcome, Demo Admin' })).toBeVisible();
  await expect(menuEntry(page, 'System management', 'Main menu')).toBeVisible();
  await expect(page).toHaveTitle('Overview | Loupe');
  await saveScreenshot(page, 'shell-en');

  await chooseLanguage(page, 'Language', 'العربية');
  await expect(html).toHaveAttribute('lang', 'ar');
  await expect(html).toHaveAttribute('dir', 'rtl');
  const menu = mainMenu(page, 'القائمة الرئيسية');
  await expect(menuEntry(page, 'إدارة النظام', 'القائمة الرئيسية')).toBeVisible();
  // Right to left: the side menu sits on the right, the top bar's brand on its right end.
  const viewport = page.viewportSize()!;
  const menuBox = (await menu.boundingBox())!;
  expect(menuBox.x + menuBox.width).toBeGreaterThan(viewport.width - 5);
  expect(menuBox.x).toBeGreaterThan(viewport.width / 2);
  await saveScreenshot(page, 'shell-ar');

  // The choice is remembered on this device.
  await page.reload();
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(menuEntry(page, 'إدارة النظام', 'القائمة الرئيسية')).toBeVisible();
});
