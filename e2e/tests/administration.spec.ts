import type { Page } from '@playwright/test';
import { animationsSettled } from './support/animations.js';
import { jsonField, jsonText, typeJson } from './support/json-field.js';
import { saveScreenshot } from './support/screenshots.js';
import { DEMO_PASSWORD, signIn, signOut } from './support/session.js';
import { expect, test } from './support/test.js';
import { chooseLanguage } from './support/language.js';

/*
 * The acceptance for roles (shell spec §5, §6): an administrator creates a role with two scopes and a
 * user holding it; that user sees only what the scopes open; the role, now in use, cannot be deleted and the
 * refusal reads in Turkish. Names are unique per run, so the spec can run again on the same data directory.
 */

const run = Date.now().toString(36);
const mainMenu = (page: Page, name = 'Ana menü') => page.getByRole('navigation', { name });

/** A menu entry by its text (its accessible name also carries the icon's label). */
const menuEntry = (page: Page, text: string) =>
  mainMenu(page)
    .getByRole('menuitem')
    .filter({ hasText: new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) });

async function topLevelEntries(page: Page): Promise<string[]> {
  const entries = await mainMenu(page).getByRole('menuitem').allInnerTexts();
  // The dashboard section shows only when the tenant has reports for the menu.
  return entries.map((text) => text.trim()).filter((entry) => entry !== 'Gösterge paneli');
}

