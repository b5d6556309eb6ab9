import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  topPhraseRowSchema,
  type TopPhraseRow,
  type WidgetDataFilters,
  type WidgetDataRequest,
} from '@loupe/contracts';
import { commentPhrases } from '../../../analytics/phrase-words.js';
import { licenses } from '../../../db/schema/index.js';
import { seededRandom } from '../../../test/seeded-random.js';
import { signInNewUser } from '../../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../../test/widget-fixture.js';

/*
 * Top phrases on hand-labelled comments (docs/metrics.md "Top phrases"). April 2026:
 *
 *   c1  tr  negative  "Şubede çok beklettiler, şube personeli ilgisizdi."
 *   c2  tr  negative  "Şubeye gittim, kuyrukta uzun süre bekledim."
 *   c3  tr  positive  "Şube personeli çok güler yüzlüydü."
 *   c4  tr  neutral   "Şubenin kapısı kapalıydı"
 *   c5  en  positive  "The staff at the branch were friendly. Friendly staff!"
 *   c6  en  negative  "Waiting, waiting and waiting at the branch."
 *   c7  tr  unclassified "ve de ki" (stop words only)
 *   c8  de  neutral   "Die Filiale war gut, Personal freundlich" (not counted: German)
 *   c9  -   -         "Şube şube şube" (not analysed, no language: not counted)
 * May: only a German comment; June: only a comment without analysis; July: none.
 *
 * Snowball stems: şubede, şube, şubeye, şubenin -> şube (c1 twice, c2, c3, c4: 5 occurrences in 4 comments; the
 * common form "şube" twice); personeli -> personel (c1, c3); branch (c5, c6); staff (c5 twice); friendly -> friend
 * (c5 twice); waiting -> wait (c6 three times); every other word once. "the", "at", "were", "and", "ve", "de", "ki"
 * are stop words, "çok" (c1, c3) a phrase stop word. Order: more occurrences, more comments, then the stem.
 */

let t: TestApp;
let f: WidgetFixture;
let reader: string;

const APRIL: WidgetDataRequest['TimeRange'] = ['2026-04-01', '2026-04-30'];

beforeAll(async () => {
  t = await createTestApp();
  f = await createWidgetFixture(t);
  const comments: { day: string; text: string; language?: string; sentiment?: number }[] = [
    {
      day: '2026-04-01',
      text: 'Şubede çok beklettiler, şube personeli ilgisizdi.',
      language: 'tr',
      sentiment: 0,
    },
    { day: '2026-04-02', text: 'Şubeye gittim, kuyrukta uzun süre bekledim.', language: 'tr', sentiment: 0 },
    { day: '2026-04-03', text: 'Şube personeli çok güler yüzlüydü.', language: 'tr', sentiment: 4 },
    { day: '2026-04-04', text: 'Şubenin kapısı kapalıydı', language: 'tr', sentiment: 2 },
    {
      day: '2026-04-05',
      text: 'The staff at the branch were friendly. Friendly staff!',
      language: 'en',
      sentiment: 4,
    },
    {
      day: '2026-04-06',
      text: 'Waiting, waiting and waiting at the branch.',
      language: 'en-GB',
      sentiment: 0,
    },
    { day: '2026-04-07', text: 've de ki', language: 'tr', sentiment: -1 },
    { day: '2026-04-08', text: 'Die Filiale war gut, Personal freundlich', language: 'de', sentiment: 2 },
    { day: '2026-04-09', text: 'Şube şube şube' },
    { day: '2026-05-10', text: 'Die Filiale war gut', language: 'de', sentiment: 2 },
    { day: '2026-06-10', text: 'Şube güzel' },
  ];
  for (const comment of comments) {
    const at = `${comment.day}T12:00:00+03:00`;
    const sessionId = await f.addSession({
      channelId: f.channels.north1,
      transactionAt: at,
      answeredAt: at,
      scores: [[f.questions.nps, 9]],
      comment: comment.text,
    });
    if (comment.language) {
      await f.labelComment({ sessionId, language: comment.language, sentiment: comment.sentiment });
    }
  }
  await addRandomComments();
  await t.replica.flush();
  reader = await signInNewUser(t, {
    userName: 'phrase-reader',
    tenantId: f.tenantId,
    scopes: ['report:read'],
  });
});
afterAll(async () => t.close());

/*
 * August 2026: seeded random comments (TOP_PHRASES_SEED replays a draw) of Turkish, English, German and unanalysed
 * texts with inflections, capitals, apostrophes, numbers, stop words, phrase stop words, punctuation and line
 * breaks. Their figures are checked against the same comments added up here from each comment's own cut.
 */
