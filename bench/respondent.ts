/// <reference lib="dom" />
// The respondent-page benchmark (issue 17's targets): the survey page a customer opens from an invitation, on the
// N-session demo (default 1 million) in the local PostgreSQL, served by the real server.
//
//   npm run bench:respondent                                   1,000,000 answered sessions
//   options: [--responses 1000000] [--server postgres://postgres@127.0.0.1:5432/test]
//            [--data-dir /var/tmp/loupe-bench] [--port 3495] [--renders 20] [--saves 300]
//
// 1. Dataset: the same loupe_bench_<N> database as `npm run bench` (bench-dataset.ts).
// 2. The real server (node apps/server/dist/main.js) on it; invitations to the demo's largest survey (BRANCH) are
//    made through the on-site call (`POST /api/v11/surveys/on-site`), one per measured run, so every run is a
//    customer's first visit.
// 3. First render: headless Chromium, a new browser context per run (cold HTTP cache, as a customer's phone the
//    first time), timed from the navigation's start (performance.timeOrigin) to the frame in which the first
//    question's fieldset is on screen. Baseline, in the same browser the same way: the console's sign-in page until
//    its user-name field is visible (the lightest page the console has).
// 4. Answer save: `POST /api/public/surveys/{guid}/answers` of the survey's first page with real choices: the first
//    save of a fresh invitation (it creates the session) and, on the same invitation, the completing save (it
//    writes the answered session the replica, alerts and integrations see). Baseline, interleaved with them on the
//    same connection: `GET /api/health`, the cost of one HTTP round trip to this server.
// It prints one table, writes bench/results/respondent-<date>-<N>.json and its block in bench/RESULTS.md. A
// benchmark never fails a build: problems are printed and the process exits 0.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import type { PublicAnswer, PublicSurvey } from '../packages/contracts/src/index.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { databaseUrl, ensureDatabase } from './bench-database.js';
import { prepareDataset } from './bench-dataset.js';
import { callApi, type Api } from './bench-report.js';
import { signIn } from './ingest-harness.js';
import { startServer, type ServerProcess } from './server-process.js';
import { markdownTable, ms, percentile, table, writeJson } from './stats.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_MD = path.join(HERE, 'RESULTS.md');
const CHROMIUM_PATH = '/usr/bin/chromium';
const PHONE = { width: 360, height: 740 };
const TARGETS = { firstRenderMs: 1_000, saveP95Ms: 100 };

const { values: args } = parseArgs({
  options: {
    responses: { type: 'string', default: '1000000' },
    server: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    'data-dir': { type: 'string', default: '/var/tmp/loupe-bench' },
    port: { type: 'string', default: '3495' },
    renders: { type: 'string', default: '20' },
    saves: { type: 'string', default: '300' },
  },
});
const RESPONSES = Number(args.responses.replaceAll('_', ''));
const RENDERS = Number(args.renders);
const SAVES = Number(args.saves);

const log = (line: string) => process.stdout.write(`${line}\n`);
const fmt = new Intl.NumberFormat('en-US');

type Stats = { runs: number; p50: number; p95: number; max: number };
const statsOf = (samples: number[]): Stats => ({
  runs: samples.length,
  p50: ms(percentile(samples, 50)),
  p95: ms(percentile(samples, 95)),
  max: ms(Math.max(...samples)),
});

type Invitation = { guid: string; url: string };

async function invite(api: Api, surveyId: number, index: number): Promise<Invitation> {
  const answer = await callApi<{ InvitationGuid: string; SurveyUrl: string }>(
    api,
    'POST',
    '/api/v11/surveys/on-site',
    {
      SurveyId: surveyId,
      Invitee: { InviteeId: `bench-${Date.now()}-${index}`, InviteeFullName: `Bench Respondent ${index}` },
    },
  );
  return { guid: answer.InvitationGuid, url: `${api.baseUrl}/s/${answer.InvitationGuid}` };
}

