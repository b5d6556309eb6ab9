import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';
import { createWidgetFixture, type WidgetFixture } from './widget-fixture.js';

let t: TestApp;
let f: WidgetFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await createWidgetFixture(t);
});
afterAll(async () => t.close());

describe('widget fixture', () => {
  it('lands a session in the replica with its tree levels, location and local time keys', async () => {
    await f.addSession({
      transactionAt: '2026-03-01T23:30:00+03:00',
      answeredAt: '2026-03-02T09:30:00+03:00',
      channelId: f.channels.north1,
      productId: f.products.creditCard,
      locationId: f.locations.maharashtra,
      segmentIds: [f.segments.gold],
      scores: [
        [f.questions.nps, 9],
        [f.questions.effort, 4],
      ],
      comment: 'Çok iyi',
    });
    await t.replica.flush();
    const rows = await t.replica.query<Record<string, unknown>>(
      `SELECT channel_l1, channel_l2, channel_l3, channel_location_l3, invitee_location_l2, product_l2,
              transaction_day, answered_day, answered_dow, answered_pod, measurement_type, scale, score
         FROM facts WHERE tenant_id = ? ORDER BY score DESC`,
      [f.tenantId],
    );
    expect(rows).toEqual([
      expect.objectContaining({
        channel_l1: f.channels.bank,
        channel_l2: f.channels.north,
        channel_l3: f.channels.north1,
        channel_location_l3: f.locations.istanbul,
        invitee_location_l2: f.locations.maharashtra,
        product_l2: f.products.creditCard,
        transaction_day: 20260301,
        answered_day: 20260302,
        answered_dow: 1,
        answered_pod: 1,
        measurement_type: 0,
        scale: 11,
        score: 9,
      }),
      expect.objectContaining({ measurement_type: 1, scale: 5, score: 4 }),
    ]);
    const [comment] = await t.replica.query<{ text: string }>(
      'SELECT text FROM comments WHERE tenant_id = ?',
      [f.tenantId],
    );
    expect(comment?.text).toBe('Çok iyi');
  });
});