const SEED = Number(process.env.TOP_PHRASES_SEED ?? 2511);
const AUGUST: WidgetDataRequest['TimeRange'] = ['2026-08-01', '2026-08-31'];
const WORDS: Record<string, readonly string[]> = {
  tr: "Şube şubede şubeye şubenin personel Personeli çok gayet kuyruk kuyrukta bekledim beklettiler güler yüzlü İstanbul’da İzmir'de hızlı yavaş ve de bir için 123 2026 ILIK ılık kart kartım".split(
    ' ',
  ),
  en: "Branch branches staff Staff friendly waiting waited very really the and queue quick slow it’s don't 42 card cards".split(
    ' ',
  ),
  de: 'Die Filiale war gut Personal freundlich'.split(' '),
};
const SEPARATORS = [' ', ' ', ' ', ' ', ', ', '. ', '! ', '? ', ' – ', '\n'];
const LANGUAGES = ['tr', 'tr-TR', 'en', 'en-GB', 'de', null] as const;
const SENTIMENTS = [-1, 0, 2, 4];
const randomComments: { text: string; language: string | null; sentiment: number }[] = [];

async function addRandomComments() {
  const random = seededRandom(SEED);
  for (let index = 0; index < 120; index++) {
    const language = random.pick(LANGUAGES);
    const pool = WORDS[(language ?? random.pick(['tr', 'en'])).slice(0, 2)]!;
    let text = random.pick(pool);
    for (let count = random.int(12); count > 0; count--) text += random.pick(SEPARATORS) + random.pick(pool);
    const comment = { text, language, sentiment: random.pick(SENTIMENTS) };
    randomComments.push(comment);
    const at = `2026-08-${String(1 + (index % 28)).padStart(2, '0')}T10:00:00+03:00`;
    const sessionId = await f.addSession({
      channelId: f.channels.north1,
      transactionAt: at,
      answeredAt: at,
      scores: [[f.questions.nps, 7]],
      comment: text,
    });
    if (language) await f.labelComment({ sessionId, language, sentiment: comment.sentiment });
  }
}

/** The widget's answer added up from each comment's own cut: occurrences, comments, the most common form. */
function expectedPhrases(phraseCount: 1 | 2, sentiments: readonly number[], limit: number): TopPhraseRow[] {
  const byStem = new Map<string, { occurrences: number; responses: number; forms: Map<string, number> }>();
  for (const comment of randomComments) {
    if (comment.language === null) continue;
    if (sentiments.length > 0 && !sentiments.includes(comment.sentiment)) continue;
    const { words, pairs } = commentPhrases(comment.text, comment.language);
    for (const entry of phraseCount === 1 ? words : pairs) {
      const stem = byStem.get(entry.stem) ?? { occurrences: 0, responses: 0, forms: new Map() };
      stem.occurrences += entry.uses;
      if (entry.first) stem.responses += 1;
      stem.forms.set(entry.form, (stem.forms.get(entry.form) ?? 0) + entry.uses);
      byStem.set(entry.stem, stem);
    }
  }
  const byOrder = (a: [string, number], b: [string, number]) =>
    b[1] - a[1] || a[0].length - b[0].length || (a[0] < b[0] ? -1 : 1);
  return [...byStem]
    .sort(([a, x], [b, y]) => y.occurrences - x.occurrences || y.responses - x.responses || (a < b ? -1 : 1))
    .slice(0, limit)
    .map(([, stem]) => phrase([...stem.forms].sort(byOrder)[0]![0], stem.occurrences, stem.responses));
}

async function post(body: WidgetDataRequest, status = 200) {
  const response = await t.call('POST', '/api/text-analytics/top-phrases', { token: reader, body });
  expect(response.statusCode, response.body).toBe(status);
  return response;
}

async function phrases(dataFilters: Record<string, unknown>, filter: Partial<WidgetDataRequest> = {}) {
  const response = await post({ TimeRange: APRIL, ...filter, DataFilters: dataFilters });
  return topPhraseRowSchema.array().parse(response.json());
}

const phrase = (Category: string, Value: number, Responses: number): TopPhraseRow => ({
  Category,
  Value,
  Responses,
  StatusCode: 0,
});
const status = (StatusCode: number): TopPhraseRow[] => [{ Category: '', Value: 0, Responses: 0, StatusCode }];

