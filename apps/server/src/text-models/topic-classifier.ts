import { Prng } from '../demo/prng.js';
import { commentFeatures, type ModelLanguage } from './text-features.js';
import { compileTopicRules, type TopicHit, type TopicRules } from './topic-scorer.js';

// The classifier half of a topic model of type 1 (issue 21 item 4, docs/ai-topic-models.md § Classifier): one
// binary logistic regression per topic over the comment's features (text-features.ts), sharing one vocabulary,
// L2-regularised, trained by seeded stochastic gradient descent on the gold labels of a topic (or emotion)
// annotation work. Multi-label: a comment may carry any number of topics, so each topic is its own yes/no model
// (one-vs-rest) rather than one softmax over topics.

/** One labelled comment: its text and the names of the topics annotators agreed on (possibly none). */
export type TopicLabelledText = { text: string; topics: readonly string[] };

/** A trained classifier as stored in `topic_models.classifier`. Topics are named as the gold labels name them. */
export type TopicClassifier = {
  format: 'loupe-topic-binary-logistic';
  version: 1;
  language: ModelLanguage;
  vocabulary: string[];
  /** Per topic (lower-cased name): its bias and its weight per vocabulary entry (dense, same order). */
  topics: { name: string; bias: number; weights: number[]; positives: number }[];
  training: { examples: number; epochs: number; learningRate: number; l2: number; seed: number };
};

type TrainOptions = {
  language: ModelLanguage;
  epochs?: number;
  learningRate?: number;
  l2?: number;
  seed?: number;
};

const DEFAULTS = { epochs: 12, learningRate: 0.5, l2: 1e-4, seed: 1 };
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const nameKey = (name: string) => name.trim().toLocaleLowerCase('tr');

/**
 * Trains one binary model per topic named in `topicNames` on the labelled comments. Topics that no comment
 * carries keep a large negative bias (they are never predicted). The same input and seed give the same model.
 */
export function trainTopicClassifier(
  labelled: readonly TopicLabelledText[],
  topicNames: readonly string[],
  options: TrainOptions,
): TopicClassifier {
  const settings = { ...DEFAULTS, ...options };
  const index = new Map<string, number>();
  const vocabulary: string[] = [];
  const rows = labelled.map((item) =>
    commentFeatures(item.text, options.language).map((feature) => {
      let at = index.get(feature);
      if (at === undefined) {
        at = vocabulary.length;
        index.set(feature, at);
        vocabulary.push(feature);
      }
      return at;
    }),
  );
  const keys = [...new Set(topicNames.map(nameKey))];
  const labelSets = labelled.map((item) => new Set(item.topics.map(nameKey)));
  const topics = keys.map((name, topicIndex) => {
    const targets = labelSets.map((set) => (set.has(name) ? 1 : 0));
    const positives = targets.reduce<number>((sum, y) => sum + y, 0);
    const weights = new Float64Array(vocabulary.length);
    // A topic with no example or only examples is its prior: no gradient would say more.
    let bias = positives === 0 ? -6 : positives === labelled.length ? 6 : 0;
    if (positives > 0 && positives < labelled.length) {
      const prng = new Prng(settings.seed, topicIndex + 1);
      const order = rows.map((_, i) => i);
      for (let epoch = 0; epoch < settings.epochs; epoch++) {
        for (let i = order.length - 1; i > 0; i--) {
          const j = prng.int(0, i);
          [order[i], order[j]] = [order[j]!, order[i]!];
        }
        const rate = settings.learningRate / (1 + epoch);
        for (const i of order) {
          const features = rows[i]!;
          let z = bias;
          for (const f of features) z += weights[f]!;
          const gradient = sigmoid(z) - targets[i]!;
          bias -= rate * gradient;
          for (const f of features) weights[f] = weights[f]! - rate * (gradient + settings.l2 * weights[f]!);
        }
      }
    }
    return { name, bias: round(bias), weights: Array.from(weights, round), positives };
  });
  return {
    format: 'loupe-topic-binary-logistic',
    version: 1,
    language: options.language,
    vocabulary,
    topics,
    training: {
      examples: labelled.length,
      epochs: settings.epochs,
      learningRate: settings.learningRate,
      l2: settings.l2,
      seed: settings.seed,
    },
  };
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** Reads a stored classifier back; a damaged one (wrong format, lengths, non-finite numbers) is refused. */
export function parseTopicClassifier(json: string): TopicClassifier {
  const model = JSON.parse(json) as TopicClassifier;
  const finite = (values: readonly number[]) =>
    values.every((v) => typeof v === 'number' && Number.isFinite(v));
  if (
    model?.format !== 'loupe-topic-binary-logistic' ||
    model.version !== 1 ||
    !Array.isArray(model.vocabulary) ||
    !Array.isArray(model.topics) ||
    !model.topics.every(
      (t) =>
        typeof t.name === 'string' &&
        Number.isFinite(t.bias) &&
        Array.isArray(t.weights) &&
        t.weights.length === model.vocabulary.length &&
        finite(t.weights),
    )
  ) {
    throw new Error('not a topic classifier');
  }
  return model;
}

/** A found topic with what made its score: the rules' score and, with a classifier, its probability. */
export type BlendedTopicHit = TopicHit & { ruleScore: number; classifierProbability: number | null };

/**
 * Scores a model's topics by its rules, blended with its classifier when it has one (model type 1). Per topic,
 * with s the rule score (topicScorer) and p the classifier's probability of the topic:
 *
 *   - the rules decide alone when an exact match (1) or a negative rule (0) applies, or when the classifier does
 *     not know the topic (no gold label named it): score = s;
 *   - otherwise score = max(p, (s + p) / 2): the classifier's probability, raised halfway towards the seed words'
 *     score when they say more. A confident classifier finds a topic no seed word names; seed words alone cannot
 *     outvote a classifier that is sure the topic is absent.
 *
 * The topic is found when its score is above 0 and reaches its threshold.
 */
export function topicModelScorer(
  rules: readonly TopicRules[],
  language: ModelLanguage,
  classifierJson: string | null,
): { score(text: string): BlendedTopicHit[] } {
  const compiled = compileTopicRules(rules, language);
  const classifier = classifierJson === null ? null : parseTopicClassifier(classifierJson);
  const byName = new Map(classifier?.topics.map((topic) => [topic.name, topic]) ?? []);
  const known = rules.map((rule) => byName.get(nameKey(rule.name)) ?? null);
  const index = new Map(classifier?.vocabulary.map((feature, i) => [feature, i]) ?? []);
  return {
    score(text) {
      const verdicts = compiled.rules(text);
      const features = classifier
        ? commentFeatures(text, language)
            .map((feature) => index.get(feature))
            .filter((i): i is number => i !== undefined)
        : [];
      const hits: BlendedTopicHit[] = [];
      rules.forEach((rule, i) => {
        const { score: ruleScore, decided } = verdicts[i]!;
        const model = known[i];
        let probability: number | null = null;
        let score = ruleScore;
        if (model) {
          let z = model.bias;
          for (const f of features) z += model.weights[f]!;
          probability = sigmoid(z);
          if (!decided) score = Math.max(probability, (ruleScore + probability) / 2);
        }
        if (score > 0 && score >= rule.threshold) {
          hits.push({
            topicId: rule.id,
            name: rule.name,
            score,
            ruleScore,
            classifierProbability: probability,
          });
        }
      });
      return hits.sort((a, b) => b.score - a.score || a.topicId - b.topicId);
    },
  };
}
