import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentsData, TrendRow, WidgetDataRequest, WidgetTablePage } from '@loupe/contracts';
import { tenants } from '../../../db/schema/index.js';
import { signInNewUser } from '../../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../../test/widget-fixture.js';

/*
 * Times in reports (issue 24 defect 9, docs/architecture.md "Times"): PostgreSQL keeps instants, the replica counts
 * days in the tenant's zone and keeps the instant, and tables and comments show the instant at the caller's
 * TimezoneOffset. The tenant is in Europe/Berlin: CET (+01:00) until 2026-03-29 01:00Z, then CEST (+02:00) until
 * 2026-10-25 01:00Z. Answered at (UTC) → Berlin:
 *
 *   m1  03-28 22:30Z → Sat 03-28 23:30 CET
 *   m2  03-28 23:30Z → Sun 03-29 00:30 CET
 *   m3  03-29 21:30Z → Sun 03-29 23:30 CEST
 *   m4  03-29 22:30Z → Mon 03-30 00:30 CEST   (a fixed +01:00 would count it on the 29th)   comment
 *   o1  10-24 22:30Z → Sun 10-25 00:30 CEST   (a fixed +01:00 would count it on the 24th)
 *   o2  10-25 22:30Z → Sun 10-25 23:30 CET    (a fixed +02:00 would count it on the 26th)
 *   o3  10-25 23:30Z → Mon 10-26 00:30 CET
 */

let t: TestApp;
let f: WidgetFixture;
let manager: string;

const MARCH_DST: [string, string] = ['2026-03-28', '2026-03-30'];
const OCTOBER_DST: [string, string] = ['2026-10-24', '2026-10-26'];
const byAnswer = (
  TimeRange: [string, string],
  extra: WidgetDataRequest['DataFilters'] = {},
): WidgetDataRequest => ({
  TimeRange,
  DataFilters: { TimeColumn: 'AnsweredDateId', ...extra },
});

async function post<T>(url: string, body: WidgetDataRequest, offset?: string): Promise<T> {
  const headers: Record<string, string> = offset === undefined ? {} : { TimezoneOffset: offset };
  const response = await t.call('POST', url, { token: manager, body, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const answersAt = (offset?: string, range = MARCH_DST) =>
  post<WidgetTablePage>('/api/widget-data/answers?$orderby=AnsweredDate asc', byAnswer(range), offset);

beforeAll(async () => {
  t = await createTestApp();
  f = await createWidgetFixture(t);
  await t.database.db.update(tenants).set({ timeZone: 'Europe/Berlin' }).where(eq(tenants.id, f.tenantId));
  manager = await signInNewUser(t, {
    userName: 'times-manager',
    tenantId: f.tenantId,
    scopes: ['report:read', 'report:manage'],
  });
  const answered = (instant: string, comment?: string) =>
    f.addSession({
      transactionAt: instant,
      answeredAt: instant,
      channelId: f.channels.north1,
      scores: [[f.questions.nps, 9]],
      ...(comment ? { comment } : {}),
    });
  await answered('2026-03-28T22:30:00Z');
  await answered('2026-03-28T23:30:00Z');
  await answered('2026-03-29T21:30:00Z');
  await answered('2026-03-29T22:30:00Z', 'Saat değişti');
  await answered('2026-10-24T22:30:00Z');
  await answered('2026-10-25T22:30:00Z');
  await answered('2026-10-25T23:30:00Z');
  await t.replica.flush();
});

afterAll(async () => t?.close());

describe('times in reports', () => {
  it('counts days in the tenant zone across the spring and autumn DST changes', async () => {
    const days = async (range: [string, string]) =>
      (await post<TrendRow[]>('/api/widget-data/trend', byAnswer(range, { CategoryType: 'DD' }))).map(
        (row) => [row.Category, row.Responses],
      );
    expect(await days(MARCH_DST)).toEqual([
      ['2026-03-28', 1],
      ['2026-03-29', 2],
      ['2026-03-30', 1],
    ]);
    expect(await days(OCTOBER_DST)).toEqual([
      ['2026-10-25', 2],
      ['2026-10-26', 1],
    ]);
    // A one-day range is that tenant-local day.
    const monday = await answersAt('-120', ['2026-03-30', '2026-03-30']);
    expect(monday.Items.map((row) => row.AnsweredDate)).toEqual(['2026-03-30T00:30:00+02:00']);
  });

  it("shows the answers table's times at the caller's TimezoneOffset", async () => {
    const dates = async (offset?: string) => (await answersAt(offset)).Items.map((row) => row.AnsweredDate);
    // A browser in Berlin in winter (getTimezoneOffset() = -60).
    expect(await dates('-60')).toEqual([
      '2026-03-28T23:30:00+01:00',
      '2026-03-29T00:30:00+01:00',
      '2026-03-29T22:30:00+01:00',
      '2026-03-29T23:30:00+01:00',
    ]);
    // A browser in New York in winter (300): the same instants, five hours behind UTC.
    expect(await dates('300')).toEqual([
      '2026-03-28T17:30:00-05:00',
      '2026-03-28T18:30:00-05:00',
      '2026-03-29T16:30:00-05:00',
      '2026-03-29T17:30:00-05:00',
    ]);
    // India (-330) has half hours; without the header (or with a bad one) the times are in UTC.
    expect((await dates('-330'))[0]).toBe('2026-03-29T04:00:00+05:30');
    for (const offset of [undefined, 'abc', '100000', '1e3']) {
      expect((await dates(offset))[0]).toBe('2026-03-28T22:30:00+00:00');
    }
  });

  it("shows a comment's time at the caller's TimezoneOffset", async () => {
    const comments = async (offset: string) =>
      (await post<CommentsData>('/api/text-analytics/comments', byAnswer(MARCH_DST), offset)).Items.map(
        (item) => [item.TextOrig, item.CreatedDate],
      );
    expect(await comments('-120')).toEqual([['Saat değişti', '2026-03-30T00:30:00+02:00']]);
    expect(await comments('0')).toEqual([['Saat değişti', '2026-03-29T22:30:00+00:00']]);
  });
});
