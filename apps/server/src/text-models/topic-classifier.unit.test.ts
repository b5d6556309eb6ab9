import { describe, expect, it } from 'vitest';
import { plantedTopicComments } from '../test/planted-topic-comments.js';
import { parseTopicClassifier, topicModelScorer, trainTopicClassifier } from './topic-classifier.js';
import type { TopicRules } from './topic-scorer.js';

const rule = (id: number, name: string, over: Partial<TopicRules> = {}): TopicRules => ({
  id,
  name,
  threshold: 0.5,
  stemming: true,
  positiveSeedWords: [],
  negativeSeedWords: [],
  positiveExactMatches: [],
  negativeExactMatches: [],
  ...over,
});

function microF1(gold: { text: string; topics: string[] }[], found: (text: string) => string[]) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const item of gold) {
    const predicted = new Set(found(item.text));
    for (const name of ['Fees', 'Staff']) {
      const actual = item.topics.includes(name);
      if (actual && predicted.has(name)) tp++;
      else if (predicted.has(name)) fp++;
      else if (actual) fn++;
    }
  }
  return (2 * tp) / (2 * tp + fp + fn);
}

describe('topic classifier', () => {
  const rules = [rule(1, 'Fees'), rule(2, 'Staff')];
  const training = plantedTopicComments(1, 300);
  const test = plantedTopicComments(2, 200);

  it('reaches micro-F1 ≥ 0.95 on planted unseen comments where the rules alone find nothing', () => {
    const classifier = JSON.stringify(trainTopicClassifier(training, ['Fees', 'Staff'], { language: 'en' }));
    const blended = topicModelScorer(rules, 'en', classifier);
    const rulesOnly = topicModelScorer(rules, 'en', null);
    const names = (scorer: typeof blended) => (text: string) => scorer.score(text).map((hit) => hit.name);
    expect(microF1(test, names(rulesOnly))).toBe(0);
    expect(microF1(test, names(blended))).toBeGreaterThanOrEqual(0.95);
  });

  it('is deterministic and round-trips through JSON; a damaged model is refused', () => {
    const a = JSON.stringify(trainTopicClassifier(training, ['Fees', 'Staff'], { language: 'en' }));
    const b = JSON.stringify(trainTopicClassifier(training, ['Fees', 'Staff'], { language: 'en' }));
    expect(a).toBe(b);
    expect(parseTopicClassifier(a).topics.map((t) => t.name)).toEqual(['fees', 'staff']);
    expect(() => parseTopicClassifier('{"format":"other"}')).toThrow();
    const damaged = JSON.parse(a) as { topics: { weights: number[] }[] };
    damaged.topics[0]!.weights.pop();
    expect(() => parseTopicClassifier(JSON.stringify(damaged))).toThrow();
  });

  it('blends: exact matches and negative rules decide alone, otherwise max(p, (s + p) / 2)', () => {
    const classifier = JSON.stringify(trainTopicClassifier(training, ['Fees', 'Staff'], { language: 'en' }));
    const scorer = topicModelScorer(
      [
        rule(1, 'Fees', { positiveSeedWords: ['weather'], negativeSeedWords: ['refund'] }),
        rule(2, 'Staff', { positiveExactMatches: ['nice chat'] }),
      ],
      'en',
      classifier,
    );
    // A seed word the classifier disagrees with: (0.5 + p) / 2 stays under the threshold.
    const weather = scorer.score('the weather was great today');
    expect(weather.find((hit) => hit.name === 'Fees')).toBeUndefined();
    // The classifier finds fees; a negative seed word vetoes them whatever the classifier says.
    expect(scorer.score('the commission was awful').map((hit) => hit.name)).toEqual(['Fees']);
    expect(scorer.score('the commission was awful, refund please')).toEqual([]);
    // An exact match scores 1 whatever the classifier says.
    const exact = scorer.score('a nice chat about the weather');
    expect(exact.find((hit) => hit.name === 'Staff')).toMatchObject({ score: 1, ruleScore: 1 });
    const hit = scorer.score('the teller was awful')[0]!;
    expect(hit.name).toBe('Staff');
    expect(hit.score).toBeCloseTo(
      Math.max(hit.classifierProbability!, hit.ruleScore / 2 + hit.classifierProbability! / 2),
    );
  });
});