/** Milliseconds from the navigation's start to the frame in which `selector` is visible, in a cold context. */
async function firstVisible(browser: Browser, url: string, selector: string): Promise<number> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'tr-TR' });
  try {
    const page = await context.newPage();
    const shown = page.waitForFunction(
      (wanted) => {
        const element = document.querySelector(wanted);
        if (!element) return false;
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 ? performance.now() : false;
      },
      selector,
      { polling: 'raf', timeout: 30_000 },
    );
    await page.goto(url, { waitUntil: 'commit' });
    return Number(await (await shown).jsonValue());
  } finally {
    await context.close();
  }
}

/** The answers of a page as a respondent gives them: the middle choice, or 9 on a 0-10 scale and 4 on a 1-5 one. */
function answersOf(survey: PublicSurvey, pageIndex: number): PublicAnswer[] {
  const answers: PublicAnswer[] = [];
  for (const question of survey.Pages[pageIndex] ?? []) {
    const values =
      question.Choices.length > 0
        ? question.Choices.map((choice) => choice.Value)
        : question.Scale === 5
          ? [4]
          : [9];
    const middle = values[Math.floor(values.length / 2)]!;
    const rows =
      question.SubQuestions.length > 0 ? question.SubQuestions.map((row) => row.Id) : [question.Id];
    for (const id of rows) {
      switch (question.QuestionTypeName) {
        case 'OETX':
          answers.push({ QuestionId: id, Text: 'Hızlı ve güler yüzlü hizmet.' });
          break;
        case 'MXRO':
          answers.push({ QuestionId: id, Values: values });
          break;
        case 'MCMS':
        case 'MXMD':
          answers.push({ QuestionId: id, Values: [middle] });
          break;
        case 'MCSS':
        case 'MXSS':
        case 'MXGD':
          answers.push({ QuestionId: id, Value: middle });
          break;
      }
    }
  }
  return answers;
}

