// The sentiment model's measurement (issue 21 targets, docs/text-models.md § Bench): macro-F1 on held-out demo
// comments in Turkish and English against a majority-class and a lexicon baseline, training time on 20,000 labels
// and scoring throughput. No database, no server: the model core alone.
//
//   npm run bench:sentiment [-- --train 20000 --held-out 3000 --seed 7]
//
// The demo's comments are sentences drawn from phrase lists (apps/server/src/demo/comment-phrases.data.ts), so a
// random split puts the same sentences on both sides and measures memory. The honest split is by phrase: 30 % of
// each polarity's phrases are kept out of training, and the held-out comments are made only of those.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { composeComment } from '../apps/server/src/demo/demo-comments.js';
import { Prng } from '../apps/server/src/demo/prng.js';
import {
  HELD_OUT_SHARE,
  phraseSideOf,
  splitPhrases,
  type PhraseSide,
} from '../apps/server/src/demo/sentiment-phrase-split.js';
import { classificationReport } from '../apps/server/src/text-models/metrics.js';
import {
  SENTIMENT_LABELS,
  sentimentScorer,
  trainSentimentModel,
  type LabelledText,
  type SentimentLabel,
} from '../apps/server/src/text-models/sentiment-classifier.js';
import type { ModelLanguage } from '../apps/server/src/text-models/text-features.js';
import { randomCommentContext } from './demo-comment-context.js';
import { markdownTable, writeJson } from './stats.js';

const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const LANGUAGES: ModelLanguage[] = ['tr', 'en'];

const { values } = parseArgs({
  options: {
    train: { type: 'string', default: '20000' },
    'held-out': { type: 'string', default: '3000' },
    seed: { type: 'string', default: '7' },
    'learning-rate': { type: 'string', default: '0.5' },
    epochs: { type: 'string', default: '8' },
    l2: { type: 'string', default: '0.00001' },
  },
});
const TRAINING = {
  learningRate: Number(values['learning-rate']),
  epochSize: Number(values.epochs),
  l2: Number(values.l2),
  trainAll: true,
};
const trainCount = Number(values.train);
const heldOutCount = Number(values['held-out']);
const seed = Number(values.seed);

type Comment = { tr: string; en: string; label: SentimentLabel };
type Side = PhraseSide;

/** A demo comment as the generator writes it for a random customer; unclassifiable ones are skipped. */
function drawComment(prng: Prng): Comment | null {
  const context = randomCommentContext(prng);
  const comment = composeComment(prng, context);
  if (comment.sentiment === -1) return null;
  const label: SentimentLabel =
    comment.sentiment === 4 ? 'positive' : comment.sentiment === 2 ? 'neutral' : 'negative';
  return { tr: comment.tr, en: comment.en, label };
}

/** Comments for the phrase split (train and held-out) and for the random split, from one seeded stream. */
function buildSets(prng: Prng) {
  const sides = splitPhrases(prng).tr;
  const byPhrase: Record<Side, Comment[]> = { train: [], heldOut: [] };
  const random: Comment[] = [];
  let drawn = 0;
  while (byPhrase.train.length < trainCount || byPhrase.heldOut.length < heldOutCount) {
    drawn += 1;
    if (drawn > 50 * (trainCount + heldOutCount)) throw new Error('the phrase split yields too few comments');
    const comment = drawComment(prng);
    if (!comment) continue;
    if (random.length < trainCount + heldOutCount) random.push(comment);
    const side = phraseSideOf(comment.tr, sides);
    if (side && byPhrase[side].length < (side === 'train' ? trainCount : heldOutCount))
      byPhrase[side].push(comment);
  }
  const heldOutPhrases = [...sides.values()].filter((s) => s === 'heldOut').length;
  return { byPhrase, random, phrases: sides.size, heldOutPhrases };
}

// A small hand-written lexicon, the baseline a rule-based tool gives: word beginnings that carry polarity.
const LEXICON: Record<ModelLanguage, { positive: string[]; negative: string[] }> = {
  tr: {
    positive: [
      'iyi',
      'harika',
      'mükemmel',
      'memnun',
      'hızlı',
      'güler',
      'yardımsever',
      'teşekkür',
      'kolay',
      'güzel',
    ],
    negative: [
      'kötü',
      'yavaş',
      'kaba',
      'sinir',
      'hayal kırıklığı',
      'kabul edilemez',
      'berbat',
      'sorun',
      'şikayet',
    ],
  },
  en: {
    positive: [
      'good',
      'great',
      'excellent',
      'happy',
      'satisf',
      'quick',
      'fast',
      'friendly',
      'helpful',
      'thank',
    ],
    negative: [
      'bad',
      'poor',
      'slow',
      'rude',
      'angry',
      'disappoint',
      'unacceptable',
      'terrible',
      'worst',
      'problem',
    ],
  },
};

function lexiconLabel(text: string, language: ModelLanguage): SentimentLabel {
  const lower = ` ${text.toLocaleLowerCase(language === 'tr' ? 'tr-TR' : 'en-US')}`;
  const hits = (words: string[]) => words.filter((word) => lower.includes(` ${word}`)).length;
  const score = hits(LEXICON[language].positive) - hits(LEXICON[language].negative);
  return score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral';
}

