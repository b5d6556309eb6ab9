// Top phrases, cut at sync against cut per request (issue 25), in one process on one replica: the bench dataset's
// DuckDB replica (as `npm run bench` left it), the largest survey's 12 months, single words, Limit 20.
//
//   npm run bench:top-phrases -- [--responses 1000000] [--runs 20] [--data-dir /var/tmp/loupe-bench]
//
// - (a) per request, the way the widget worked before 2026-11-30: DuckDB cuts every selected comment into tokens
//   with one regular expression and counts the distinct (language, token) pairs, the vocabulary is stemmed here,
//   and comments' search_terms give the comments per stem;
// - (b) the widget as it is (`topPhraseRows`): the sync's phrase_words entries of the selection added up.
// The two are timed alternately, run by run, so load falls on both alike, and must give the same 20 phrases with the same Values.
// A benchmark never fails a build: problems are printed and the process exits 0.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TopPhraseStatus } from '@loupe/contracts';
import { phraseLanguage, phraseWord } from '../apps/server/src/analytics/phrase-words.js';
import { createAnalyticsReplica, replicaFilePath } from '../apps/server/src/analytics/replica.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { topPhraseRows } from '../apps/server/src/modules/widget-data/impact/top-phrases-widget.js';
import { whereOf, type WidgetQuery } from '../apps/server/src/modules/widget-data/shared/widget-query.js';
import { DATASET_OPTIONS, databaseUrl } from './bench-database.js';
import { ms, percentile } from './stats.js';

const { values: args } = parseArgs({
  options: {
    ...DATASET_OPTIONS,
  },
});
const RUNS = Number(args.runs);
const LIMIT = 20;
// The per-request cut's token pattern (text-terms.ts's word, or a punctuation mark), as a RE2 literal.
const TOKEN_PATTERN = `[\\p{L}\\p{M}\\p{N}]+(?:[''’][\\p{L}\\p{M}]+)*|[.,;:!?…()\\[\\]"“”«»–—\\n\\r]`;
const LANGUAGE_SQL = `lower(split_part(split_part(trim(c.language), '-', 1), '_', 1))`;

type Row = { Category: string; Value: number; Responses: number };
type Replica = Awaited<ReturnType<typeof createAnalyticsReplica>>;

/** (a): the top single words of the selection, cut and stemmed at request time. */
async function perRequest(replica: Replica, query: WidgetQuery): Promise<Row[]> {
  const selected = whereOf(query, 'comments', { alias: 'c' })!;
  const counted = `${selected.where} AND ${LANGUAGE_SQL} IN ('tr', 'en')`;
  const tokens = await replica.query<{ lang: string; token: string; uses: unknown }>(
    `SELECT lang, token, count(*) AS uses FROM (
       SELECT ${LANGUAGE_SQL} AS lang, unnest(regexp_extract_all(c.text, '${TOKEN_PATTERN}')) AS token
       FROM comments c WHERE ${counted})
     GROUP BY lang, token`,
    selected.params,
  );
  const stems = new Map<string, { uses: number; forms: Map<string, number> }>();
  for (const { lang, token, uses } of tokens) {
    const word = phraseWord(token, phraseLanguage(lang)!);
    if (!word) continue;
    const stem = stems.get(word.stem) ?? { uses: 0, forms: new Map<string, number>() };
    stem.uses += Number(uses);
    stem.forms.set(word.form, (stem.forms.get(word.form) ?? 0) + Number(uses));
    stems.set(word.stem, stem);
  }
  const commonForm = (forms: Map<string, number>) =>
    [...forms].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || (a[0] < b[0] ? -1 : 1))[0]![0];
  const rows = await replica.query<{ phrase: string; form: string; uses: unknown; responses: unknown }>(
    `WITH stems AS (SELECT unnest(?::VARCHAR[]) AS phrase, unnest(?::BIGINT[]) AS uses, unnest(?::VARCHAR[]) AS form),
     terms AS (SELECT term, count(*) AS responses FROM (SELECT unnest(c.search_terms) AS term FROM comments c
       WHERE ${counted}) GROUP BY term)
     SELECT s.phrase, s.form, s.uses, t.responses FROM stems s JOIN terms t ON t.term = s.phrase
     ORDER BY s.uses DESC, t.responses DESC, s.phrase LIMIT ${LIMIT}`,
    [
      [...stems.keys()],
      [...stems.values()].map((stem) => stem.uses),
      [...stems.values()].map((stem) => commonForm(stem.forms)),
      ...selected.params,
    ],
  );
  return rows.map((row) => ({
    Category: row.form,
    Value: Number(row.uses),
    Responses: Number(row.responses),
  }));
}

