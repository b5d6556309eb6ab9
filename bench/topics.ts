// The demo topic and emotion models' measurement (issue 21 target topics micro-F1 ≥ 0.80, docs/ai-topic-models.md
// § Demo): the rules the demo gives its models (apps/server/src/demo/demo-topic-rules.ts) score demo comments drawn
// as the generator draws them, and their topics are compared with the generator's own labels. No database, no
// server: the scorer alone.
//
//   npm run bench:topics [-- --comments 20000 --seed 11]
//
// It prints micro-F1 for the seed words alone, the exact matches alone and both (what the demo models hold), per
// language, the same for the English emotion model, and the scoring rate.
import { parseArgs } from 'node:util';
import { composeComment, type DemoComment } from '../apps/server/src/demo/demo-comments.js';
import { EMOTIONS, TOPICS } from '../apps/server/src/demo/comment-phrases.data.js';
import { demoEmotionRules, demoTopicRules } from '../apps/server/src/demo/demo-topic-rules.js';
import { Prng } from '../apps/server/src/demo/prng.js';
import { topicScorer, type TopicRules } from '../apps/server/src/text-models/topic-scorer.js';
import { randomCommentContext } from './demo-comment-context.js';
import { markdownTable } from './stats.js';

const { values } = parseArgs({
  options: { comments: { type: 'string', default: '20000' }, seed: { type: 'string', default: '11' } },
});
const count = Number(values.comments);
const seed = Number(values.seed);

/** Demo comments as the generator writes them for random customers (as bench/sentiment.ts draws them). */
function drawComments(): DemoComment[] {
  const prng = new Prng(seed);
  return Array.from({ length: count }, () => composeComment(prng, randomCommentContext(prng)));
}

type Variant = 'seeds' | 'exact' | 'both';
const VARIANTS: Variant[] = ['seeds', 'exact', 'both'];

function rulesOf(
  keys: readonly string[],
  ruleOf: (key: string) => { positiveSeedWords: string[]; positiveExactMatches: string[] },
  variant: Variant,
): TopicRules[] {
  return keys.map((key, i) => {
    const rules = ruleOf(key);
    return {
      id: i + 1,
      name: key,
      threshold: 0.5,
      stemming: true,
      positiveSeedWords: variant === 'exact' ? [] : rules.positiveSeedWords,
      negativeSeedWords: [],
      positiveExactMatches: variant === 'seeds' ? [] : rules.positiveExactMatches,
      negativeExactMatches: [],
    };
  });
}

/** Micro precision, recall and F1 of the scorer's topic names against the generator's labels. */
function measure(
  comments: readonly DemoComment[],
  textOf: (comment: DemoComment) => string,
  labelsOf: (comment: DemoComment) => string[],
  scorer: { score(text: string): { name: string }[] },
) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const started = performance.now();
  for (const comment of comments) {
    const actual = new Set(labelsOf(comment));
    const found = new Set(scorer.score(textOf(comment)).map((hit) => hit.name));
    for (const name of found)
      if (actual.has(name)) tp++;
      else fp++;
    for (const name of actual) if (!found.has(name)) fn++;
  }
  const seconds = (performance.now() - started) / 1000;
  const precision = tp / Math.max(1, tp + fp);
  const recall = tp / Math.max(1, tp + fn);
  return {
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    perSecond: comments.length / seconds,
  };
}

const comments = drawComments();
const topicKeys = TOPICS.map((topic) => topic.key);
const rows: (string | number)[][] = [];
const fixed = (value: number) => value.toFixed(3);
for (const language of ['tr', 'en'] as const) {
  for (const variant of VARIANTS) {
    const scorer = topicScorer(
      rulesOf(topicKeys, (key) => demoTopicRules(key as (typeof topicKeys)[number], language), variant),
      language,
    );
    const result = measure(
      comments,
      (comment) => comment[language],
      (comment) => comment.topics.map((topic) => topic.key),
      scorer,
    );
    rows.push([
      `topics ${language}, ${variant}`,
      fixed(result.precision),
      fixed(result.recall),
      fixed(result.f1),
      Math.round(result.perSecond),
    ]);
  }
}
const emotionKeys = EMOTIONS.map((emotion) => emotion.key);
for (const variant of VARIANTS) {
  const scorer = topicScorer(
    rulesOf(emotionKeys, (key) => demoEmotionRules(key as (typeof emotionKeys)[number]), variant),
    'en',
  );
  const result = measure(
    comments,
    (comment) => comment.en,
    (comment) => comment.emotions.map((emotion) => emotion.key),
    scorer,
  );
  rows.push([
    `emotions en, ${variant}`,
    fixed(result.precision),
    fixed(result.recall),
    fixed(result.f1),
    Math.round(result.perSecond),
  ]);
}

console.log(
  `Demo topic and emotion rules on ${count} demo comments (seed ${seed}); target topics micro-F1 ≥ 0.80\n`,
);
console.log(markdownTable(['rules', 'micro-P', 'micro-R', 'micro-F1', 'comments/s'], rows));
