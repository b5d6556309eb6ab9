import type { Page } from '@playwright/test';
import { OIDC_PORT, SERVER_URL } from '../fixtures/e2e-env.js';
import { OIDC_ACCOUNTS } from '../fixtures/e2e-users.js';
import { DEMO_PASSWORD, SIGN_IN_TR, signIn, storedTokens } from './support/session.js';
import { expect, test } from './support/test.js';
import {
  openAddWidgetDialog,
  browseCatalogue,
  catalogueCard,
  catalogueCards,
} from './support/widget-dialog.js';

/*
 * The console under its Content-Security-Policy (issue 14 item 6; apps/server/src/plugins/security-headers.ts):
 * every screen of the web router — sign-in pages, shell, each administration list and record, every demo report
 * with its widgets (charts, maps, comments), the widget dialog, the PDF export and the SSO round trip — with no CSP
 * violation, whether Chromium reports it on the console or as a `securitypolicyviolation` event.
 */

const IDP_ORIGIN = `http://127.0.0.1:${OIDC_PORT}`;

/** Administration lists with their create and record pages (`{path}`, `{path}/create`, `{path}/{id}`). */
const RECORD_SCREENS = [
  'users',
  'test-users',
  'roles',
  'clients',
  'system-configurations',
  'service-configurations',
  'experiences',
  'weighted-experience-groups',
  'journey-stages',
  'widget-types',
  'widgets',
  'questions',
  'invitation-templates',
  'message-templates',
  'import-data-logs',
  'export-ftp-surveys-answer',
  'alert-rules',
];
/** Screens only an installation operator holds (alterna:manage). */
const OPERATOR_RECORD_SCREENS = ['tenants', 'audit-logs'];
const SINGLE_SCREENS = [
  '/',
  '/profile',
  '/dashboard',
  '/license-info',
  '/system-rules',
  '/surveys',
  '/surveys/create',
  '/surveys/statistics',
  '/survey-prioritization',
  '/invitee-pool',
  '/invitee/create',
  '/optouts',
  '/optouts/create',
  '/data-validation-logs',
  '/custom-data-management',
  '/scheduled-jobs',
  '/alerts',
  '/alert-rule-statistics',
  '/responses-analyzer',
  '/satisfaction-profiler',
  '/simulation',
  '/health-check',
  '/logs',
  '/topic-discovery',
  '/topic-explorer',
];
const DEMO_REPORTS = [
  '/reports/genel-bakis',
  '/reports/nps-trendleri',
  '/reports/musteri-yorumlari',
  '/reports/bolge-karnesi',
];

/**
 * Collects every CSP violation of the console's own pages: Chromium's console message ("Refused to …") and the
 * `securitypolicyviolation` event (in every frame, told to the console by an init script). The identity provider's
 * pages are another site with a policy of their own, not checked here.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (!/Content Security Policy|securitypolicyviolation/i.test(text)) return;
    const where = message.location().url || page.url();
    if (where.startsWith(IDP_ORIGIN) || text.includes(`documentURI=${IDP_ORIGIN}`)) return;
    violations.push(`${page.url()}: ${text}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `securitypolicyviolation ${event.violatedDirective} blocked=${event.blockedURI} ` +
          `documentURI=${event.documentURI} source=${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return violations;
}

/** Opens `path` and waits until the screen has loaded its code and data. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

/** Opens a signed-in screen and checks the shell shows it (not the sign-in, no-permission or not-found page). */
async function visitScreen(page: Page, path: string): Promise<void> {
  await visit(page, path);
  await expect(page, path).not.toHaveURL(/\/(login|unathorized|404)(\?|$)/);
  await expect(page.getByRole('banner')).toBeVisible();
}

/** A list, its create page and, when the list has a row, that row's record page. */
async function visitRecordScreens(page: Page, path: string): Promise<void> {
  await visitScreen(page, `/${path}`);
  const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
  if ((await firstRow.count()) > 0) {
    // The first cell: a row's other cells may hold its actions (delete).
    await firstRow.locator('td').first().click();
    await expect(page).toHaveURL(new RegExp(`/${path}/[^/]+$`));
    await page.waitForLoadState('networkidle');
  }
  if (path !== 'audit-logs') await visitScreen(page, `/${path}/create`);
}

