import { lowerCase, stemWord, type StemmedLanguage } from '../analytics/text-terms.js';

// Topic (and emotion) scoring by a topic's rules (issue 21 item 4, docs/text-models.md § Topics): positive exact
// matches label an answer outright, negative exact matches and negative seed words keep the topic off it, and each
// positive seed word found raises the score. The topic is found when its score reaches its threshold.

/** A topic's rules as the `topics` table holds them. */
export type TopicRules = {
  id: number;
  name: string;
  threshold: number;
  stemming: boolean;
  positiveSeedWords: string[];
  negativeSeedWords: string[];
  positiveExactMatches: string[];
  negativeExactMatches: string[];
};

export type TopicHit = { topicId: number; name: string; score: number };

const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*/gu;

/** The comparable forms of a text's words: stems when `stemming`, lower-cased words otherwise. */
function forms(text: string, language: StemmedLanguage, stemming: boolean): string[] {
  return (text.match(WORD) ?? []).map((word) => {
    const lower = lowerCase(word, language);
    return stemming ? stemWord(lower, language) : lower;
  });
}

/** Whether `phrase`'s forms occur in `words` as a consecutive run. */
function containsRun(words: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0) return false;
  for (let start = 0; start + phrase.length <= words.length; start++) {
    if (phrase.every((form, i) => words[start + i] === form)) return true;
  }
  return false;
}

type CompiledTopic = {
  topic: TopicRules;
  positive: string[][];
  negative: string[][];
  positiveExact: string[];
  negativeExact: string[];
};

/** A text's comparable forms, computed once per text for every topic. */
type TextForms = { lower: string; stemmed: string[]; plain: string[] };

/** The rule score of one topic (see topicScorer); the blended scorer reads it before the threshold. */
function ruleScore(compiled: CompiledTopic, text: TextForms): number {
  const { topic, positive, negative, positiveExact, negativeExact } = compiled;
  const words = topic.stemming ? text.stemmed : text.plain;
  if (negativeExact.some((phrase) => text.lower.includes(phrase))) return 0;
  if (positiveExact.some((phrase) => text.lower.includes(phrase))) return 1;
  if (negative.some((phrase) => containsRun(words, phrase))) return 0;
  return 1 - 0.5 ** positive.filter((phrase) => containsRun(words, phrase)).length;
}

/** Whether the rules decided on their own: an exact match, or a negative seed word that keeps the topic off. */
function ruleVerdict(compiled: CompiledTopic, text: TextForms): boolean {
  const words = compiled.topic.stemming ? text.stemmed : text.plain;
  return (
    compiled.negativeExact.some((phrase) => text.lower.includes(phrase)) ||
    compiled.positiveExact.some((phrase) => text.lower.includes(phrase)) ||
    compiled.negative.some((phrase) => containsRun(words, phrase))
  );
}

/** The topics' rules compiled once for a language: what both scorers (rules alone, rules with a classifier) use. */
export function compileTopicRules(
  topics: readonly TopicRules[],
  language: StemmedLanguage,
): {
  topics: readonly TopicRules[];
  /** Per topic, in the order given: its rule score and whether an exact match or a negative rule decided it. */
  rules(text: string): { score: number; decided: boolean }[];
} {
  const compiled: CompiledTopic[] = topics.map((topic) => {
    const of = (phrases: readonly string[]) => phrases.map((p) => forms(p, language, topic.stemming));
    const exact = (phrases: readonly string[]) =>
      phrases.map((p) => lowerCase(p.trim(), language)).filter(Boolean);
    return {
      topic,
      positive: of(topic.positiveSeedWords),
      negative: of(topic.negativeSeedWords),
      positiveExact: exact(topic.positiveExactMatches),
      negativeExact: exact(topic.negativeExactMatches),
    };
  });
  return {
    topics,
    rules(text) {
      const textForms = {
        lower: lowerCase(text, language),
        stemmed: forms(text, language, true),
        plain: forms(text, language, false),
      };
      return compiled.map((topic) => ({
        score: ruleScore(topic, textForms),
        decided: ruleVerdict(topic, textForms),
      }));
    },
  };
}

/**
 * A scorer for a model's topics in one language. A seed word may be a phrase ("waiting time"); it counts once
 * however often it occurs. Score: 1 for a positive exact match; 0 when a negative exact match or a negative seed
 * word occurs; otherwise 1 − 0.5^k for k distinct positive seed words found (one seed 0.5, two 0.75, …).
 */
export function topicScorer(
  topics: readonly TopicRules[],
  language: StemmedLanguage,
): { score(text: string): TopicHit[] } {
  const compiled = compileTopicRules(topics, language);
  return {
    score(text) {
      const hits: TopicHit[] = [];
      compiled.rules(text).forEach(({ score }, i) => {
        const topic = topics[i]!;
        if (score > 0 && score >= topic.threshold) hits.push({ topicId: topic.id, name: topic.name, score });
      });
      return hits;
    },
  };
}
