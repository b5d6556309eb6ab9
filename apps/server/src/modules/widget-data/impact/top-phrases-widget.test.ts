import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  topPhraseRowSchema,
  type TopPhraseRow,
  type WidgetDataFilters,
  type WidgetDataRequest,
} from '@loupe/contracts';
import { licenses } from '../../../db/schema/index.js';
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
  await t.replica.flush();
  reader = await signInNewUser(t, {
    userName: 'phrase-reader',
    tenantId: f.tenantId,
    scopes: ['report:read'],
  });
});
afterAll(async () => t.close());

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