async function main(): Promise<void> {
  const responses = Number(args.responses);
  const database = await openDatabase({
    databaseUrl: databaseUrl(args.server, `loupe_bench_${responses}`),
    dataDir: undefined,
  });
  const dataDir = path.join(args['data-dir'], String(responses));
  const replica = await createAnalyticsReplica({ database, path: replicaFilePath(dataDir) });
  try {
    await replica.flush();
    const [survey] = await database.raw<{ tenant_id: number; id: number }>(
      `SELECT tenant_id, id FROM surveys WHERE integration_code = 'BRANCH' ORDER BY id LIMIT 1`,
    );
    if (!survey) throw new Error(`no BRANCH survey in loupe_bench_${responses}: run npm run bench first`);
    const to = new Date();
    const from = new Date(to.getTime() - 365 * 86_400_000);
    const query: WidgetQuery = {
      tenantId: Number(survey.tenant_id),
      report: {
        TimeRange: [from.toISOString().slice(0, 10), to.toISOString().slice(0, 10)],
        SurveyId: [Number(survey.id)],
      },
      dataFilters: { Limit: LIMIT },
      restrictions: { transactionChannelIds: [], productIds: [], employeeIds: [] },
      levels: { channels: new Map(), products: new Map(), locations: new Map() },
    };
    const atSync = async () =>
      (await topPhraseRows(replica, query))
        .filter((row) => row.StatusCode === TopPhraseStatus.Ok)
        .map(({ Category, Value, Responses }) => ({ Category, Value, Responses }));
    // (a) took Responses from search_terms, which also hold a word where the phrase skips it (a Turkish comment's
    // "çok", a phrase stop word, under the stem an English comment's "çok" counts): Values must agree, and each
    // Responses that differs is printed.
    const [before, after] = [await perRequest(replica, query), await atSync()];
    const values = (rows: Row[]) => JSON.stringify(rows.map((row) => [row.Category, row.Value]));
    const same = values(before) === values(after);
    if (!same) console.log(`problem: the two cuts rank other phrases:\n${values(before)}\n${values(after)}`);
    for (const [index, row] of after.entries()) {
      const old = before[index];
      if (old && old.Category === row.Category && old.Responses !== row.Responses)
        console.log(`  "${row.Category}": Responses ${old.Responses} per request, ${row.Responses} at sync`);
    }
    const samples = { perRequest: [] as number[], atSync: [] as number[] };
    for (let run = 0; run < RUNS + 2; run += 1) {
      for (const [name, work] of [
        ['perRequest', () => perRequest(replica, query)],
        ['atSync', atSync],
      ] as const) {
        const started = performance.now();
        await work();
        if (run >= 2) samples[name].push(performance.now() - started);
      }
    }
    const [a, b] = [samples.perRequest, samples.atSync];
    console.log(
      `Top phrases, single words, ${responses.toLocaleString('en')} answered sessions, ${RUNS} runs each:`,
    );
    console.log(`  (a) cut per request: p50 ${ms(percentile(a, 50))} ms, p95 ${ms(percentile(a, 95))} ms`);
    console.log(`  (b) cut at sync:     p50 ${ms(percentile(b, 50))} ms, p95 ${ms(percentile(b, 95))} ms`);
    console.log(
      `  (a) / (b) at p50: ${ms(percentile(a, 50) / percentile(b, 50))}×; same phrases and Values: ${same}`,
    );
  } finally {
    await replica.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.log(`problem: ${String(error)}`);
});
