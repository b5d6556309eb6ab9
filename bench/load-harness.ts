// The crowd that `npm run bench:load` and `npm run bench:scale` put on a server: the dataset with its viewer users,
// the benchmark report and the calls one opening of it makes, viewers opening it on a schedule (open loop) and
// writers posting REST data batches back to back (closed loop). Every request goes to one base URL: a node, or
// the load balancer in front of several.
import os from 'node:os';
import { and, eq } from 'drizzle-orm';
import { openReplicaStore, replicaFilePath } from '../apps/server/src/analytics/replica.js';
import type { DatabaseHandle } from '../apps/server/src/db/client.js';
import { roles, userRoles, users } from '../apps/server/src/db/schema/index.js';
import { prepareDataset } from './bench-dataset.js';
import { benchSettings, callApi, dataPath, ensureBenchReport, type Api } from './bench-report.js';
import { makeBodies, readCatalogue, signIn, type Catalogue } from './ingest-harness.js';
import { ms, percentile } from './stats.js';

const REQUEST_TIMEOUT_MS = 60_000;

const fmt = new Intl.NumberFormat('en-US');

/** The crowd's options (node:util parseArgs), shared by `npm run bench:load` and `npm run bench:scale`. */
export const CROWD_OPTIONS = {
  /** Answered sessions of the dataset. */
  sessions: { type: 'string', default: '100000' },
  viewers: { type: 'string', default: '200' },
  seconds: { type: 'string', default: '60' },
  /** Seconds between two openings of the report by one viewer. */
  period: { type: 'string', default: '10' },
  writers: { type: 'string', default: '10' },
  'batch-size': { type: 'string', default: '200' },
  /** Distinct sign-ins (default one per viewer); viewers share the tokens round robin. For quick profiles. */
  'sign-ins': { type: 'string', default: '' },
} as const;

/** The crowd's settings, read from CROWD_OPTIONS' values. */
export type Crowd = {
  sessions: number;
  viewers: number;
  seconds: number;
  periodMs: number;
  writers: number;
  batchSize: number;
  signIns: number;
};

export function crowdOf(values: Record<keyof typeof CROWD_OPTIONS, string>): Crowd {
  const viewers = Number(values.viewers);
  return {
    sessions: Number(values.sessions.replaceAll('_', '')),
    viewers,
    seconds: Number(values.seconds),
    periodMs: Number(values.period) * 1000,
    writers: Number(values.writers),
    batchSize: Number(values['batch-size']),
    signIns: Math.min(viewers, Number(values['sign-ins'] || viewers)),
  };
}

const viewerName = (i: number) => `load_viewer_${String(i).padStart(4, '0')}`;

export type LoadDataset = {
  tenantId: number;
  answeredSessions: number;
  catalogue: Catalogue;
  viewerRoleId: number;
};

/**
 * Demo data up to `sessions` answered sessions in `database` (named `name`) and `viewers` viewer users
 * `load_viewer_<i>` with the demo viewer's role and password; what is there already is kept.
 */
