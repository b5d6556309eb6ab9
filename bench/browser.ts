/// <reference lib="dom" />
// The browser part of the performance benchmark (issue 9 item 2): the benchmark report (bench-report.ts, ten
// catalogue widgets) in headless Chromium — time from navigation until every widget has drawn — and the
// JavaScript a browser fetches for the sign-in page and for a report page (raw and gzip bytes).
//
//   node --conditions=source --import tsx bench/browser.ts --url http://127.0.0.1:3000
//     [--report ID | --survey ID] [--runs 5] [--user manager] [--password Demo1234!] [--screenshot file.png] [--json]
//
// Without --report, the benchmark report is created (or an earlier one reused) by bench-report.ts on --survey,
// else on the demo's branch survey.
//
// What is measured, and with which cache:
// - Sign-in page, cold cache (a new browser context): the scripts requested from navigation until the user-name
//   field is visible and enabled ("usable"), and that time. The sign-in is then done through that form, as a
//   person would, and its tokens are used for the report page.
// - Report page, cold cache (another new context, tokens put in sessionStorage where lib/auth.ts keeps them):
//   every script requested until all widgets have drawn. This first visit is a warm-up, not a timed run.
// - Report page, warm cache: `runs` navigations of the same tab (a new document each time, so the app starts
//   from nothing but the HTTP cache). The built assets are served `immutable`, so this is what a person who
//   comes back to the report sees; the server and its caches are warm too. Each run is timed from the
//   navigation's start (performance.timeOrigin) to the frame in which every widget card has drawn.
//
// "Drawn" is read from the DOM, as nothing in the web app marks it (the app cannot be changed for the
// benchmark): a card has drawn when it shows no spinner or skeleton (`.ant-spin`, `.ant-skeleton`) and nothing
// `aria-busy`, and then either every chart box (EChart's `div[role=img]`) holds a canvas that has been painted,
// or, without charts, the card shows something beside its header: a figure, table rows, comments or its
// empty/no-data state. A canvas counts as painted once a downscaled copy of it has any non-transparent pixel;
// ECharts paints nothing before it has an option, and the card mounts its chart only with data. The time is
// that of the frame in which the last card became drawn, kept only if every card then stays drawn for
// QUIET_MS (a card that went back to loading restarts the wait). Charts that animate in keep changing after
// that; `settledMs` is the time their canvases stopped changing (entry animations done).
//
// Scripts are counted from Chromium's network events: resource type "script" or a JavaScript content type.
// The server sends them uncompressed, so each body is gzipped here at level 9 as a CDN would; a gzip-encoded
// answer would be counted at its transfer size instead. Chromium's language is en-US, so the signed-out part of
// the English catalogue is among them (lib/i18n.ts). Watching the page costs it about
// 1 ms of main thread per frame until every card has drawn (~60 ms of a ~1.7 s run on a 2-core machine).
//
// A benchmark never fails a build: problems are printed and the process still exits 0.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { constants, gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from '@playwright/test';
import { benchSettings, callApi, ensureBenchReport, type Api } from './bench-report.js';
import { percentile } from './stats.js';
import { signIn } from './ingest-harness.js';

const CHROMIUM_PATH = '/usr/bin/chromium';
/** How long every card must stay drawn (and charts unchanged, for `settledMs`) before a run counts as done. */
const QUIET_MS = 500;
/** Longest wait for a page before the run fails. */
const PAGE_TIMEOUT_MS = 60_000;
const VIEWPORT = { width: 1440, height: 900 };
// Issue 25's targets (bench/widgets.ts TARGETS).
const TARGET_DRAWN_MS = 1_000;
const TARGET_LOGIN_GZIP_BYTES = 250 * 1024;

/** Where lib/auth.ts keeps the tokens (sessionStorage by default). */
const ACCESS_TOKEN_KEY = 'loupe.accessToken';
const REFRESH_TOKEN_KEY = 'loupe.refreshToken';
/** The page-side state the watchers below keep on `window`. */
const STATE_KEY = '__loupeBench';

export type BrowserBenchOptions = {
  baseUrl: string;
  reportId: number;
  /** Default 'manager'. */
  userName?: string;
  /** Default 'Demo1234!'. */
  password?: string;
  /** Warm-cache navigations timed; default 5. */
  runs?: number;
  /** Optional PNG path: the whole report page after the last run. */
  screenshot?: string;
};

type ScriptBytes = { jsFiles: number; jsBytes: number; jsGzipBytes: number };

