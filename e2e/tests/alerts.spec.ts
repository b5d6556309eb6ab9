import type { Locator, Page } from '@playwright/test';
import { animationsSettled, settled } from './support/animations.js';
import { saveScreenshot } from './support/screenshots.js';
import { apiHeaders, signIn } from './support/session.js';
import { expect, test } from './support/test.js';

/*
 * Issue 19's alert screens (docs/alerts.md "Screens") on the demo data: the demo manager, owner of demo alerts,
 * sees the unread count on the bell, opens the unread list from it, opens an alert, comments, moves it through the
 * states to Completed (after the confirmation) and finds each step in the history; the viewer, without an alert
 * scope, has no bell and gets 403 from the API. The admin creates an alert rule, gives its Completed status an
 * integration source (made through the API) on the rule actions page, finds it there after a reload, and deletes
 * the rule; the manager, without an integration scope, sees that column disabled and why. Names are unique per
 * run.
 */

const run = Date.now().toString(36);
const RULE = `E2E alarm ${run}`;
const SOURCE = `E2E alarm kancası ${run}`;
const COMMENT = `Müşteri arandı ${run}`;
const main = (page: Page) => page.getByRole('main');
/** Opens a select (or tree select) and clicks its option holding `text` (the first one without), once it is still. */
async function pick(page: Page, field: Locator, text?: string): Promise<void> {
  await field.click();
  const options = page
    .locator('.ant-select-dropdown:visible')
    .locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper');
  const option = (text === undefined ? options : options.filter({ hasText: text })).first();
  await expect(option).toBeVisible();
  await settled(option);
  await option.click();
}

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Alarmlar: / });

/** The moves tried in order: every status reaches Completed (6) this way (contracts ALERT_TRANSITIONS). */
const PATH = ['Görüldü', 'Açık', 'İşlemde', 'Tamamlandı'] as const;

test('the owner opens an unread alert from the bell, comments and moves it to Completed', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // The demo keeps the alerts of its last three days unread, which a small load may not have: the owner's newest
  // alert is marked unread again through the API first, so the bell has something to count.
  const headers = await apiHeaders(request, 'manager');
  const newest = await request.get('/api/alerts', {
    headers,
    params: { $top: 1, $orderby: 'CreatedAt desc' },
  });
  expect(newest.status()).toBe(200);
  const [alert] = ((await newest.json()) as { Items: { Id: number }[] }).Items;
  expect(alert).toBeDefined();
  expect((await request.put(`/api/alerts/${alert!.Id}`, { headers, data: { ReadStatus: 0 } })).status()).toBe(
    200,
  );

  await signIn(page, 'manager');
  // The count arrives with the bell's first poll; the demo leaves the manager's newest alerts unread.
  await expect(bell(page)).toHaveAttribute('aria-label', /: [1-9]\d* okunmamış/, { timeout: 30_000 });
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  const unread = Number(/(\d+) okunmamış/.exec(name)?.[1] ?? 0);
  expect(unread).toBeGreaterThan(0);

  // The bell opens the list of the unread alerts, their rule in bold.
  await bell(page).click();
  await expect(page).toHaveURL(/\/alerts\?AlertReadStatus=0$/);
  await expect(main(page).getByRole('heading', { name: 'Alarmlar' })).toBeVisible();
  await expect(
    main(page).getByRole('button', { name: 'Filtreler: 10 filtreden 1 tanesi seçili' }),
  ).toBeVisible();
  const rows = main(page).locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().locator('strong').first()).toBeVisible();
  await saveScreenshot(page, 'alerts-unread-tr');

  // Open it: it is read now, and the bell counts one fewer.
  await rows.first().click();
  await expect(page).toHaveURL(/\/alerts\/\d+$/);
  await expect(main(page).getByRole('heading', { level: 1, name: /^Alarm \d+: / })).toBeVisible();
  await expect(bell(page)).toHaveAttribute('aria-label', new RegExp(`: ${unread - 1} okunmamış`), {
    timeout: 40_000,
  });

  // A comment joins the thread.
  await main(page).getByLabel('Yorum ekleyin', { exact: true }).fill(COMMENT);
  await main(page).getByRole('button', { name: 'Yorum ekle', exact: true }).click();
  await expect(page.getByText('Yorum eklendi.')).toBeVisible();
  await expect(main(page).getByRole('list', { name: 'Yorumlar, en eskisi önce' })).toContainText(COMMENT);

  // Through the states: only the allowed moves are offered; Completed asks first.
  const followUp = main(page).locator('.ant-card').filter({ hasText: 'Takip' });
  // The status tag of the summary: a move has landed once it shows the new status (the buttons come with it).
  const statusTag = main(page).locator('.ant-descriptions .ant-tag').first();
  await expect(statusTag).toBeVisible();
  const moves: string[] = [];
  for (const status of PATH) {
    const move = followUp.getByRole('button', { name: `${status} olarak işaretle`, exact: true });
    if (!(await move.isVisible())) continue;
    await move.click();
    if (status === 'Tamamlandı') {
      const confirm = page.locator('.ant-popconfirm');
      await expect(confirm).toContainText('Bu alarm tamamlansın mı?');
      await animationsSettled(page);
      await confirm.getByRole('button', { name: 'Tamamlandı olarak işaretle' }).click();
    }
    await expect(page.getByText(`Alarmın durumu artık ${status}.`)).toBeVisible();
    await expect(statusTag).toHaveText(status);
    await expect(followUp.locator('.ant-btn-loading')).toHaveCount(0);
    moves.push(status);
  }
  expect(moves.at(-1)).toBe('Tamamlandı');
  // Completed may be reopened, and only that.
  await expect(followUp.getByRole('button')).toHaveText(['Açık olarak işaretle', 'Ata']);

  // The history has every step, newest first.
  const history = main(page).locator('.ant-card').filter({ hasText: 'Geçmiş' });
  for (const status of moves)
    await expect(history.getByText(new RegExp(`^Deniz Manager: .+ → ${status}$`))).toBeVisible();
  await expect(history.getByText('Yorum: Deniz Manager').first()).toBeVisible();
  await saveScreenshot(page, 'alert-completed-tr');
});