describe('POST /api/text-analytics/top-phrases', () => {
  it('counts Turkish inflections under one stem, shown in their most common form', async () => {
    expect(await phrases({ Limit: 5 })).toEqual([
      phrase('şube', 5, 4),
      phrase('waiting', 3, 1),
      phrase('branch', 2, 2),
      phrase('personeli', 2, 2),
      phrase('friendly', 2, 1),
    ]);
  });

  it('sorts by Value, the occurrences the chart shows (then Responses, then the stem), so bars fall with labels', async () => {
    const rows = await phrases({ Limit: 100 });
    const values = rows.map((row) => row.Value);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    // "waiting" (3 occurrences in 1 comment) stands above "branch" (2 in 2).
    expect(rows.findIndex((row) => row.Category === 'waiting')).toBeLessThan(
      rows.findIndex((row) => row.Category === 'branch'),
    );
  });

  it('filters by the comments’ own sentiment (SentimentFilter 4, 2, 0)', async () => {
    expect(await phrases({ Limit: 2, SentimentFilter: [0] })).toEqual([
      phrase('şube', 3, 2),
      phrase('waiting', 3, 1),
    ]);
    expect(await phrases({ Limit: 3, SentimentFilter: [4, 2] })).toEqual([
      phrase('şube', 2, 2),
      phrase('friendly', 2, 1),
      phrase('staff', 2, 1),
    ]);
    // One score alone is accepted too.
    expect(await phrases({ Limit: 1, SentimentFilter: 4 })).toEqual([phrase('friendly', 2, 1)]);
  });

  it('applies the report filter (a Turkish FreeTextFilter finds the inflected forms)', async () => {
    // "personel" finds c1 and c3 ("personeli"); then the words said once, by stem: beklet (beklettiler), gü, …
    expect(await phrases({ Limit: 3 }, { FreeTextFilter: 'personel' })).toEqual([
      phrase('şube', 3, 2),
      phrase('personeli', 2, 2),
      phrase('beklettiler', 1, 1),
    ]);
  });

  it('counts two-word phrases of adjacent words with PhraseCount 2, never across punctuation', async () => {
    const pairs = await phrases({ Limit: 100, PhraseCount: 2 });
    expect(pairs[0]).toEqual(phrase('şube personeli', 2, 2));
    const categories = pairs.map((row) => row.Category);
    expect(categories).toContain('güler yüzlüydü');
    expect(categories).toContain('friendly staff');
    // "beklettiler, şube", "friendly. Friendly" and "Waiting, waiting" are cut by punctuation; "waiting and
    // waiting" and "Şubede çok beklettiler" by a stop word.
    expect(categories).not.toContain('beklettiler şube');
    expect(categories).not.toContain('şubede beklettiler');
    expect(categories).not.toContain('friendly friendly');
    expect(categories).not.toContain('waiting waiting');
    expect(pairs.slice(1).every((row) => row.Responses === 1 && row.Value === 1)).toBe(true);
  });

  it(`gives each random comment's words and pairs their exact counts (seed ${SEED})`, async () => {
    console.log(`top phrases seed: ${SEED} (replay with TOP_PHRASES_SEED=${SEED})`);
    for (const phraseCount of [1, 2] as const) {
      for (const sentiments of [[], [0, 4]]) {
        const rows = await phrases(
          { Limit: 100, PhraseCount: phraseCount, SentimentFilter: sentiments },
          {
            TimeRange: AUGUST,
          },
        );
        const label = `PhraseCount ${phraseCount}, SentimentFilter ${JSON.stringify(sentiments)}`;
        expect(rows.length, label).toBeGreaterThan(5);
        expect(rows, label).toEqual(expectedPhrases(phraseCount, sentiments, 100));
      }
    }
  });

  it('answers 1 for other languages only, 2 for comments without a language, 3 for no data', async () => {
    expect(await phrases({}, { TimeRange: ['2026-05-01', '2026-05-31'] })).toEqual(status(1));
    expect(await phrases({}, { TimeRange: ['2026-06-01', '2026-06-30'] })).toEqual(status(2));
    expect(await phrases({}, { TimeRange: ['2026-07-01', '2026-07-31'] })).toEqual(status(3));
    // Stop words only.
    expect(await phrases({ SentimentFilter: [-1] })).toEqual(status(3));
  });

  it('refuses a Limit above 100, a PhraseCount other than 1 or 2 and an unknown sentiment', async () => {
    for (const dataFilters of [
      { Limit: 101 },
      { PhraseCount: 3 },
      { SentimentFilter: [5] },
    ] as WidgetDataFilters[]) {
      const response = await post({ TimeRange: APRIL, DataFilters: dataFilters }, 400);
      expect(response.json().Code).toBe(ErrorCode.ModelNotValid);
    }
    expect((await phrases({ Limit: 100 }))[0]).toEqual(phrase('şube', 5, 4));
  });

  it('is locked (403, 2507) without the AI module', async () => {
    const setAi = (active: boolean) =>
      t.database.db
        .update(licenses)
        .set({ isAiModuleActive: active })
        .where(eq(licenses.tenantId, f.tenantId));
    await setAi(false);
    try {
      const response = await post({ TimeRange: APRIL, DataFilters: {} }, 403);
      expect(response.json().Code).toBe(ErrorCode.WidgetLocked);
    } finally {
      await setAi(true);
    }
  });
});
