import { Prng } from '../demo/prng.js';
import { classificationReport } from './metrics.js';
import { commentFeatures, type ModelLanguage } from './text-features.js';

// The sentiment model of the text-analytics module (issue 21 item 3, docs/text-models.md § Model): a multinomial
// (softmax) logistic regression over the comment's features (text-features.ts), L2-regularised, trained by
// mini-batch gradient descent from a seed. Written here rather than taken from npm: the maintained JavaScript
// libraries either fit dense matrices (ml-logistic-regression: one-vs-rest, a dense row per comment, no seed, no
// warm start) or carry a tensor runtime far larger than these forty lines of arithmetic. The model is plain JSON,
// so the later slices store it versioned in the database.

/** The classes, in the order of the weight columns. */
export const SENTIMENT_LABELS = ['negative', 'neutral', 'positive'] as const;
export type SentimentLabel = (typeof SENTIMENT_LABELS)[number];
const CLASSES = SENTIMENT_LABELS.length;
const SCORES: Record<SentimentLabel, 4 | 2 | 0> = { positive: 4, neutral: 2, negative: 0 };

export type LabelledText = { text: string; label: SentimentLabel };

/** What `try` answers and what scoring writes: the spec's sentiment score 4, 2 or 0 with the class's probability. */
export type SentimentPrediction = { Label: SentimentLabel; SentimentScore: 4 | 2 | 0; Probability: number };

/** A trained model as stored: the vocabulary, one weight per (feature, class), one bias per class. */
export type SentimentModel = {
  format: 'loupe-sentiment-softmax';
  version: 1;
  language: ModelLanguage;
  vocabulary: string[];
  /** Row-major: the weight of feature f for class c is weights[f * 3 + c]. */
  weights: number[];
  bias: number[];
  training: {
    examples: number;
    learningRate: number;
    epochSize: number;
    epochsRun: number;
    trainAll: boolean;
    l2: number;
    batchSize: number;
    seed: number;
    incremental: boolean;
    /** Macro-F1 on the 10 % kept aside when trainAll is false; null when every label trained. */
    validationMacroF1: number | null;
  };
};

export type TrainingOptions = {
  language: ModelLanguage;
  /** Step size of gradient descent (the learningRate). */
  learningRate?: number;
  /** Passes over the training labels (the epochSize). */
  epochSize?: number;
  /**
   * True: every label trains and all epochs run. False: 10 % of the labels (seeded) are kept aside and the model
   * of the epoch with the best macro-F1 on them is kept (early stopping).
   */
  trainAll?: boolean;
  /** L2 penalty λ on the weights (not the biases). */
  l2?: number;
  batchSize?: number;
  seed?: number;
  /** Start from this model's weights (incremental training); its vocabulary is kept and extended. */
  baseModel?: SentimentModel;
};

const DEFAULTS = { learningRate: 0.5, epochSize: 8, trainAll: true, l2: 1e-5, batchSize: 32, seed: 1 };
const VALIDATION_SHARE = 0.1;

/** Trains a model on labelled comments; the same labels, options and seed give the same model. */
export function trainSentimentModel(
  labelled: readonly LabelledText[],
  options: TrainingOptions,
): SentimentModel {
  const settings = { ...DEFAULTS, ...options };
  const base = options.baseModel;
  if (base && base.language !== options.language) throw new Error('the base model is of another language');
  if (!(settings.learningRate > 0) || !(settings.epochSize >= 1) || !(settings.batchSize >= 1)) {
    throw new Error('learningRate, epochSize and batchSize must be positive');
  }

  const vocabulary = new Map<string, number>((base?.vocabulary ?? []).map((feature, i) => [feature, i]));
  const examples = labelled.map(({ text, label }) => ({
    features: Int32Array.from(commentFeatures(text, options.language), (feature) => {
      let index = vocabulary.get(feature);
      if (index === undefined) {
        index = vocabulary.size;
        vocabulary.set(feature, index);
      }
      return index;
    }),
    label: SENTIMENT_LABELS.indexOf(label),
  }));
  if (examples.some((example) => example.label < 0))
    throw new Error('a label is not negative, neutral or positive');

  const prng = new Prng(settings.seed);
  const order = shuffle(
    examples.map((_, i) => i),
    prng,
  );
  const validationCount = settings.trainAll ? 0 : Math.floor(examples.length * VALIDATION_SHARE);
  const validation = order.slice(0, validationCount);
  const training = order.slice(validationCount);

  const weights = new Float64Array(vocabulary.size * CLASSES);
  if (base) weights.set(base.weights);
  const bias = Float64Array.from(base?.bias ?? [0, 0, 0]);
  // The L2 decay multiplies every weight each step; it is kept as one factor (weights = scale · stored) so a step
  // touches only the comment's features (Bottou's trick), and folded in when it gets small.
  let scale = 1;
  const decay = 1 - settings.learningRate * settings.l2;
  const gradients = new Float64Array(settings.batchSize * CLASSES);
  const logits = new Float64Array(CLASSES);

  let best = { macroF1: -1, weights, bias, epoch: 0 };
  let epochsRun = 0;
  for (let epoch = 1; epoch <= settings.epochSize; epoch += 1) {
    shuffle(training, prng);
    for (let start = 0; start < training.length; start += settings.batchSize) {
      const batch = training.slice(start, start + settings.batchSize);
      // Gradients of the batch at the current weights, then one step: mini-batch, not per-comment, descent.
      batch.forEach((index, b) => {
        const example = examples[index];
        if (!example) return;
        probabilities(example.features, weights, bias, scale, logits);
        for (let c = 0; c < CLASSES; c += 1) {
          gradients[b * CLASSES + c] = (logits[c] ?? 0) - (c === example.label ? 1 : 0);
        }
      });
      scale *= decay;
      const step = settings.learningRate / batch.length;
      batch.forEach((index, b) => {
        const example = examples[index];
        if (!example) return;
        for (let c = 0; c < CLASSES; c += 1) {
          const gradient = gradients[b * CLASSES + c] ?? 0;
          bias[c] = (bias[c] ?? 0) - step * gradient;
          const change = (step * gradient) / scale;
          for (const feature of example.features) {
            const at = feature * CLASSES + c;
            weights[at] = (weights[at] ?? 0) - change;
          }
        }
      });
      if (scale < 1e-3) {
        for (let i = 0; i < weights.length; i += 1) weights[i] = (weights[i] ?? 0) * scale;
        scale = 1;
      }
    }
    epochsRun = epoch;
    if (validation.length > 0) {
      const macroF1 = validationMacroF1(validation, examples, weights, bias, scale, logits);
      if (macroF1 > best.macroF1) {
        best = { macroF1, weights: weights.map((w) => w * scale), bias: bias.slice(), epoch };
      }
    }
  }

  const final =
    validation.length > 0
      ? best
      : { macroF1: -1, weights: weights.map((w) => w * scale), bias, epoch: epochsRun };
  return {
    format: 'loupe-sentiment-softmax',
    version: 1,
    language: options.language,
    vocabulary: [...vocabulary.keys()],
    weights: Array.from(final.weights),
    bias: Array.from(final.bias),
    training: {
      examples: labelled.length,
      learningRate: settings.learningRate,
      epochSize: settings.epochSize,
      epochsRun: final.epoch,
      trainAll: settings.trainAll,
      l2: settings.l2,
      batchSize: settings.batchSize,
      seed: settings.seed,
      incremental: base !== undefined,
      validationMacroF1: validation.length > 0 ? best.macroF1 : null,
    },
  };
}