export async function prepareLoadDataset(
  database: DatabaseHandle,
  options: { name: string; sessions: number; viewers: number; log: (line: string) => void },
): Promise<LoadDataset> {
  const { tenantId, answeredSessions } = await prepareDataset(database, {
    name: options.name,
    responses: options.sessions,
    log: options.log,
  });
  const [viewer] = await database.db
    .select({ passwordHash: users.passwordHash, roleId: userRoles.roleId })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(users.userName, 'viewer'), eq(users.tenantId, tenantId)));
  if (!viewer) throw new Error('the demo has no viewer user');
  const [role] = await database.db.select({ id: roles.id }).from(roles).where(eq(roles.id, viewer.roleId));
  for (let i = 1; i <= options.viewers; i += 1) {
    const userName = viewerName(i);
    const [found] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.userName, userName), eq(users.tenantId, tenantId)));
    if (found) continue;
    const [created] = await database.db
      .insert(users)
      .values({
        tenantId,
        userName,
        fullName: `Load Viewer ${i}`,
        email: `${userName}@demo-bank.example`,
        passwordHash: viewer.passwordHash,
      })
      .returning({ id: users.id });
    await database.db.insert(userRoles).values({ tenantId, userId: created!.id, roleId: role!.id });
  }
  return {
    tenantId,
    answeredSessions,
    catalogue: await readCatalogue(database, tenantId),
    viewerRoleId: role!.id,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Requests.

type Sample = { kind: 'page' | 'widget'; ms: number; ok: boolean; status: number };
type RequestPlan = { method: string; url: string; body?: string };

/**
 * One request with the console's headers; its time, whether it answered 2xx within the timeout, and its status
 * (0: no answer, the connection failed or the timeout struck).
 */
async function timed(
  baseUrl: string,
  token: string,
  plan: RequestPlan,
): Promise<{ ms: number; ok: boolean; status: number }> {
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${plan.url}`, {
      method: plan.method,
      headers: {
        authorization: `Bearer ${token}`,
        language: 'en',
        ...(plan.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: plan.body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return { ms: performance.now() - started, ok: response.ok, status: response.status };
  } catch {
    return { ms: performance.now() - started, ok: false, status: 0 };
  }
}

type ReportPlan = { page: RequestPlan[]; widgets: RequestPlan[] };

/** The calls of one report opening, with the widget bodies the web client sends (report filter + dataFilters). */
async function reportPlan(api: Api, reportId: number, surveyId: number): Promise<ReportPlan> {
  const detail = await callApi<{ ReportWidgets: { Config: string }[] }>(
    api,
    'GET',
    `/api/reporteditor/${reportId}`,
  );
  const to = new Date();
  const from = new Date(to.getTime() - 365 * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const widgets = detail.ReportWidgets.map((widget) => {
    const config = JSON.parse(widget.Config) as {
      dataEndpoint: string;
      dataFilters?: Record<string, unknown>;
    };
    const endpoint = dataPath(config.dataEndpoint);
    return {
      method: 'POST',
      url: /channel-table$|answers$/.test(endpoint) ? `${endpoint}?$top=20&$skip=0&$count=true` : endpoint,
      body: JSON.stringify({
        TimeRange: [day(from), day(to)],
        SurveyId: [surveyId],
        ReportId: reportId,
        DataFilters: config.dataFilters ?? {},
      }),
    };
  });
  return {
    page: [
      { method: 'GET', url: '/api/bootstrap/en' },
      { method: 'GET', url: `/api/reporteditor/${reportId}` },
    ],
    widgets,
  };
}

/**
 * The benchmark report (created by the admin, or an earlier run's), assigned to the viewers' role, and the calls
 * an opening of it makes; `surveyId` is the survey its widgets show.
 */
async function prepareViewerReport(
  admin: Api,
  dataset: LoadDataset,
): Promise<{ surveyId: number; plan: ReportPlan }> {
  const settings = await benchSettings(admin, dataset.catalogue.surveyId);
  const reportId = await ensureBenchReport(admin, settings);
  // Assigned to the viewers' role once; a second run's assignment answers 4xx (already there).
  await callApi(admin, 'POST', '/api/rolereports', {
    ReportId: reportId,
    RoleId: dataset.viewerRoleId,
  }).catch(() => undefined);
  return { surveyId: settings.surveyId, plan: await reportPlan(admin, reportId, settings.surveyId) };
}

/** One opening: the page's calls together, then the widget calls together; every request's time is a sample. */
async function openReport(
  baseUrl: string,
  token: string,
  plan: ReportPlan,
  samples: Sample[],
): Promise<void> {
  const page = await Promise.all(plan.page.map((request) => timed(baseUrl, token, request)));
  for (const result of page) samples.push({ kind: 'page', ...result });
  const widgets = await Promise.all(plan.widgets.map((request) => timed(baseUrl, token, request)));
  for (const result of widgets) samples.push({ kind: 'widget', ...result });
}

/** Failed requests by status; without one, `timeout` (the 60 s limit struck) or `failed` (the connection did). */
function countStatuses(failed: readonly { status: number; ms: number }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status, ms: time } of failed) {
    const key = status !== 0 ? String(status) : time >= REQUEST_TIMEOUT_MS - 100 ? 'timeout' : 'failed';
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

export type ReaderFigures = {
  requests: number;
  errors: number;
  /** The errors by status, `timeout` or `failed` (no answer: the connection failed). */
  errorStatuses: Record<string, number>;
  openings: number;
  /** From the first opening until the last request in flight answered. */
  seconds: number;
  /** Requests answered per second over `seconds` (the schedule's rate while the server keeps up). */
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  openingP95: number;
  /** p95 of the page calls (bootstrap, report) and of the widget data calls on their own. */
  pageP95: number;
  widgetP95: number;
  /** The machine's 1-minute load average at the end (other work on the shared machine shows here). */
  loadAverage: number;
};

/**
 * One viewer per token opening the report every `periodMs` for `seconds`, each at its own offset in the period.
 * Open loop: an opening starts on schedule whether or not the viewer's previous one has finished, so a slow
 * server gets more concurrent work, not less. Waits for what is in flight at the end.
 */
async function runReaders(options: {
  baseUrl: string;
  tokens: string[];
  plan: ReportPlan;
  periodMs: number;
  seconds: number;
}): Promise<ReaderFigures> {
  const { baseUrl, tokens, plan, periodMs, seconds } = options;
  const samples: Sample[] = [];
  const openings: number[] = [];
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  const timers: NodeJS.Timeout[] = [];
  await new Promise<void>((resolve) => {
    tokens.forEach((token, i) => {
      const offset = (i / tokens.length) * periodMs;
      const fire = () => {
        if (performance.now() - started >= seconds * 1000) {
          resolve();
          return;
        }
        const opened = performance.now();
        const run = openReport(baseUrl, token, plan, samples).then(() => {
          openings.push(performance.now() - opened);
          inFlight.delete(run);
        });
        inFlight.add(run);
      };
      timers.push(
        setTimeout(() => {
          fire();
          timers.push(setInterval(fire, periodMs));
        }, offset),
      );
    });
    setTimeout(resolve, seconds * 1000);
  });
  for (const timer of timers) clearInterval(timer);
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  const times = samples.map((s) => s.ms);
  const kindP95 = (kind: Sample['kind']) =>
    ms(
      percentile(
        samples.filter((s) => s.kind === kind).map((s) => s.ms),
        95,
      ),
    );
  return {
    requests: samples.length,
    errors: samples.filter((s) => !s.ok).length,
    errorStatuses: countStatuses(samples.filter((s) => !s.ok)),
    openings: openings.length,
    seconds: ms(elapsed),
    perSecond: ms(samples.length / elapsed),
    p50: ms(percentile(times, 50)),
    p95: ms(percentile(times, 95)),
    p99: ms(percentile(times, 99)),
    max: ms(Math.max(...times)),
    openingP95: ms(percentile(openings, 95)),
    pageP95: kindP95('page'),
    widgetP95: kindP95('widget'),
    loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
  };
}

type WriterFigures = {
  sessions: number;
  seconds: number;
  perSecond: number;
  errors: number;
  batchP95: number;
};

/** `writers` clients each posting REST data batches of `batchSize` records back to back until `stop()`. */
async function runWriters(options: {
  baseUrl: string;
  token: string;
  catalogue: Catalogue;
  writers: number;
  batchSize: number;
  stop: () => boolean;
}): Promise<WriterFigures> {
  const { baseUrl, token, catalogue, batchSize, stop } = options;
  let sessions = 0;
  let errors = 0;
  const batchTimes: number[] = [];
  const started = performance.now();
  let seed = Date.now() % 1_000_000_000;
  await Promise.all(
    Array.from({ length: options.writers }, async () => {
      while (!stop()) {
        const [body] = makeBodies(catalogue, 1, batchSize, (seed += 1));
        const result = await timed(baseUrl, token, {
          method: 'POST',
          url: '/api/rest-data/responses',
          body: body!,
        });
        batchTimes.push(result.ms);
        if (result.ok) sessions += batchSize;
        else errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    sessions,
    seconds: ms(seconds),
    perSecond: Math.round(sessions / seconds),
    errors,
    batchP95: ms(percentile(batchTimes, 95)),
  };
}

export type SignInFigures = { users: number; seconds: number; p50: number; p95: number; errors: number };

/**
 * `signIns` viewers sign in all at once (timed); the answer has `viewers` tokens, the distinct ones shared round
 * robin when there are fewer sign-ins than viewers.
 */
async function signInAll(options: {
  baseUrl: string;
  signIns: number;
  viewers: number;
}): Promise<{ tokens: string[]; figures: SignInFigures }> {
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  const tokens = await Promise.all(
    Array.from({ length: options.signIns }, async (_, i) => {
      const begun = performance.now();
      try {
        return await signIn(options.baseUrl, viewerName(i + 1));
      } catch {
        errors += 1;
        return '';
      } finally {
        times.push(performance.now() - begun);
      }
    }),
  );
  const valid = tokens.filter((t) => t !== '');
  return {
    tokens: Array.from({ length: options.viewers }, (_, i) => valid[i % valid.length]!),
    figures: {
      users: options.signIns,
      seconds: ms((performance.now() - started) / 1000),
      p50: ms(percentile(times, 50)),
      p95: ms(percentile(times, 95)),
      errors,
    },
  };
}

/** What the crowd needs once the server (or the balancer) answers: tokens, the report's calls, the survey. */
export type CrowdSetUp = {
  admin: Api;
  surveyId: number;
  plan: ReportPlan;
  tokens: string[];
  signIns: SignInFigures;
};

/**
 * At `baseUrl`: the admin signs in and prepares the report, the viewers sign in all at once (timed), and
 * `warmUps` openings run unmeasured, as first visitors would (one per node behind a balancer).
 */
export async function setUpCrowd(options: {
  baseUrl: string;
  dataset: LoadDataset;
  crowd: Crowd;
  warmUps: number;
}): Promise<CrowdSetUp> {
  const { baseUrl, crowd } = options;
  const admin: Api = { baseUrl, token: await signIn(baseUrl, 'admin') };
  const { surveyId, plan } = await prepareViewerReport(admin, options.dataset);
  const { tokens, figures } = await signInAll({ baseUrl, signIns: crowd.signIns, viewers: crowd.viewers });
  for (let i = 0; i < options.warmUps; i += 1) await openReport(baseUrl, tokens[0]!, plan, []);
  return { admin, surveyId, plan, tokens, signIns: figures };
}

/** The crowd's viewers alone for `crowd.seconds`. */
export const runViewers = (baseUrl: string, setUp: CrowdSetUp, crowd: Crowd) =>
  runReaders({
    baseUrl,
    tokens: setUp.tokens,
    plan: setUp.plan,
    periodMs: crowd.periodMs,
    seconds: crowd.seconds,
  });

export type MixedFigures = { readers: ReaderFigures; writers: WriterFigures };

/** The viewers and, for as long as they are scheduled, the writers (the admin's token). */
export async function runMixed(options: {
  baseUrl: string;
  setUp: CrowdSetUp;
  crowd: Crowd;
  catalogue: Catalogue;
}): Promise<MixedFigures> {
  const { baseUrl, setUp, crowd } = options;
  let done = false;
  const timer = setTimeout(() => (done = true), crowd.seconds * 1000);
  const writing = runWriters({
    baseUrl,
    token: setUp.admin.token,
    catalogue: options.catalogue,
    writers: crowd.writers,
    batchSize: crowd.batchSize,
    stop: () => done,
  });
  const readers = await runViewers(baseUrl, setUp, crowd);
  const writers = await writing;
  clearTimeout(timer);
  return { readers, writers };
}

/**
 * Waits until the replica has caught up with the writers: the server's card widget over all time answers the
 * same figures on three successful calls in a row, 2 s apart (the sync polls every 250 ms). At most 2 minutes.
 */
export async function settle(api: Api, surveyId: number): Promise<void> {
  const body = { TimeRange: ['2000-01-01', '2100-01-01'], SurveyId: [surveyId], DataFilters: {} };
  let last = '';
  let same = 0;
  const started = performance.now();
  while (same < 3 && performance.now() - started < 120_000) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const card = await callApi<unknown>(api, 'POST', '/api/widget-data/card', body).then(
      (answer) => JSON.stringify(answer),
      () => undefined,
    );
    if (card === undefined) continue;
    same = card === last ? same + 1 : 0;
    last = card;
  }
}

/** The replica file under `dataDir` (its server stopped) against the database: sessions, count and highest id. */
export async function compareReplica(
  database: DatabaseHandle,
  dataDir: string,
): Promise<{ ok: boolean; text: string }> {
  const [db] = await database.raw<{ count: string; max: string }>(
    'SELECT count(*) AS count, coalesce(max(id), 0) AS max FROM sessions',
  );
  const store = await openReplicaStore(replicaFilePath(dataDir));
  try {
    const [replica] = await store.read<{ count: number; max: number }>(
      'SELECT count(*) AS count, coalesce(max(session_id), 0) AS max FROM sessions',
    );
    const text =
      `database ${fmt.format(Number(db?.count))} sessions (max id ${db?.max}), ` +
      `replica ${fmt.format(replica?.count ?? 0)} (max id ${replica?.max})`;
    return { ok: Number(db?.count) === replica?.count && Number(db?.max) === replica?.max, text };
  } finally {
    store.close();
  }
}
