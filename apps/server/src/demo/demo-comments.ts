import { NEUTRAL_MIN_SCORE, PROMOTER_MIN_SCORE } from '@loupe/contracts';
import type { ProductGroupKey, SurveyKey } from './catalog.data.js';
import {
  CLOSERS,
  NEUTRAL_COMMENTS,
  OPENERS,
  TOPICS,
  UNCLASSIFIED_COMMENTS,
  type EmotionKey,
  type Phrase,
  type TopicDefinition,
  type TopicKey,
} from './comment-phrases.data.js';
import type { Prng } from './prng.js';

/** Sentiment scores of the text analysis: 4 positive, 2 neutral or mixed, 0 negative, -1 unclassified. */
type Sentiment = 4 | 2 | 0 | -1;

/** A generated comment in both languages with what the text analysis finds in it. */
export type DemoComment = {
  tr: string;
  en: string;
  sentiment: Sentiment;
  /**
   * Each topic once, main topics of sub-topics included, with the sentiment of its sentence: positive, neutral (a
   * plain mention), negative, or unclassified (a bare question the analysis cannot read).
   */
  topics: { key: TopicKey; sentiment: Sentiment }[];
  emotions: { key: EmotionKey; intensity: number }[];
};

/** What the comment is about: the session's answers that steer the choice of topics. */
export type CommentContext = {
  survey: SurveyKey;
  productGroup: ProductGroupKey;
  nps: number;
  /** 1-5 answers, 3 when the survey does not ask them. */
  staff: number;
  wait: number;
  /** The branch's weak spot, mentioned more often by its unhappy customers. */
  weakSpot: TopicKey;
  /** True during the mobile app outage. */
  incident: boolean;
};

const TOPIC_BY_KEY = new Map(TOPICS.map((t) => [t.key, t]));
const mainOf = (key: TopicKey): TopicKey => TOPIC_BY_KEY.get(key)?.parent ?? key;

/** Chance that a respondent writes a comment, by respondent type (promoter, passive, detractor). */
export const COMMENT_CHANCE = [0.4, 0.3, 0.55] as const;

/**
 * Builds a comment that agrees with the NPS answer: detractors complain about one or two topics, promoters
 * praise, passives are mixed or lukewarm; a few comments are neutral or unclassifiable.
 */
export function composeComment(prng: Prng, context: CommentContext): DemoComment {
  const { nps } = context;
  const roll = prng.next();
  if (nps < NEUTRAL_MIN_SCORE) {
    if (roll < 0.03) return unclassified(prng, context);
    if (roll < 0.07) return neutral(prng, context);
    return negativeComment(prng, context, prng.chance(0.45) ? 2 : 1);
  }
  if (nps >= PROMOTER_MIN_SCORE) {
    if (roll < 0.03) return unclassified(prng, context);
    if (roll < 0.08) return neutral(prng, context);
    return positiveComment(prng, context);
  }
  if (roll < 0.45) return mixedComment(prng, context);
  if (roll < 0.7) return neutral(prng, context);
  if (roll < 0.9) return negativeComment(prng, context, 1);
  return positiveComment(prng, context);
}

class CommentBuilder {
  private readonly tr: string[] = [];
  private readonly en: string[] = [];
  readonly topics: DemoComment['topics'] = [];
  private readonly emotions = new Map<EmotionKey, number>();

  constructor(private readonly prng: Prng) {}

  say(phrase: Phrase, emotion?: EmotionKey, strength = 0.6) {
    this.tr.push(phrase[0]);
    this.en.push(phrase[1]);
    const felt = phrase[2] ?? emotion;
    if (felt) {
      const intensity = Math.min(1, Math.round((strength + 0.3 * this.prng.next()) * 100) / 100);
      this.emotions.set(felt, Math.max(intensity, this.emotions.get(felt) ?? 0));
    }
  }

  topic(definition: TopicDefinition, sentiment: Sentiment) {
    if (definition.parent && !this.topics.some((t) => t.key === definition.parent)) {
      this.topics.push({ key: definition.parent, sentiment });
    }
    if (!this.topics.some((t) => t.key === definition.key))
      this.topics.push({ key: definition.key, sentiment });
  }

  build(sentiment: Sentiment): DemoComment {
    return {
      tr: this.tr.join(' '),
      en: this.en.join(' '),
      sentiment,
      topics: this.topics,
      emotions: [...this.emotions].map(([key, intensity]) => ({ key, intensity })),
    };
  }
}

function negativeComment(prng: Prng, context: CommentContext, topicCount: number): DemoComment {
  const out = new CommentBuilder(prng);
  // Harsher scores, stronger feelings.
  const strength = context.nps <= 3 ? 0.65 : 0.45;
  if (prng.chance(0.4)) out.say(prng.pick(OPENERS.negative), undefined, strength);
  for (const definition of chooseTopics(prng, context, 'negative', topicCount)) {
    out.say(prng.pick(definition.negative), definition.negativeEmotion, strength);
    out.topic(definition, 0);
  }
  if (prng.chance(0.35)) out.say(prng.pick(CLOSERS.negative), undefined, strength);
  return out.build(0);
}