/** A model ready to score: its vocabulary indexed once, then `predict` per comment. */
export function sentimentScorer(model: SentimentModel): { predict(text: string): SentimentPrediction } {
  const vocabulary = new Map(model.vocabulary.map((feature, i) => [feature, i]));
  const weights = Float64Array.from(model.weights);
  const bias = Float64Array.from(model.bias);
  const out = new Float64Array(CLASSES);
  return {
    predict(text) {
      const features: number[] = [];
      for (const feature of commentFeatures(text, model.language)) {
        const index = vocabulary.get(feature);
        if (index !== undefined) features.push(index);
      }
      probabilities(features, weights, bias, 1, out);
      const best = argmax(out);
      const label = SENTIMENT_LABELS[best] ?? 'neutral';
      return { Label: label, SentimentScore: SCORES[label], Probability: out[best] ?? 0 };
    },
  };
}

/** A stored model read back from its JSON, checked so a damaged row fails loudly instead of scoring nonsense. */
export function parseSentimentModel(json: string): SentimentModel {
  const model = JSON.parse(json) as SentimentModel;
  const valid =
    model?.format === 'loupe-sentiment-softmax' &&
    model.version === 1 &&
    (model.language === 'tr' || model.language === 'en') &&
    Array.isArray(model.vocabulary) &&
    Array.isArray(model.weights) &&
    model.weights.length === model.vocabulary.length * CLASSES &&
    model.weights.every(Number.isFinite) &&
    Array.isArray(model.bias) &&
    model.bias.length === CLASSES &&
    model.bias.every(Number.isFinite);
  if (!valid) throw new Error('not a sentiment model');
  return model;
}

/** Softmax of the comment's logits into `out`; the maximum is subtracted so exp never overflows. */
function probabilities(
  features: ArrayLike<number>,
  weights: Float64Array,
  bias: Float64Array,
  scale: number,
  out: Float64Array,
) {
  for (let c = 0; c < CLASSES; c += 1) {
    let sum = 0;
    for (let i = 0; i < features.length; i += 1) sum += weights[(features[i] ?? 0) * CLASSES + c] ?? 0;
    out[c] = (bias[c] ?? 0) + scale * sum;
  }
  const max = Math.max(out[0] ?? 0, out[1] ?? 0, out[2] ?? 0);
  let total = 0;
  for (let c = 0; c < CLASSES; c += 1) {
    out[c] = Math.exp((out[c] ?? 0) - max);
    total += out[c] ?? 0;
  }
  for (let c = 0; c < CLASSES; c += 1) out[c] = (out[c] ?? 0) / total;
}

function validationMacroF1(
  validation: number[],
  examples: { features: Int32Array; label: number }[],
  weights: Float64Array,
  bias: Float64Array,
  scale: number,
  out: Float64Array,
): number {
  const actual: SentimentLabel[] = [];
  const predicted: SentimentLabel[] = [];
  for (const index of validation) {
    const example = examples[index];
    if (!example) continue;
    probabilities(example.features, weights, bias, scale, out);
    actual.push(SENTIMENT_LABELS[example.label] ?? 'neutral');
    predicted.push(SENTIMENT_LABELS[argmax(out)] ?? 'neutral');
  }
  return classificationReport(actual, predicted, SENTIMENT_LABELS).macroF1;
}

/** The most probable class; a tie goes to the first (negative before neutral before positive). */
function argmax(out: Float64Array): number {
  let best = 0;
  for (let c = 1; c < CLASSES; c += 1) if ((out[c] ?? 0) > (out[best] ?? 0)) best = c;
  return best;
}

/** Fisher–Yates in place with the seeded generator. */
function shuffle<T>(items: T[], prng: Prng): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(prng.next() * (i + 1));
    const swap = items[i] as T;
    items[i] = items[j] as T;
    items[j] = swap;
  }
  return items;
}