export type BrowserBenchResult = {
  /** Browser version. */
  chromium: string;
  /** Widget cards found on the page. */
  widgets: number;
  /** Per warm run: navigation start -> every widget card has drawn its data (or its empty state). */
  drawnMs: number[];
  p50DrawnMs: number;
  p95DrawnMs: number;
  /** The widget with the largest median drawn time, e.g. '7 NpsMap (p50 812 ms)'. */
  slowestWidget?: string;
  /** Per warm run: navigation start -> every chart's canvas has stopped changing (animations done). */
  settledMs: number[];
  /** The cold-cache first visit's drawn time (not in drawnMs). */
  coldDrawnMs: number;
  /** JS fetched until the sign-in form is usable, cold cache; usableMs from navigation start. */
  login: ScriptBytes & { usableMs: number };
  /** JS fetched for a signed-in report page until every widget has drawn, cold cache. */
  report: ScriptBytes;
};

// ---------------------------------------------------------------------------------------------------------
// Page side. These functions run in the browser (as init scripts, before the app's code), so they use nothing
// from this module.

type CardTiming = { title: string; drawnAt: number | null };
type PageState = {
  done: boolean;
  usableAt: number | null;
  /** The frame in which the last card became drawn (every card drawn since). */
  drawnAt: number | null;
  settledAt: number | null;
  cards: CardTiming[];
};