async function timed(request: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await request();
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${response.url}: ${response.status}`);
  return performance.now() - started;
}

async function main(): Promise<void> {
  const name = `loupe_bench_${RESPONSES}`;
  await ensureDatabase(args.server, name);
  const url = databaseUrl(args.server, name);
  const database = await openDatabase({ databaseUrl: url, dataDir: undefined });
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  try {
    const dataset = await prepareDataset(database, { name, responses: RESPONSES, log });
    const [survey] = await database.raw<{ id: number }>(
      `SELECT id FROM surveys WHERE tenant_id = $1 AND integration_code = 'BRANCH'`,
      [dataset.tenantId],
    );
    if (!survey) throw new Error('the demo catalogue has no BRANCH survey');
    log(`Dataset: ${fmt.format(dataset.answeredSessions)} answered sessions in ${name}`);

    server = await startServer({
      databaseUrl: url,
      dataDir: path.join(args['data-dir'], String(RESPONSES)),
      port: Number(args.port),
    });
    const api: Api = { baseUrl: server.baseUrl, token: await signIn(server.baseUrl, 'admin') };

    // First render, against the sign-in page in the same browser.
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
    const warm = await invite(api, survey.id, -1);
    await firstVisible(browser, warm.url, 'form.survey fieldset, form.survey label');
    const renders: number[] = [];
    const signInPage: number[] = [];
    for (let run = 0; run < RENDERS; run += 1) {
      const invitation = await invite(api, survey.id, run);
      renders.push(await firstVisible(browser, invitation.url, 'form.survey fieldset, form.survey label'));
      signInPage.push(
        await firstVisible(browser, `${server.baseUrl}/`, 'input#username, input[name=username]'),
      );
    }

    // Answer saves, interleaved with the health baseline.
    const firstSaves: number[] = [];
    const completingSaves: number[] = [];
    const health: number[] = [];
    for (let run = 0; run < SAVES; run += 1) {
      const invitation = await invite(api, survey.id, RENDERS + run);
      const page = (await (
        await fetch(`${server.baseUrl}/api/public/surveys/${invitation.guid}`)
      ).json()) as PublicSurvey;
      const post = (pageIndex: number, complete: boolean) => () =>
        fetch(`${server!.baseUrl}/api/public/surveys/${invitation.guid}/answers`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            Answers: answersOf(page, pageIndex),
            Complete: complete,
            Page: pageIndex + 1,
          }),
        });
      health.push(await timed(() => fetch(`${server!.baseUrl}/api/health`)));
      const last = page.Pages.length - 1;
      if (last === 0) {
        completingSaves.push(await timed(post(0, true)));
        continue;
      }
      firstSaves.push(await timed(post(0, false)));
      for (let index = 1; index < last; index += 1) await timed(post(index, false));
      completingSaves.push(await timed(post(last, true)));
    }

    const render = statsOf(renders);
    const signInStats = statsOf(signInPage);
    const allSaves = statsOf([...firstSaves, ...completingSaves]);
    const healthStats = statsOf(health);
    const rows: (string | number)[][] = [
      [
        'First render, survey page (360 px, cold)',
        render.p50,
        render.p95,
        `≤ ${TARGETS.firstRenderMs} (p95)`,
        render.p95 <= TARGETS.firstRenderMs ? 'met' : 'MISSED',
      ],
      [
        '  baseline: console sign-in page',
        signInStats.p50,
        signInStats.p95,
        '',
        `×${(render.p50 / signInStats.p50).toFixed(2)} of it (p50)`,
      ],
      [
        'Answer save, every save',
        allSaves.p50,
        allSaves.p95,
        `≤ ${TARGETS.saveP95Ms} (p95)`,
        allSaves.p95 <= TARGETS.saveP95Ms ? 'met' : 'MISSED',
      ],
      ['  first save (creates the session)', statsOf(firstSaves).p50, statsOf(firstSaves).p95, '', ''],
      ['  completing save', statsOf(completingSaves).p50, statsOf(completingSaves).p95, '', ''],
      [
        '  baseline: GET /api/health',
        healthStats.p50,
        healthStats.p95,
        '',
        `save p95 = ×${(allSaves.p95 / healthStats.p95).toFixed(1)} of it`,
      ],
    ];
    const header = ['figure', 'p50 ms', 'p95 ms', 'target', 'result'] as const;
    log('');
    log(table(header, rows));

    const date = new Date().toISOString().slice(0, 10);
    const result = {
      date,
      responses: dataset.answeredSessions,
      pages: RENDERS,
      saves: { first: firstSaves.length, completing: completingSaves.length },
      firstRender: render,
      signInPage: signInStats,
      saveAll: allSaves,
      saveFirst: statsOf(firstSaves),
      saveCompleting: statsOf(completingSaves),
      health: healthStats,
      targets: TARGETS,
    };
    const file = path.join(HERE, 'results', `respondent-${date}-${RESPONSES}.json`);
    await writeJson(file, result);
    writeResultsBlock(
      [
        `Run ${date} on ${fmt.format(dataset.answeredSessions)} answered sessions (\`npm run bench:respondent\`;`,
        `${RENDERS} cold first renders on a 360 px viewport, ${fmt.format(SAVES)} invitations answered page by page).`,
        '',
        markdownTable(header, rows),
      ].join('\n'),
    );
    log(`\nWrote ${path.relative(process.cwd(), file)} and ${path.relative(process.cwd(), RESULTS_MD)}`);
  } catch (error) {
    log(`respondent benchmark stopped: ${error instanceof Error ? error.stack : String(error)}`);
  } finally {
    await browser?.close();
    await server?.stop();
    await database.close();
  }
}

const START = '<!-- respondent-bench:start -->';
const END = '<!-- respondent-bench:end -->';

/** Replaces the generated respondent block of RESULTS.md (or appends it). */
function writeResultsBlock(body: string): void {
  const previous = fs.existsSync(RESULTS_MD) ? fs.readFileSync(RESULTS_MD, 'utf8') : '';
  const block = `${START}\n## The respondent page (issue 17)\n\n${body}\n${END}`;
  const start = previous.indexOf(START);
  const end = previous.indexOf(END);
  const next =
    start >= 0 && end > start
      ? previous.slice(0, start) + block + previous.slice(end + END.length)
      : `${previous.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(RESULTS_MD, next);
}

await main();