async function sectionItems(page: Page, section: string): Promise<string[]> {
  const title = menuEntry(page, section);
  await title.click();
  await expect(title).toHaveAttribute('aria-expanded', 'true');
  const list = page.locator(`[id="${await title.getAttribute('aria-controls')}"]`);
  await expect(list).toBeVisible();
  return (await list.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
}

/** A text field of the page's form by its label (antd puts "* " before the label of a required one). */
const textField = (page: Page, label: string) =>
  page.getByRole('main').getByRole('textbox', { name: new RegExp(`^(\\* )?${label}$`) });

/** Waits until an antd dialog has finished its opening animation (for a screenshot that shows it). */
async function dialogSettled(page: Page, dialog: ReturnType<Page['getByRole']>) {
  await expect(dialog).toBeVisible();
  await expect
    .poll(() =>
      dialog.evaluate((element) => {
        const box = element.closest('.ant-modal') ?? element;
        const style = getComputedStyle(box);
        return (
          style.opacity === '1' &&
          (style.transform === 'none' || style.transform === 'matrix(1, 0, 0, 1, 0, 0)')
        );
      }),
    )
    .toBe(true);
}

/** Ticks scopes in the role form's scope list, finding each through the list's search box. */
async function tickScopes(page: Page, scopes: string[]) {
  const search = page.getByRole('searchbox', { name: 'Yetki ara' });
  for (const scope of scopes) {
    await search.fill(scope);
    await page.getByRole('checkbox', { name: new RegExp(`^${scope} `) }).check();
  }
  await search.fill('');
  await expect(page.getByText(`${scopes.length} seçili`, { exact: false })).toBeVisible();
}

test('a role with two scopes, a user holding it, their menu, and the refused delete', async ({ page }) => {
  const roleName = `E2E Rapor Okur ${run}`;
  const userName = `e2e-role-${run}`;
  const password = 'Role-Pass-1234';

  await signIn(page, 'admin');

  // The role: report:read and user:read.
  await page.goto('/roles');
  await expect(page.getByRole('heading', { level: 1, name: 'Roller' })).toBeVisible();
  await page.getByRole('button', { name: 'Yeni rol' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Yeni rol' })).toBeVisible();
  await textField(page, 'Ad').fill(roleName);
  await tickScopes(page, ['report:read', 'user:read']);
  await saveScreenshot(page, 'role-form-tr');
  await page.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByText(`${roleName} oluşturuldu.`)).toBeVisible();
  await expect(page).toHaveURL(/\/roles$/);
  await page.getByRole('searchbox', { name: 'Listede ara' }).fill(roleName);
  const roleRow = page.getByRole('row').filter({ hasText: roleName });
  // Name, security level, scopes, users.
  const cells = roleRow.getByRole('cell');
  await expect(cells.nth(1)).toHaveText('Standart kullanıcı');
  await expect(cells.nth(2)).toHaveText('2');
  await expect(cells.nth(3)).toHaveText('0');
  await saveScreenshot(page, 'roles-list-tr');

  // A level change asks first; cancelled, nothing is saved.
  await roleRow.click();
  await expect(page.getByRole('heading', { level: 1, name: `Rol: ${roleName}` })).toBeVisible();
  await page.getByRole('combobox', { name: /Güvenlik seviyesi/ }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Power user' }).click();
  await page.getByRole('button', { name: 'Kaydet' }).click();
  const confirmLevel = page.getByRole('dialog').filter({ hasText: 'Güvenlik seviyesi değiştirilsin mi?' });
  await expect(confirmLevel).toContainText('Standart kullanıcı seviyesinden Power user seviyesine');
  await confirmLevel.getByRole('button', { name: 'Vazgeç' }).click();
  await expect(confirmLevel).toBeHidden();
  await page.getByRole('link', { name: 'Rollere dön' }).click();
  await page.getByRole('searchbox', { name: 'Listede ara' }).fill(roleName);
  await expect(cells.nth(1)).toHaveText('Standart kullanıcı');

  // The user, holding the role, with a password of the admin's choice.
  await page.goto('/users/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Yeni kullanıcı' })).toBeVisible();
  await textField(page, 'Kullanıcı adı').fill(userName);
  await textField(page, 'Ad soyad').fill('Rol Deneme');
  await page.getByLabel('Roller', { exact: true }).click();
  await page.getByLabel('Roller', { exact: true }).fill(roleName);
  await page.locator('.ant-select-item-option').filter({ hasText: roleName }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Parola', { exact: true }).fill(password);
  await page.getByLabel('Parola (tekrar)').fill(password);
  const mustChange = page.getByRole('checkbox', { name: 'İlk oturum açışta yeni parola iste' });
  if (await mustChange.isChecked()) await mustChange.uncheck();
  await page.getByRole('button', { name: 'Kullanıcı oluştur' }).click();
  await expect(page.getByText(`${userName} kullanıcısı oluşturuldu.`)).toBeVisible();
  // The list the form returns to has loaded before the menu is opened: a click on the menu while the grid's
  // answer re-renders the page can be lost.
  await expect(page.getByRole('heading', { level: 1, name: 'Kullanıcılar' })).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await signOut(page);

  // Signed in as the new user: the menu holds what report:read and user:read open, as the registry lists them
  // (menu-registry.ts): user management; neither role management nor the report list (report:manage) is there,
  // and no report is assigned to the new role, so no dashboard either.
  await signIn(page, userName, password);
  expect(await topLevelEntries(page)).toEqual(['Genel bakış', 'Sistem yönetimi']);
  expect(await sectionItems(page, 'Sistem yönetimi')).toEqual(['Kullanıcılar']);
  await page.goto('/roles');
  await expect(page).toHaveURL(/\/unathorized$/);
  await page.goto('/report-list');
  await expect(page).toHaveURL(/\/unathorized$/);
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Kullanıcılar' })).toBeVisible();
  await signOut(page);

  // The role is in use now: the server refuses to delete it, and says why in Turkish.
  await signIn(page, 'admin');
  await page.goto('/roles');
  await page.getByRole('searchbox', { name: 'Listede ara' }).fill(roleName);
  await expect(cells.nth(3)).toHaveText('1');
  await roleRow.getByRole('button', { name: `${roleName} rolünü sil` }).click();
  // The confirmation opens with a zoom: a click while it moves lands beside the button.
  const confirmDelete = page.locator('.ant-popconfirm').getByRole('button', { name: 'Sil' });
  await expect(confirmDelete).toBeVisible();
  await animationsSettled(page);
  await confirmDelete.click();
  const refusal = page.getByRole('dialog').filter({ hasText: `${roleName} silinemedi` });
  await expect(refusal).toContainText('Bu rol kullanıcılara atanmış; silinemez.');
  await expect(page.locator('.ant-popconfirm')).toBeHidden();
  await dialogSettled(page, refusal);
  await saveScreenshot(page, 'role-delete-refused-tr');
  await refusal.getByRole('button', { name: 'Kapat' }).click();
  await expect(roleRow).toBeVisible();
});

test('the roles screens in English and Arabic (right to left), saved as screenshots', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/roles');
  await chooseLanguage(page, 'Dil', 'English');
  await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Administrator' })).toContainText('Power user');
  await saveScreenshot(page, 'roles-list-en');
  await page.getByRole('row').filter({ hasText: 'Administrator' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Role: Administrator' })).toBeVisible();
  await expect(
    page.getByRole('checkbox', { name: /^report:read View reports and dashboards/ }),
  ).toBeChecked();
  await saveScreenshot(page, 'role-form-en');

  await chooseLanguage(page, 'Language', 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'الدور: Administrator' })).toBeVisible();
  await saveScreenshot(page, 'role-form-ar');
  await page.goto('/roles');
  await expect(page.getByRole('heading', { level: 1, name: 'الأدوار' })).toBeVisible();
  await saveScreenshot(page, 'roles-list-ar');
});

test('a confidential client: its secret is shown once and signs in at /token', async ({ page, request }) => {
  const clientId = `e2e-client-${run}`;
  await signIn(page, 'admin');
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Yeni istemci' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Yeni istemci' })).toBeVisible();
  await textField(page, 'İstemci kimliği').fill(clientId);
  await textField(page, 'Ad').fill('E2E rapor servisi');
  await page.getByRole('radio', { name: 'Gizli' }).check();
  await page.getByRole('button', { name: 'Kaydet' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Bir daha gösterilmeyecek.');
  const secret = await dialog.getByLabel('İstemci gizli anahtarı').inputValue();
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await dialogSettled(page, dialog);
  await saveScreenshot(page, 'client-secret-tr');
  await dialog.getByRole('button', { name: 'Gizli anahtarı kaydettim' }).click();
  await expect(page).toHaveURL(/\/clients$/);

  // Never again: the client's page says only that a secret is set.
  await page.getByRole('searchbox', { name: 'Listede ara' }).fill('E2E rapor servisi');
  await page.getByRole('row').filter({ hasText: clientId }).click();
  await expect(page.getByText('Bir gizli anahtar tanımlı.')).toBeVisible();
  expect(await page.content()).not.toContain(secret);
  await saveScreenshot(page, 'client-form-tr');

  const token = await request.post('/token', {
    form: {
      grant_type: 'password',
      username: 'admin',
      password: DEMO_PASSWORD,
      client_id: clientId,
      client_secret: secret,
    },
  });
  expect(token.status()).toBe(200);
  const refused = await request.post('/token', {
    form: { grant_type: 'password', username: 'admin', password: DEMO_PASSWORD, client_id: clientId },
  });
  expect(await refused.json()).toMatchObject({ error: 'invalid_client' });
});