/** Records when the sign-in page's user-name field is first visible and enabled. */
function watchSignIn(stateKey: string): void {
  const state: PageState = { done: false, usableAt: null, drawnAt: null, settledAt: null, cards: [] };
  (window as unknown as Record<string, PageState>)[stateKey] = state;
  const check = () => {
    const input = document.querySelector<HTMLInputElement>('input[autocomplete="username"]');
    const box = input?.getBoundingClientRect();
    const visible =
      input !== null &&
      input !== undefined &&
      box !== undefined &&
      box.width > 0 &&
      box.height > 0 &&
      getComputedStyle(input).visibility !== 'hidden';
    if (visible && !input.disabled && !input.readOnly) {
      state.usableAt = performance.now();
      state.done = true;
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/**
 * Watches the report's widget cards frame by frame (see the header for what "drawn" means) until every card
 * has drawn and stayed so, and every chart has stopped changing, for `quietMs`. Until every card has drawn, a
 * canvas is read only until it is first seen painted and a drawn card only checked for a spinner, so that
 * watching costs the page little of the time it measures.
 */
function watchReport(options: { stateKey: string; expectedCards: number; quietMs: number }): void {
  const state: PageState = { done: false, usableAt: null, drawnAt: null, settledAt: null, cards: [] };
  (window as unknown as Record<string, PageState>)[options.stateKey] = state;
  // A downscaled copy of a chart's canvas: enough to tell blank from painted, and one frame from the next.
  const scratch = document.createElement('canvas');
  scratch.width = 64;
  scratch.height = 32;
  const scratchContext = scratch.getContext('2d', { willReadFrequently: true })!;
  scratchContext.imageSmoothingQuality = 'high';
  /** Each painted canvas's last fingerprint. */
  const fingerprints = new WeakMap<HTMLCanvasElement, number>();
  const timings = new Map<Element, CardTiming>();
  let lastChangeAt = 0;

  /** A hash of the canvas's pixels, or null while it is blank. */
  const fingerprint = (canvas: HTMLCanvasElement): number | null => {
    if (canvas.width === 0 || canvas.height === 0) return null;
    scratchContext.clearRect(0, 0, scratch.width, scratch.height);
    scratchContext.drawImage(canvas, 0, 0, scratch.width, scratch.height);
    const pixels = scratchContext.getImageData(0, 0, scratch.width, scratch.height).data;
    let painted = false;
    let hash = 17;
    for (let i = 0; i < pixels.length; i += 1) {
      if (i % 4 === 3 && pixels[i] !== 0) painted = true;
      hash = (Math.imul(hash, 31) + pixels[i]!) | 0;
    }
    return painted ? hash : null;
  };

  /** Whether the canvas has been painted; while `settling`, also notes when it last changed. */
  const painted = (canvas: HTMLCanvasElement, now: number, settling: boolean): boolean => {
    const known = fingerprints.get(canvas);
    if (known !== undefined && !settling) return true;
    const print = fingerprint(canvas);
    if (print === null) return known !== undefined;
    if (print !== known) {
      fingerprints.set(canvas, print);
      lastChangeAt = now;
    }
    return true;
  };

  const isDrawn = (card: Element, timing: CardTiming, now: number, settling: boolean): boolean => {
    if (card.querySelector('.ant-spin, .ant-skeleton, [aria-busy="true"]')) return false;
    const charts = Array.from(card.querySelectorAll('div[role="img"]'));
    if (charts.length > 0) {
      let drawn = true;
      for (const chart of charts) {
        const canvases = Array.from(chart.querySelectorAll('canvas'));
        if (canvases.length === 0) drawn = false;
        for (const canvas of canvases) drawn = painted(canvas, now, settling) && drawn;
      }
      return drawn;
    }
    if (timing.drawnAt !== null) return true;
    // No chart: a figure, table rows, comments or a state — anything shown beside the header.
    return Array.from(card.children).some((child) => {
      if (child.tagName === 'HEADER') return false;
      if ((child as HTMLElement).innerText.trim() !== '') return true;
      return Array.from(child.querySelectorAll('svg, img')).some((media) => {
        const box = media.getBoundingClientRect();
        return box.width > 0 && box.height > 0;
      });
    });
  };

  const frame = () => {
    const now = performance.now();
    const settling = state.drawnAt !== null;
    const cards = Array.from(document.querySelectorAll('ol > li > article'));
    let allDrawn = cards.length > 0 && cards.length >= options.expectedCards;
    for (const card of cards) {
      let timing = timings.get(card);
      if (!timing) {
        const title = card.getAttribute('aria-label') ?? card.querySelector('h2')?.textContent ?? '?';
        timing = { title, drawnAt: null };
        timings.set(card, timing);
      }
      if (isDrawn(card, timing, now, settling)) timing.drawnAt ??= now;
      else {
        timing.drawnAt = null;
        allDrawn = false;
      }
    }
    state.cards = cards.map((card) => timings.get(card)!);
    if (!allDrawn) state.drawnAt = null;
    else if (state.drawnAt === null) {
      state.drawnAt = Math.max(...state.cards.map((timing) => timing.drawnAt!));
      // Animations are followed from here on; the frames until now counted as changes.
      lastChangeAt = now;
    }
    if (state.drawnAt !== null && now - Math.max(state.drawnAt, lastChangeAt) >= options.quietMs) {
      state.settledAt = Math.max(state.drawnAt, lastChangeAt);
      state.done = true;
      return;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/**
 * An init script that calls `watcher(argument)`. tsx compiles this module with esbuild's `keepNames`, which
 * wraps inner functions in a `__name` helper the page does not have; a no-op stands in for it.
 */
function initScript<T>(watcher: (argument: T) => void, argument: T): string {
  return `(() => { const __name = (target) => target; (${watcher.toString()})(${JSON.stringify(argument)}); })();`;
}

async function waitForWatcher(page: Page, what: string): Promise<PageState> {
  try {
    await page.waitForFunction(
      (key) => (window as unknown as Record<string, PageState | undefined>)[key]?.done === true,
      STATE_KEY,
      { timeout: PAGE_TIMEOUT_MS, polling: 100 },
    );
  } catch (error) {
    const state = await page
      .evaluate((key) => (window as unknown as Record<string, PageState | undefined>)[key], STATE_KEY)
      .catch(() => undefined);
    const waiting = state?.cards.filter((card) => card.drawnAt === null).map((card) => card.title) ?? [];
    const detail = waiting.length > 0 ? `; not drawn: ${waiting.join(', ')}` : '';
    throw new Error(`${what} not done after ${PAGE_TIMEOUT_MS} ms at ${page.url()}${detail}`, {
      cause: error,
    });
  }
  return page.evaluate((key) => (window as unknown as Record<string, PageState>)[key]!, STATE_KEY);
}

// ---------------------------------------------------------------------------------------------------------
// Scripts fetched.

type ScriptFetch = { url: string; startedAt: number; bytes: Promise<{ raw: number; gzip: number }> };

const isScript = (response: Response) =>
  response.request().resourceType() === 'script' ||
  /javascript|ecmascript/.test(response.headers()['content-type'] ?? '');

async function scriptBytes(response: Response): Promise<{ raw: number; gzip: number }> {
  const body = await response.body();
  if (response.headers()['content-encoding'] === 'gzip') {
    const sizes = await response.request().sizes();
    return { raw: body.length, gzip: sizes.responseBodySize };
  }
  return { raw: body.length, gzip: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length };
}

/** Collects every script the page fetches (bodies are read as they arrive, before the page goes away). */
function recordScripts(page: Page): ScriptFetch[] {
  const fetched: ScriptFetch[] = [];
  page.on('response', (response) => {
    if (!isScript(response)) return;
    const bytes = scriptBytes(response);
    bytes.catch(() => undefined); // awaited in sumScripts; this only keeps an early failure from going unhandled
    fetched.push({ url: response.url(), startedAt: response.request().timing().startTime, bytes });
  });
  return fetched;
}

/** The scripts requested up to `until` (epoch ms), each URL once. */
async function sumScripts(fetched: readonly ScriptFetch[], until = Infinity): Promise<ScriptBytes> {
  const seen = new Set<string>();
  const total: ScriptBytes = { jsFiles: 0, jsBytes: 0, jsGzipBytes: 0 };
  for (const script of fetched) {
    if (script.startedAt > until || seen.has(script.url)) continue;
    seen.add(script.url);
    const bytes = await script.bytes;
    total.jsFiles += 1;
    total.jsBytes += bytes.raw;
    total.jsGzipBytes += bytes.gzip;
  }
  return total;
}

// ---------------------------------------------------------------------------------------------------------
// The benchmark.

type Tokens = { accessToken: string; refreshToken: string };

/** Opens /login in a cold context, measures it, and signs in through its form; returns the tokens. */
async function measureSignIn(
  browser: Browser,
  options: { baseUrl: string; userName: string; password: string },
): Promise<{ login: BrowserBenchResult['login']; tokens: Tokens }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addInitScript({ content: initScript(watchSignIn, STATE_KEY) });
    const page = await context.newPage();
    const fetched = recordScripts(page);
    await page.goto(`${options.baseUrl}/login`, { waitUntil: 'commit' });
    const state = await waitForWatcher(page, 'the sign-in page');
    const timeOrigin = await page.evaluate(() => performance.timeOrigin);
    const usableMs = state.usableAt!;
    const scripts = await sumScripts(fetched, timeOrigin + usableMs);

    await page.locator('input[autocomplete="username"]').fill(options.userName);
    await page.locator('input[autocomplete="current-password"]').fill(options.password);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: PAGE_TIMEOUT_MS });
    const tokens = await page.evaluate(
      ([accessKey, refreshKey]) => ({
        accessToken: sessionStorage.getItem(accessKey!) ?? localStorage.getItem(accessKey!),
        refreshToken: sessionStorage.getItem(refreshKey!) ?? localStorage.getItem(refreshKey!),
      }),
      [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY],
    );
    if (!tokens.accessToken || !tokens.refreshToken) throw new Error('signed in, but no tokens were stored');
    return {
      login: { ...scripts, usableMs: Math.round(usableMs) },
      tokens: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken },
    };
  } finally {
    await context.close();
  }
}

/** A context whose tab starts signed in: the tokens go where lib/auth.ts looks, unless a refresh replaced them. */
async function signedInContext(browser: Browser, tokens: Tokens): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript(
    ({ accessKey, refreshKey, accessToken, refreshToken }) => {
      if (sessionStorage.getItem(accessKey) !== null) return;
      sessionStorage.setItem(accessKey, accessToken);
      sessionStorage.setItem(refreshKey, refreshToken);
    },
    { accessKey: ACCESS_TOKEN_KEY, refreshKey: REFRESH_TOKEN_KEY, ...tokens },
  );
  return context;
}