test('without an alert scope: no bell, and the API answers 403', async ({ page, request }) => {
  await signIn(page, 'viewer');
  await expect(page.getByRole('banner').getByRole('button', { name: /hesap menüsü$/ })).toBeVisible();
  await expect(bell(page)).toHaveCount(0);
  const headers = await apiHeaders(request, 'viewer');
  expect((await request.get('/api/alerts', { headers })).status()).toBe(403);
  expect((await request.get('/api/alerts/count?alertOperatorStatus=0', { headers })).status()).toBe(403);
  await page.goto('/alerts');
  await expect(page).toHaveURL(/\/unathorized$/);
});

test('an alert rule: create with a condition, find it, give Completed an integration source, delete it after the confirmation', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // The webhook source the rule's Completed status delivers to (docs/integrations.md "Alert rule action").
  const headers = await apiHeaders(request, 'admin');
  const created = await request.post('/api/integration-sources', {
    headers,
    data: { Name: SOURCE, Type: 'webhook', Url: 'https://hooks.example.test/x', Secret: `e2e-secret-${run}` },
  });
  expect(created.status()).toBe(201);
  const source = (await created.json()) as { Id: number };
  await signIn(page, 'admin');
  await page.goto('/alert-rules');
  await expect(main(page).getByRole('heading', { name: 'Alarm kuralları' })).toBeVisible();
  await main(page).getByRole('button', { name: 'Yeni alarm kuralı' }).click();
  await expect(main(page).getByRole('heading', { name: 'Yeni alarm kuralı' })).toBeVisible();

  // Nothing chosen: refused under the fields first.
  await main(page).getByRole('button', { name: 'Kaydet' }).click();
  await expect(main(page).getByText('Bu alan zorunludur').first()).toBeVisible();

  await main(page).getByLabel('Başlık', { exact: true }).fill(RULE);
  await pick(page, main(page).getByLabel('Anketler', { exact: true }));
  await page.keyboard.press('Escape');
  for (const tree of ['Ürünler', 'İşlem kanalları']) {
    await pick(page, main(page).getByLabel(tree, { exact: true }));
    await page.keyboard.press('Escape');
  }
  // The first condition: a score of at most 6 on any question.
  await main(page).getByLabel('Koşul 1: Değer', { exact: true }).fill('6');
  await pick(page, main(page).getByLabel('Sahibi', { exact: true }), 'Deniz Manager');
  await expect(main(page).getByTitle('Deniz Manager (manager)')).toBeVisible();
  await pick(
    page,
    main(page).getByRole('combobox', { name: 'E-posta konusu alanına yer tutucu ekle' }),
    '{{AlertTitle}}',
  );
  await expect(main(page).getByLabel('E-posta konusu', { exact: true })).toHaveValue('{{AlertTitle}}');
  await saveScreenshot(page, 'alert-rule-form-tr');
  await main(page).getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByText(`${RULE} alarm kuralı kaydedildi.`)).toBeVisible();

  // The list finds it, active, with its owner.
  await expect(main(page).getByRole('heading', { name: 'Alarm kuralları' })).toBeVisible();
  await main(page).getByRole('searchbox').fill(RULE);
  const rows = main(page).locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Etkin');
  await expect(rows.first()).toContainText('Deniz Manager');

  // Its actions: Completed delivers to the source, saved as one integration action; a reload shows it.
  await rows
    .first()
    .getByRole('button', { name: `${RULE} eylemleri` })
    .click();
  await expect(main(page).getByRole('heading', { name: `${RULE} eylemleri` })).toBeVisible();
  const actionsUrl = page.url();
  const ruleId = Number(new URL(actionsUrl).pathname.split('/').pop());
  const completed = main(page).getByRole('combobox', { name: 'Tamamlandı olunca entegrasyon kaynakları' });
  await expect(completed).toBeEnabled();
  await pick(page, completed, SOURCE);
  await page.keyboard.press('Escape');
  await main(page).getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByText(`${RULE} eylemleri kaydedildi.`)).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Alarm kuralları' })).toBeVisible();
  const saved = await request.get(`/api/alert-rules/${ruleId}/actions`, { headers });
  expect(((await saved.json()) as { Actions: unknown[] }).Actions).toEqual([
    { Status: 6, Action: 'integration', IntegrationId: source.Id },
  ]);
  await page.goto(actionsUrl);
  await page.reload();
  await expect(main(page).getByRole('heading', { name: `${RULE} eylemleri` })).toBeVisible();
  const completedRow = main(page)
    .locator('.ant-table-tbody tr.ant-table-row')
    .filter({ has: page.getByRole('combobox', { name: 'Tamamlandı olunca entegrasyon kaynakları' }) });
  await expect(completedRow.locator('.ant-select-selection-item', { hasText: SOURCE })).toBeVisible();
  await expect(main(page).locator('.ant-select-selection-item')).toHaveCount(1);
  await page.goto('/alert-rules');
  await main(page).getByRole('searchbox').fill(RULE);
  await expect(rows).toHaveCount(1);

  // Delete after the confirmation.
  await rows
    .first()
    .getByRole('button', { name: `${RULE} sil` })
    .click();
  const confirm = page.locator('.ant-popconfirm');
  await expect(confirm).toContainText(`${RULE} alarm kuralı silinsin mi?`);
  await animationsSettled(page);
  await confirm.getByRole('button', { name: 'Sil' }).click();
  await expect(page.getByText(`${RULE} alarm kuralı silindi.`)).toBeVisible();
  await expect(rows).toHaveCount(0);
  // The rule gone, its source may go too.
  expect((await request.delete(`/api/integration-sources/${source.Id}`, { headers })).status()).toBe(204);
});

test('without an integration scope: the rule actions page shows the integration sources disabled, and why', async ({
  page,
  request,
}) => {
  // The demo manager has alert:manage but no integration scope.
  const rules = (await (
    await request.get('/api/alertRules', { headers: await apiHeaders(request, 'manager') })
  ).json()) as { Id: number }[];
  expect(rules.length).toBeGreaterThan(0);
  await signIn(page, 'manager');
  await page.goto(`/alert-rule-action/${rules[0]!.Id}`);
  const reason = 'Entegrasyon kaynağı seçmek entegrasyon okuma yetkisi ister; kayıtlı olanlar korunur.';
  await expect(main(page).getByText(reason)).toBeVisible();
  const completed = main(page).getByRole('combobox', {
    name: `Tamamlandı olunca entegrasyon kaynakları: ${reason}`,
  });
  await expect(completed).toBeDisabled();
  await expect(
    main(page).getByRole('checkbox', { name: 'Tamamlandı olunca: Sahibine e-posta' }),
  ).toBeEnabled();
});