function positiveComment(prng: Prng, context: CommentContext): DemoComment {
  const out = new CommentBuilder(prng);
  const strength = context.nps === 10 ? 0.65 : 0.5;
  const withTopic = prng.chance(0.85);
  if (!withTopic || prng.chance(0.4)) out.say(prng.pick(OPENERS.positive), 'joy', strength);
  if (withTopic) {
    for (const definition of chooseTopics(prng, context, 'positive', prng.chance(0.25) ? 2 : 1)) {
      out.say(prng.pick(definition.positive), prng.chance(0.6) ? 'joy' : 'trust', strength);
      out.topic(definition, 4);
    }
  }
  if (!withTopic || prng.chance(0.4)) out.say(prng.pick(CLOSERS.positive), 'trust', strength);
  return out.build(4);
}

/** A passive's comment: one thing liked, one thing not. */
function mixedComment(prng: Prng, context: CommentContext): DemoComment {
  const out = new CommentBuilder(prng);
  const [liked] = chooseTopics(prng, context, 'positive', 1);
  const disliked = chooseTopics(prng, context, 'negative', 1, liked && mainOf(liked.key))[0];
  if (liked) {
    out.say(prng.pick(liked.positive), 'trust', 0.3);
    out.topic(liked, 4);
  }
  if (disliked) {
    out.say(prng.pick(disliked.negative), disliked.negativeEmotion, 0.3);
    out.topic(disliked, 0);
  }
  return out.build(2);
}

/** A neutral comment; half of them mention a topic plainly ("Şube kuyruğu: her zamanki gibi."), a neutral mention. */
function neutral(prng: Prng, context: CommentContext): DemoComment {
  const [topic] = prng.chance(0.5) ? chooseTopics(prng, context, 'positive', 1) : [];
  if (topic) {
    const out = new CommentBuilder(prng);
    out.say([`${topic.tr}: her zamanki gibi.`, `${topic.en}: as usual.`]);
    out.topic(topic, 2);
    return out.build(2);
  }
  const [tr, en] = prng.pick(NEUTRAL_COMMENTS);
  return { tr, en, sentiment: 2, topics: [], emotions: [] };
}

/** A comment the analysis cannot classify; some name a topic with nothing about it ("Kredi faizi?"). */
function unclassified(prng: Prng, context: CommentContext): DemoComment {
  const [topic] = prng.chance(0.5) ? chooseTopics(prng, context, 'negative', 1) : [];
  if (topic) {
    const out = new CommentBuilder(prng);
    out.say([`${topic.tr}?`, `${topic.en}?`]);
    out.topic(topic, -1);
    return out.build(-1);
  }
  const [tr, en] = prng.pick(UNCLASSIFIED_COMMENTS);
  return { tr, en, sentiment: -1, topics: [], emotions: [] };
}

/** Up to `count` topics with different main topics, weighted by what this customer most likely talks about. */
function chooseTopics(
  prng: Prng,
  context: CommentContext,
  polarity: 'negative' | 'positive',
  count: number,
  excludeMain?: TopicKey,
): TopicDefinition[] {
  const weights = topicWeights(context, polarity);
  const chosen: TopicDefinition[] = [];
  const usedMains = new Set<TopicKey>(excludeMain ? [excludeMain] : []);
  while (chosen.length < count) {
    let total = 0;
    for (const [key, weight] of weights) if (!usedMains.has(mainOf(key))) total += weight;
    if (total <= 0) break;
    let u = prng.next() * total;
    for (const [key, weight] of weights) {
      if (usedMains.has(mainOf(key))) continue;
      u -= weight;
      if (u <= 0) {
        const definition = TOPIC_BY_KEY.get(key);
        if (definition) chosen.push(definition);
        usedMains.add(mainOf(key));
        break;
      }
    }
  }
  return chosen;
}

function topicWeights(context: CommentContext, polarity: 'negative' | 'positive'): [TopicKey, number][] {
  const negative = polarity === 'negative';
  const weights = new Map<TopicKey, number>();
  const add = (key: TopicKey, weight: number) => weights.set(key, (weights.get(key) ?? 0) + weight);

  if (context.survey === 'branch') {
    add('waiting.queue', negative ? 2 + (context.wait <= 2 ? 4 : 0) : context.wait >= 4 ? 2 : 0.5);
    add('waiting', 0.5);
    add('staff.friendliness', negative ? 1 + (context.staff <= 2 ? 3 : 0) : 3);
    add('staff', negative ? 0.7 : 2.5);
    add('staff.expertise', negative ? 0.8 : 1);
    add('environment', negative ? 0.8 : 1);
    add('atm', negative ? 0.7 : 0.4);
    add('fees.account', negative ? 0.6 : 0.2);
    add('fees', negative ? 0.4 : 0.1);
    add('waiting.callCentre', 0.3);
    add('digital.mobile', 0.3);
    if (negative) add(context.weakSpot, 3);
  } else if (context.survey === 'digital') {
    add('digital.mobile', negative ? (context.incident ? 12 : 4) : 3);
    add('digital.internet', 1.5);
    add('digital', negative ? 1 : 1.2);
    add('fees.transfer', negative ? 1 : 0.6);
    add('waiting.callCentre', negative ? 0.8 : 0.3);
  } else {
    add('loan.approval', negative ? 3 : 2.5);
    add('loan.interest', negative ? 2.5 : 1);
    add('loan', 1.5);
    add('staff.expertise', negative ? 1 : 1.5);
    add('waiting.callCentre', negative ? 0.5 : 0.2);
    add('fees', negative ? 0.5 : 0.1);
  }
  if (context.productGroup === 'CRD') {
    add('card.limit', negative ? 1.2 : 0.6);
    add('card.delivery', negative ? 0.8 : 0.4);
    add('card', 1);
  }
  if (context.productGroup === 'LON' && context.survey !== 'loan') add('loan.interest', 1);
  return [...weights];
}
