import { describe, expect, it } from 'vitest';
import { DEMO_SURVEYS, SEGMENT_GROUPS, TRANSACTION_TYPES } from './catalog.data.js';
import { EMOTIONS, TOPICS } from './comment-phrases.data.js';
import { composeComment } from './demo-comments.js';
import type { DemoCatalog } from './demo-catalog.js';
import { COPY_COLUMNS, SessionGenerator, timestamp, type BatchRows } from './demo-generator.js';
import { fivePointAnswer, npsAnswer, respondentType } from './demo-patterns.js';
import { buildWorld } from './demo-world.js';
import { Prng, WeightedTable } from './prng.js';

/** The catalogue with made-up ids, as ensureDemoCatalog would return it. */
function fakeCatalog(): DemoCatalog {
  let id = 100;
  const world = buildWorld();
  return {
    surveys: DEMO_SURVEYS.map((s, i) => ({
      key: s.key,
      id: i + 1,
      flowId: i + 1,
      share: s.share,
      questions: s.questions.map((q) => ({ key: q.key, id: id++ })),
    })),
    branches: world.branches.map((b, i) => ({
      ...b,
      id: i + 1,
      regionId: 1,
      locationId: 1,
      employeeIds: b.employees.map(() => id++),
    })),
    products: world.products.map((p, i) => ({ ...p, id: i + 1 })),
    transactionTypes: new Map(TRANSACTION_TYPES.map((t, i) => [t.key, i + 1])),
    segmentGroups: SEGMENT_GROUPS.map((g) => ({
      segments: g.segments.map((s) => ({ id: id++, weight: s.weight, effect: s.effect })),
    })),
    homes: { TR: [{ id: 1, weight: 1 }], IN: [{ id: 2, weight: 1 }], US: [{ id: 3, weight: 1 }] },
    topicModels: {
      tr: { id: 1, topics: new Map(TOPICS.map((t) => [t.key, id++])) },
      en: { id: 2, topics: new Map(TOPICS.map((t) => [t.key, id++])) },
    },
    emotionModel: { id: 3, emotions: new Map(EMOTIONS.map((e) => [e.key, id++])) },
  };
}

const NOW = Date.UTC(2026, 5, 15, 12, 0, 0);
const clock = { nowMs: NOW, today: Math.floor((NOW + 3 * 3_600_000) / 86_400_000) };

function generate(seed: number, count: number): BatchRows {
  const generator = new SessionGenerator(fakeCatalog(), 1, seed, clock);
  return generator.generate(count, { invitee: 1, invitation: 1, session: 1, answer: 1 });
}

const lines = (pieces: string[]) => pieces.flatMap((piece) => piece.split('\n'));

/** Splits a CSV line into fields (quotes as COPY reads them). */
function fields(line: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') {
      current += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      out.push(current);
      current = '';
    } else current += c;
  }
  out.push(current);
  return out;
}