/** Runs the browser benchmark against a running server (see the header for what is measured). */
export async function runBrowserBench(options: BrowserBenchOptions): Promise<BrowserBenchResult> {
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const runs = options.runs ?? 5;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true });
  try {
    const { login, tokens } = await measureSignIn(browser, {
      baseUrl,
      userName: options.userName ?? 'manager',
      password: options.password ?? 'Demo1234!',
    });

    const api: Api = { baseUrl, token: tokens.accessToken };
    const reports = await callApi<{ Id: number; Slug: string; WidgetCount: number }[]>(
      api,
      'GET',
      '/api/reports',
    );
    const listed = reports.find((report) => report.Id === options.reportId);
    if (!listed) throw new Error(`report ${options.reportId} is not among the reports the user sees`);
    const reportUrl = `${baseUrl}/reports/${encodeURIComponent(listed.Slug || String(listed.Id))}`;

    const context = await signedInContext(browser, tokens);
    try {
      await context.addInitScript({
        content: initScript(watchReport, {
          stateKey: STATE_KEY,
          expectedCards: listed.WidgetCount,
          quietMs: QUIET_MS,
        }),
      });
      const page = await context.newPage();

      // Cold cache: the first visit, for the scripts it fetches.
      const fetched = recordScripts(page);
      await page.goto(reportUrl, { waitUntil: 'commit' });
      const cold = await waitForWatcher(page, 'the report page (cold cache)');
      const report = await sumScripts(fetched);
      page.removeAllListeners('response');

      // Warm cache: the timed runs.
      const states: PageState[] = [];
      for (let run = 0; run < runs; run += 1) {
        await page.goto(reportUrl, { waitUntil: 'commit' });
        states.push(await waitForWatcher(page, `the report page (run ${run + 1})`));
      }
      if (options.screenshot) await page.screenshot({ path: options.screenshot, fullPage: true });

      const drawnMs = states.map((state) => Math.round(state.drawnAt!));
      return {
        chromium: browser.version(),
        widgets: cold.cards.length,
        drawnMs,
        p50DrawnMs: percentile(drawnMs, 50),
        p95DrawnMs: percentile(drawnMs, 95),
        slowestWidget: slowestWidget(states),
        settledMs: states.map((state) => Math.round(state.settledAt!)),
        coldDrawnMs: Math.round(cold.drawnAt!),
        login,
        report,
      };
    } finally {
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

/** The card with the largest median drawn time over the runs. */
function slowestWidget(states: readonly PageState[]): string | undefined {
  const times = new Map<string, number[]>();
  for (const state of states) {
    for (const card of state.cards)
      times.set(card.title, [...(times.get(card.title) ?? []), card.drawnAt ?? NaN]);
  }
  let slowest: { title: string; p50: number } | undefined;
  for (const [title, values] of times) {
    const p50 = percentile(values, 50);
    if (!slowest || p50 > slowest.p50) slowest = { title, p50 };
  }
  return slowest && `${slowest.title} (p50 ${Math.round(slowest.p50)} ms)`;
}

// ---------------------------------------------------------------------------------------------------------
// Command line.

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER');

function printResult(result: BrowserBenchResult): void {
  const rows: [string, string, string][] = [
    ['Chromium', result.chromium, ''],
    ['widget cards', String(result.widgets), ''],
    ['drawn, warm cache (runs)', result.drawnMs.map((ms) => `${ms}`).join(', ') + ' ms', ''],
    [
      'drawn p50 / p95',
      `${result.p50DrawnMs} / ${result.p95DrawnMs} ms`,
      verdict(result.p95DrawnMs <= TARGET_DRAWN_MS),
    ],
    ['slowest widget', result.slowestWidget ?? '-', ''],
    ['charts settled (runs)', result.settledMs.join(', ') + ' ms', ''],
    ['drawn, cold cache (first visit)', `${result.coldDrawnMs} ms`, ''],
    [
      'JS until /login usable',
      `${result.login.jsFiles} files, ${kilobytes(result.login.jsBytes)} raw, ${kilobytes(result.login.jsGzipBytes)} gzip`,
      verdict(result.login.jsGzipBytes <= TARGET_LOGIN_GZIP_BYTES),
    ],
    ['/login usable', `${result.login.usableMs} ms`, ''],
    [
      'JS for the report page (cold)',
      `${result.report.jsFiles} files, ${kilobytes(result.report.jsBytes)} raw, ${kilobytes(result.report.jsGzipBytes)} gzip`,
      '',
    ],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  process.stdout.write(
    `\nTargets: every widget drawn <= ${TARGET_DRAWN_MS} ms; <= ${kilobytes(TARGET_LOGIN_GZIP_BYTES)} gzip JS before sign-in is usable\n\n`,
  );
  for (const [name, value, check] of rows) {
    process.stdout.write(`${name.padEnd(width)}  ${value}${check ? `  [${check}]` : ''}\n`);
  }
}

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://127.0.0.1:3000' },
      report: { type: 'string' },
      survey: { type: 'string' },
      runs: { type: 'string', default: '5' },
      user: { type: 'string', default: 'manager' },
      password: { type: 'string', default: 'Demo1234!' },
      screenshot: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const baseUrl = args.url.replace(/\/$/, '');
  let reportId = args.report === undefined ? undefined : Number(args.report);
  if (reportId === undefined) {
    const api: Api = { baseUrl, token: await signIn(baseUrl, args.user, args.password) };
    const settings = await benchSettings(api, args.survey === undefined ? undefined : Number(args.survey));
    reportId = await ensureBenchReport(api, settings);
    process.stdout.write(`Benchmark report ${reportId} on survey ${settings.surveyId}\n`);
  }
  const result = await runBrowserBench({
    baseUrl,
    reportId,
    userName: args.user,
    password: args.password,
    runs: Number(args.runs),
    screenshot: args.screenshot,
  });
  printResult(result);
  if (args.json) process.stdout.write(`\n${JSON.stringify(result, null, 2)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await main();
  } catch (error) {
    process.stdout.write(`benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  }
  process.exit(0);
}
