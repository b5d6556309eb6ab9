import { describe, expect, it } from 'vitest';
import { classificationReport } from './metrics.js';
import {
  SENTIMENT_LABELS,
  parseSentimentModel,
  sentimentScorer,
  trainSentimentModel,
  type LabelledText,
} from './sentiment-classifier.js';
import { stemWord } from '../analytics/text-terms.js';
import { commentFeatures } from './text-features.js';

// A planted set: every subject with every opinion word; the held-out sentences pair subjects and opinion words
// never seen together in training, so the model must have learnt the words, not the sentences.
const SUBJECTS = ['the staff', 'the branch', 'the mobile app', 'the queue', 'the call centre', 'the card'];
const POSITIVE = ['great', 'fast', 'friendly', 'helpful'];
const NEGATIVE = ['slow', 'rude', 'awful', 'useless'];

function planted(): { train: LabelledText[]; heldOut: LabelledText[] } {
  const train: LabelledText[] = [];
  const heldOut: LabelledText[] = [];
  SUBJECTS.forEach((subject, s) => {
    const side = (w: number) => ((s + w) % 4 === 0 ? heldOut : train);
    POSITIVE.forEach((word, w) => side(w).push({ text: `${subject} was ${word}.`, label: 'positive' }));
    NEGATIVE.forEach((word, w) => side(w).push({ text: `${subject} was ${word}.`, label: 'negative' }));
    (s % 4 === 0 ? heldOut : train).push({ text: `${subject}: as usual.`, label: 'neutral' });
  });
  return { train, heldOut };
}

const options = { language: 'en' as const, learningRate: 0.5, epochSize: 30, batchSize: 4, seed: 3 };

describe('trainSentimentModel', () => {
  it('reaches macro-F1 1 on planted sentences it never saw, with the class and its probability', () => {
    const { train, heldOut } = planted();
    expect(heldOut.length).toBe(14); // 12 opinions (1 in 4 of 48) and 2 neutral mentions
    const scorer = sentimentScorer(trainSentimentModel(train, options));
    const predicted = heldOut.map((item) => scorer.predict(item.text).Label);
    const report = classificationReport(
      heldOut.map((item) => item.label),
      predicted,
      SENTIMENT_LABELS,
    );
    expect(report.macroF1).toBe(1);
    const answer = scorer.predict('The branch was friendly and fast.');
    expect(answer.Label).toBe('positive');
    expect(answer.SentimentScore).toBe(4);
    expect(answer.Probability).toBeGreaterThan(0.5);
    expect(answer.Probability).toBeLessThanOrEqual(1);
    expect(scorer.predict('The card was rude.')).toMatchObject({ Label: 'negative', SentimentScore: 0 });
    expect(scorer.predict('The queue: as usual.')).toMatchObject({ Label: 'neutral', SentimentScore: 2 });
  });

  it('is deterministic for a seed and survives a JSON round trip unchanged', () => {
    const { train } = planted();
    const first = trainSentimentModel(train, options);
    const second = trainSentimentModel(train, options);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    const other = trainSentimentModel(train, { ...options, seed: 4 });
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(first));

    const stored = parseSentimentModel(JSON.stringify(first));
    expect(stored).toEqual(first);
    const text = 'The mobile app was helpful.';
    expect(sentimentScorer(stored).predict(text)).toEqual(sentimentScorer(first).predict(text));
    expect(() => parseSentimentModel('{"format":"loupe-sentiment-softmax","version":1}')).toThrow();
    expect(() =>
      parseSentimentModel(JSON.stringify({ ...first, weights: first.weights.slice(1) })),
    ).toThrow();
  });

  it('trains incrementally from a base model: its vocabulary kept and extended, new words learnt', () => {
    const { train } = planted();
    const base = trainSentimentModel(train, options);
    const more: LabelledText[] = [
      { text: 'the staff was superb.', label: 'positive' },
      { text: 'the branch was superb.', label: 'positive' },
      { text: 'the staff was dreadful.', label: 'negative' },
      { text: 'the branch was dreadful.', label: 'negative' },
    ];
    const model = trainSentimentModel(more, { ...options, baseModel: base, epochSize: 20 });
    expect(model.training.incremental).toBe(true);
    expect(model.vocabulary.slice(0, base.vocabulary.length)).toEqual(base.vocabulary);
    expect(model.vocabulary).toContain('w:superb');
    const scorer = sentimentScorer(model);
    expect(scorer.predict('the card was superb.').Label).toBe('positive');
    expect(scorer.predict('the card was dreadful.').Label).toBe('negative');
    // What the base model knew is still there.
    expect(scorer.predict('the card was rude.').Label).toBe('negative');
    expect(() => trainSentimentModel(more, { ...options, language: 'tr', baseModel: base })).toThrow();
    const unknown = [{ text: 'meh', label: 'mixed' }] as unknown as LabelledText[];
    expect(() => trainSentimentModel(unknown, options)).toThrow();
  });

  it('keeps the best epoch on a validation tenth when trainAll is false', () => {
    const { train } = planted();
    const model = trainSentimentModel(train, { ...options, trainAll: false });
    expect(model.training.trainAll).toBe(false);
    expect(model.training.validationMacroF1).not.toBeNull();
    expect(model.training.epochsRun).toBeGreaterThanOrEqual(1);
    expect(model.training.epochsRun).toBeLessThanOrEqual(options.epochSize);
  });
});

describe('commentFeatures', () => {
  it('lower-cases Turkish by its own rules and marks -me/-ma verbs and the word before değil or yok', () => {
    const features = commentFeatures('IŞIK İYİ DEĞİL. Personel ilgilenmedi, sorun yok', 'tr');
    expect(features).toContain('w:ışık');
    expect(features).toContain('w:!ilgilen'); // ilgilen-me-di: the verb, negated
    expect(features).toContain(`w:!${stemWord('sorun', 'tr')}`); // sorun yok
    expect(features).toContain(`w:!${stemWord('iyi', 'tr')}`); // iyi değil
    expect(features).toContain('neg');
    // A clause ends at punctuation: no bigram across the full stop.
    expect(
      features.some((f) => f.startsWith('b:') && f.includes('personel') && !f.startsWith('b:personel')),
    ).toBe(false);
    // Nouns in -me/-ma are not negations.
    expect(commentFeatures('ödeme bekleme tamam', 'tr').some((f) => f.includes('!'))).toBe(false);
  });

  it("marks up to three English words after not, no, never or an n't, within the clause", () => {
    const features = commentFeatures("The app isn't fast, the staff were not very helpful at all", 'en');
    expect(features).toEqual(
      expect.arrayContaining(['w:not', 'w:!fast', 'w:!veri', 'w:!help', 'w:!at', 'neg']),
    );
    expect(features).toContain('w:staff'); // after the comma: outside the first negation
    expect(features).toContain('w:all'); // a fourth word: out of reach
    expect(commentFeatures('Great staff', 'en')).toEqual(['w:great', 'w:staff', 'b:great staff']);
  });
});