describe('Prng', () => {
  it('repeats its stream for a seed and stays in range', () => {
    const a = new Prng(42);
    const b = new Prng(42);
    const c = new Prng(43);
    const first = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(first);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(first);
    const values = new Set(Array.from({ length: 10_000 }, () => a.int(3, 7)));
    expect([...values].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it('draws weighted indexes in proportion', () => {
    const prng = new Prng(1);
    const table = new WeightedTable([1, 3]);
    let ones = 0;
    for (let i = 0; i < 20_000; i++) ones += table.draw(prng);
    expect(ones / 20_000).toBeCloseTo(0.75, 1);
  });
});

describe('answers', () => {
  it('turns an average customer into a believable NPS mix', () => {
    const prng = new Prng(5);
    const types = [0, 0, 0];
    for (let i = 0; i < 50_000; i++) types[respondentType(npsAnswer(prng.normal()))]! += 1;
    const [promoters = 0, , detractors = 0] = types.map((n) => n / 50_000);
    expect(promoters).toBeCloseTo(0.51, 1);
    expect(detractors).toBeCloseTo(0.22, 1);
    expect(npsAnswer(-10)).toBe(0);
    expect(npsAnswer(10)).toBe(10);
    expect(fivePointAnswer(-10)).toBe(1);
    expect(fivePointAnswer(10)).toBe(5);
  });
});

describe('composeComment', () => {
  const context = {
    survey: 'branch' as const,
    productGroup: 'CRD' as const,
    staff: 3,
    wait: 2,
    weakSpot: 'waiting.queue' as const,
    incident: false,
  };
  const parents = new Map(TOPICS.map((t) => [t.key, t.parent]));

  it('lets detractors complain and promoters praise, in both languages', () => {
    const prng = new Prng(9);
    for (const [nps, sentiment] of [
      [2, 0],
      [10, 4],
    ] as const) {
      let agreeing = 0;
      for (let i = 0; i < 1_000; i++) {
        const comment = composeComment(prng, { ...context, nps });
        if (comment.sentiment === sentiment) {
          agreeing += 1;
          expect(comment.tr).not.toBe(comment.en);
          expect(comment.topics.every((t) => t.sentiment === sentiment)).toBe(true);
        }
        // A sub-topic always comes with its main topic.
        for (const topic of comment.topics) {
          const parent = parents.get(topic.key);
          if (parent) expect(comment.topics.some((t) => t.key === parent)).toBe(true);
        }
      }
      expect(agreeing / 1_000).toBeGreaterThan(0.85);
    }
  });

  it('gives unhappy comments negative emotions and happy ones positive', () => {
    const prng = new Prng(11);
    const angry = composeComment(prng, { ...context, nps: 0, wait: 1 });
    const happy = composeComment(new Prng(12), { ...context, nps: 10 });
    if (angry.sentiment === 0) {
      expect(angry.emotions.every((e) => ['anger', 'sadness', 'fear'].includes(e.key))).toBe(true);
    }
    if (happy.sentiment === 4) {
      expect(happy.emotions.every((e) => ['joy', 'trust', 'surprise'].includes(e.key))).toBe(true);
    }
    for (const emotion of [...angry.emotions, ...happy.emotions]) {
      expect(emotion.intensity).toBeGreaterThan(0);
      expect(emotion.intensity).toBeLessThanOrEqual(1);
    }
  });
});

describe('SessionGenerator', () => {
  it('writes the same sessions for the same seed, whatever the tokens', () => {
    const withoutTokens = (rows: BatchRows) => ({
      ...rows,
      invitations: lines(rows.invitations).map((line) =>
        fields(line)
          .filter((_, i) => i !== 5)
          .join(','),
      ),
    });
    expect(withoutTokens(generate(3, 500))).toEqual(withoutTokens(generate(3, 500)));
    expect(generate(3, 500).answers).not.toEqual(generate(4, 500).answers);
  });

  it('writes one CSV value per COPY column, every time in the past two years', () => {
    const rows = generate(8, 2_000);
    for (const table of Object.keys(COPY_COLUMNS) as (keyof typeof COPY_COLUMNS)[]) {
      const wrong = lines(rows[table]).filter((line) => fields(line).length !== COPY_COLUMNS[table].length);
      expect(wrong).toEqual([]);
    }
    const sessionLines = lines(rows.sessions);
    expect(sessionLines).toHaveLength(2_000);
    const answered = sessionLines.map((line) =>
      Date.parse(fields(line)[7]!.replace(' ', 'T').replace('+00', 'Z')),
    );
    expect(Math.max(...answered)).toBeLessThanOrEqual(NOW);
    expect(Math.min(...answered)).toBeGreaterThan(NOW - 745 * 86_400_000);
  });

  it('formats timestamps for COPY', () => {
    expect(timestamp(Date.UTC(2025, 2, 1, 9, 41, 7))).toBe('2025-03-01 09:41:07+00');
  });
});