test('a configuration typed in the JSON editor: syntax marked, formatted, Tab leaves it, saved', async ({
  page,
}) => {
  const section = `E2E_JSON_${run}`;
  await signIn(page, 'admin');
  await page.goto('/system-configurations/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Yeni sistem yapılandırması' })).toBeVisible();
  await textField(page, 'Bölüm').fill(section);
  const editor = jsonField(page.getByRole('main'), 'JSON yapılandırma');
  const format = page.getByRole('button', { name: 'Biçimlendir' });

  // Broken JSON: its line is marked as you type, the field says what is wrong, and Format leaves it as it is.
  const broken = '{"retries": 3, "hosts": ["a", "b"]';
  await typeJson(editor, broken);
  await expect(page.locator('.cm-lint-marker-error')).toHaveCount(1);
  await expect(page.getByText('JSON biçimi hatalı')).toBeVisible();
  await expect(editor).toHaveAttribute('aria-invalid', 'true');
  await format.click();
  expect(await jsonText(editor)).toBe(broken);

  await typeJson(editor, '{"retries": 3, "hosts": ["a", "b"]}');
  await expect(page.locator('.cm-lint-marker-error')).toHaveCount(0);
  await expect(page.getByText('JSON biçimi hatalı')).toHaveCount(0);
  await expect(editor).not.toHaveAttribute('aria-invalid', 'true');
  await format.click();
  expect(await jsonText(editor)).toBe('{\n  "retries": 3,\n  "hosts": [\n    "a",\n    "b"\n  ]\n}');
  await saveScreenshot(page, 'configuration-json-tr');

  // The keyboard is never trapped: Tab goes on to the Format button.
  await editor.focus();
  await page.keyboard.press('Tab');
  await expect(format).toBeFocused();

  await page.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByText('Yapılandırma oluşturuldu.')).toBeVisible();
  await expect(page).toHaveURL(/\/system-configurations$/);
  await page.getByRole('searchbox', { name: 'Listede ara' }).fill(section);
  await page.getByRole('row').filter({ hasText: section }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Sistem yapılandırması ${section}` }),
  ).toBeVisible();
  await expect.poll(() => jsonText(editor)).toContain('"retries": 3');

  // Right to left pages keep JSON left to right.
  await chooseLanguage(page, 'Dil', 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const content = page.getByRole('main').locator('.cm-content');
  expect(await content.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
  await saveScreenshot(page, 'configuration-json-ar');
});
