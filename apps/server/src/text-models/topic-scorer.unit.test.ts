import { describe, expect, it } from 'vitest';
import { topicScorer, type TopicRules } from './topic-scorer.js';

const rule = (over: Partial<TopicRules>): TopicRules => ({
  id: 1,
  name: 'Waiting',
  threshold: 0.5,
  stemming: true,
  positiveSeedWords: [],
  negativeSeedWords: [],
  positiveExactMatches: [],
  negativeExactMatches: [],
  ...over,
});

describe('topicScorer', () => {
  it('finds a topic by a stemmed seed word and scores more seeds higher', () => {
    const scorer = topicScorer([rule({ positiveSeedWords: ['wait', 'queue'] })], 'en');
    expect(scorer.score('I was waiting for ages')).toEqual([{ topicId: 1, name: 'Waiting', score: 0.5 }]);
    expect(scorer.score('Waiting in the queue')).toEqual([{ topicId: 1, name: 'Waiting', score: 0.75 }]);
    expect(scorer.score('Friendly staff')).toEqual([]);
  });

  it('stems Turkish suffixes and keeps the topic off on a negative seed word', () => {
    const scorer = topicScorer(
      [rule({ positiveSeedWords: ['fiyat'], negativeSeedWords: ['fiyat yok'] })],
      'tr',
    );
    expect(scorer.score('Fiyatları çok yüksek')).toHaveLength(1);
    expect(scorer.score('Hiç fiyat yok, harika')).toEqual([]);
  });

  it('lets exact matches decide before the seed words and respects the threshold', () => {
    const scorer = topicScorer(
      [
        rule({ positiveExactMatches: ['long line'], negativeExactMatches: ['no line'], threshold: 0.9 }),
        rule({ id: 2, name: 'Staff', positiveSeedWords: ['staff'], threshold: 0.6 }),
      ],
      'en',
    );
    expect(scorer.score('A LONG LINE again').map((h) => h.topicId)).toEqual([1]);
    expect(scorer.score('no line, long line')).toEqual([]);
    expect(scorer.score('staff were kind')).toEqual([]);
  });
});