function majorityLabel(labels: readonly SentimentLabel[]): SentimentLabel {
  const counts = new Map<SentimentLabel, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'positive';
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

function evaluate(train: Comment[], heldOut: Comment[], language: ModelLanguage) {
  const labelled: LabelledText[] = train.map((c) => ({ text: c[language], label: c.label }));
  const started = performance.now();
  const model = trainSentimentModel(labelled, { language, seed, ...TRAINING });
  const trainingSeconds = (performance.now() - started) / 1000;
  const scorer = sentimentScorer(model);
  const actual = heldOut.map((c) => c.label);
  const predicted = heldOut.map((c) => scorer.predict(c[language]).Label);
  const report = classificationReport(actual, predicted, SENTIMENT_LABELS);
  const majority = majorityLabel(train.map((c) => c.label));
  const majorityReport = classificationReport(
    actual,
    heldOut.map(() => majority),
    SENTIMENT_LABELS,
  );
  const lexiconReport = classificationReport(
    actual,
    heldOut.map((c) => lexiconLabel(c[language], language)),
    SENTIMENT_LABELS,
  );
  return { model, scorer, report, majorityReport, lexiconReport, trainingSeconds };
}

/** Comments scored per second by one core: the held-out comments, over and over, for at least two seconds. */
function throughput(scorer: { predict(text: string): unknown }, texts: string[]): number {
  let scored = 0;
  const started = performance.now();
  while (performance.now() - started < 2000) {
    for (const text of texts) scorer.predict(text);
    scored += texts.length;
  }
  return scored / ((performance.now() - started) / 1000);
}

async function main() {
  const prng = new Prng(seed);
  const { byPhrase, random, phrases, heldOutPhrases } = buildSets(prng);
  const randomHeldOut = random.slice(0, heldOutCount);
  const randomTrain = random.slice(heldOutCount);
  console.log(
    `${phrases} phrases, ${heldOutPhrases} held out; phrase split: ${byPhrase.train.length} training and ` +
      `${byPhrase.heldOut.length} held-out comments; random split: ${randomTrain.length} and ${randomHeldOut.length}`,
  );
  const classShares = (comments: Comment[]) =>
    Object.fromEntries(SENTIMENT_LABELS.map((l) => [l, comments.filter((c) => c.label === l).length]));

  const results = [];
  for (const language of LANGUAGES) {
    const phrase = evaluate(byPhrase.train, byPhrase.heldOut, language);
    const randomSplit = evaluate(randomTrain, randomHeldOut, language);
    const perSecond = throughput(
      phrase.scorer,
      byPhrase.heldOut.map((c) => c[language]),
    );
    results.push({
      language,
      trainingLabels: byPhrase.train.length,
      trainingSeconds: round(phrase.trainingSeconds, 2),
      vocabulary: phrase.model.vocabulary.length,
      modelBytes: JSON.stringify(phrase.model).length,
      commentsPerSecond: Math.round(perSecond),
      phraseSplit: {
        macroF1: round(phrase.report.macroF1),
        microF1: round(phrase.report.microF1),
        classes: phrase.report.classes.map((c) => ({
          ...c,
          precision: round(c.precision),
          recall: round(c.recall),
          f1: round(c.f1),
        })),
        confusion: phrase.report.confusion,
        majorityMacroF1: round(phrase.majorityReport.macroF1),
        lexiconMacroF1: round(phrase.lexiconReport.macroF1),
      },
      randomSplit: {
        macroF1: round(randomSplit.report.macroF1),
        majorityMacroF1: round(randomSplit.majorityReport.macroF1),
        lexiconMacroF1: round(randomSplit.lexiconReport.macroF1),
      },
    });
  }

  const rows = results.map((r) => [
    r.language,
    r.phraseSplit.macroF1,
    r.phraseSplit.majorityMacroF1,
    r.phraseSplit.lexiconMacroF1,
    r.randomSplit.macroF1,
    r.trainingSeconds,
    r.commentsPerSecond,
  ]);
  console.log(
    markdownTable(
      [
        'language',
        'macro-F1 (phrase split)',
        'majority',
        'lexicon',
        'macro-F1 (random split)',
        'training s',
        'comments/s',
      ],
      rows,
    ),
  );
  for (const r of results) {
    console.log(`${r.language} per class (phrase split):`);
    console.log(
      markdownTable(
        ['class', 'precision', 'recall', 'F1', 'support'],
        r.phraseSplit.classes.map((c) => [c.label, c.precision, c.recall, c.f1, c.support]),
      ),
    );
    console.log(
      `confusion (rows actual, columns predicted: ${SENTIMENT_LABELS.join(', ')}):`,
      JSON.stringify(r.phraseSplit.confusion),
    );
  }

  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `sentiment-${new Date().toISOString().slice(0, 10)}.json`);
  await writeJson(file, {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      node: process.version,
      loadAverage: os.loadavg(),
    },
    settings: { seed, trainCount, heldOutCount, heldOutShare: HELD_OUT_SHARE, ...TRAINING },
    classes: { phraseTrain: classShares(byPhrase.train), phraseHeldOut: classShares(byPhrase.heldOut) },
    results,
  });
  console.log(`written to ${path.relative(process.cwd(), file)}`);
}

await main();