/** Whether the demo has a tenantless operator (issue 14); before it, the tenant administrator holds alterna:manage. */
async function operatorOrAdmin(): Promise<string> {
  const response = await fetch(`${SERVER_URL}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'operator',
      password: DEMO_PASSWORD,
      client_id: 'loupe-console',
    }),
  });
  return response.ok ? 'operator' : 'admin';
}

test.describe.configure({ mode: 'serial' });
// Dozens of full page loads per test on a busy two-core machine.
test.beforeEach(() => test.setTimeout(600_000));

test('the policy is on and the check sees a violation', async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/login');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toContain('unsafe-eval');
  await expect(page.getByRole('heading', { name: SIGN_IN_TR.heading })).toBeVisible();
  expect(violations).toEqual([]);

  // An inline script, as an injection would add one: refused and reported.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.head.append(script);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
});

test('the public pages run under the policy', async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of [
    '/login',
    '/forgot-password',
    '/resetPassword/not-a-real-code',
    '/change-password',
    '/confirm-email/not-a-real-code',
    '/sso',
    '/404',
    '/unathorized',
  ])
    await visit(page, path);
  // The captcha's image (an SVG data: URL) after a failed sign-in is covered by the captcha spec's own run.
  expect(violations).toEqual([]);
});

test('the shell and every administration screen run under the policy', async ({ page }) => {
  const violations = await watchViolations(page);
  await signIn(page, 'admin');
  for (const path of SINGLE_SCREENS) await visitScreen(page, path);
  for (const path of RECORD_SCREENS) await visitRecordScreens(page, path);
  // A public-style page for a signed-in user: the QR code (a data: image) and the key.
  await visit(page, '/two-factor-authenticate');
  await expect(page.getByRole('img', { name: 'Doğrulama uygulaması için QR kodu' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('the operator’s screens run under the policy', async ({ page }) => {
  const violations = await watchViolations(page);
  await signIn(page, await operatorOrAdmin());
  for (const path of OPERATOR_RECORD_SCREENS) await visitRecordScreens(page, path);
  expect(violations).toEqual([]);
});

test('report pages with their widgets, the widget dialog and the PDF export run under the policy', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  await signIn(page, 'admin');
  for (const path of DEMO_REPORTS) {
    await visitScreen(page, path);
    // Charts, gauges, maps and comment lists have drawn.
    await expect(
      page.getByRole('list', { name: 'Rapor bileşenleri' }).getByRole('article').first(),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
  }

  await visitScreen(page, DEMO_REPORTS[0]!);
  const dialog = await openAddWidgetDialog(page);
  for (const tab of ['Genel', 'Metin analitiği']) {
    await browseCatalogue(dialog, tab);
    await expect(catalogueCards(dialog).getByRole('button').first()).toBeVisible();
  }
  await browseCatalogue(dialog, 'Genel');
  const firstTitle = (await catalogueCards(dialog).getByRole('button').first().innerText()).split('\n')[0]!;
  await catalogueCard(dialog, firstTitle).click();
  await expect(dialog.getByLabel('Başlık', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF olarak dışa aktar' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  expect(violations).toEqual([]);
});

test('the SSO round trip runs under the policy', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/login');
  await page.getByRole('link', { name: 'SSO ile devam et' }).click();
  await expect(page).toHaveURL((url) => url.origin === IDP_ORIGIN);
  await page.locator('#login').fill(OIDC_ACCOUNTS.known.sub);
  await page.locator('#password').fill(OIDC_ACCOUNTS.known.password);
  await page.locator('#submit').click();
  await expect(page).toHaveURL((url) => url.origin === SERVER_URL && !url.pathname.startsWith('/sso'));
  await expect(page.getByRole('banner')).toBeVisible();
  expect((await storedTokens(page)).accessToken).toBeTruthy();
  expect(violations).toEqual([]);
});
