import { defineConfig } from '@playwright/test';
import { SERVER_URL } from './fixtures/e2e-env.js';

/*
 * One worker against one server: global setup (fixtures/global-setup.ts) starts the SMTP catcher, the OpenID
 * Connect provider, seeds a fresh data directory and starts `node apps/server/dist/main.js` on fixed ports
 * (fixtures/e2e-env.ts), so `npm run build` must have run first. `npm run test:e2e` (scripts/test-e2e.sh) runs
 * shards of the suite in several such processes at once, each on its own ports; LOUPE_E2E_SHARD keeps their
 * results and reports apart.
 */
const shard = process.env.LOUPE_E2E_SHARD;
const perShard = (folder: string) => (shard ? `${folder}/shard-${shard}` : folder);

export default defineConfig({
  testDir: './tests',
  outputDir: perShard('./test-results'),
  globalSetup: './fixtures/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  // No retries: a test that fails once has a cause to find (a race in the test or the app), not a second try.
  retries: 0,
  // Generous: flows with several sign-ins (argon2 on every password check) on a busy two-core machine.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: perShard('playwright-report') }]]
    : 'list',
  use: {
    baseURL: SERVER_URL,
    headless: true,
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    viewport: { width: 1280, height: 800 },
    // The console honours reduced motion (antd's motion off): what a test reads is there at once, never a
    // transition's leftover, such as a button's loading icon whose collapse never ended on a loaded machine.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium (scripts/ensure-chromium.sh); Playwright's own browser downloads stay off.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
