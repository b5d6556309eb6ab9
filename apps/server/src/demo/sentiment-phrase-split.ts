import { CLOSERS, NEUTRAL_COMMENTS, OPENERS, TOPICS } from './comment-phrases.data.js';
import type { Prng } from './prng.js';

/*
 * The honest split of the demo's comments for sentiment models (docs/text-models.md § Bench, docs/ai-sentiment-
 * models.md § Demo): a demo comment is one to three sentences drawn from phrase lists, so a random split puts the
 * same sentences on both sides and measures memory. Here 30 % of each polarity's phrases are held out; a comment
 * made only of training phrases trains, one made only of held-out phrases evaluates, a mixed one is not used.
 * `npm run bench:sentiment` and the demo's sentiment models share it.
 */

export type PhraseSide = 'train' | 'heldOut';
type Polarity = 'positive' | 'neutral' | 'negative';
type Language = 'tr' | 'en';

export const HELD_OUT_SHARE = 0.3;

/** Every phrase a demo comment is built from, as [tr, en] pairs pooled by the polarity it carries. */
function phrasePools(): Record<Polarity, [string, string][]> {
  const pairs = (phrases: readonly (readonly [string, string, ...unknown[]])[]) =>
    phrases.map(([tr, en]): [string, string] => [tr, en]);
  return {
    positive: pairs([...TOPICS.flatMap((t) => t.positive), ...OPENERS.positive, ...CLOSERS.positive]),
    negative: pairs([...TOPICS.flatMap((t) => t.negative), ...OPENERS.negative, ...CLOSERS.negative]),
    // A neutral mention of a topic is the template "<topic>: her zamanki gibi." (demo-comments.ts).
    neutral: [
      ...pairs(NEUTRAL_COMMENTS),
      ...TOPICS.map((t): [string, string] => [`${t.tr}: her zamanki gibi.`, `${t.en}: as usual.`]),
    ],
  };
}

/** Which side each phrase is on, per language (a phrase and its translation share a side). */
export function splitPhrases(prng: Prng): Record<Language, Map<string, PhraseSide>> {
  const sides: Record<Language, Map<string, PhraseSide>> = { tr: new Map(), en: new Map() };
  for (const pool of Object.values(phrasePools())) {
    const shuffled = pool.slice();
    for (let i = shuffled.length - 1; i > 0; i -= 1) {
      const j = Math.floor(prng.next() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    const heldOut = Math.max(1, Math.round(shuffled.length * HELD_OUT_SHARE));
    shuffled.forEach(([tr, en], i) => {
      const side = i < heldOut ? 'heldOut' : 'train';
      sides.tr.set(tr, side);
      sides.en.set(en, side);
    });
  }
  return sides;
}

/** The side of a comment: all its phrases on one side, or null when it mixes both or holds an unknown sentence. */
export function phraseSideOf(text: string, sides: Map<string, PhraseSide>): PhraseSide | null {
  let side: PhraseSide | null = null;
  let covered = 0;
  for (const [phrase, phraseSide] of sides) {
    if (!text.includes(phrase)) continue;
    covered += phrase.length + 1;
    if (side && side !== phraseSide) return null;
    side = phraseSide;
  }
  // Every sentence must be a known phrase, or the comment could carry an unsplit one.
  return covered >= text.length ? side : null;
}
