import { Prng } from '../demo/prng.js';

/*
 * A planted multi-label set for the topic classifier's tests: a comment names fees, staff, both or neither, in
 * words that vary (a seeded draw), with the topics it names as its gold labels. No rule knows these words, so
 * only a trained classifier finds the topics.
 */

const FEES = ['fee', 'charges', 'commission', 'costs', 'pricing'];
const STAFF = ['staff', 'teller', 'employee', 'advisor', 'clerk'];
const FILLER = ['today', 'at the branch', 'again', 'this month', 'last week', 'honestly'];
const OPINION = ['was awful', 'was great', 'felt fine', 'surprised me', 'was okay'];

/** `n` planted comments drawn with `seed`, each with the topics ('Fees', 'Staff') it names. */
export function plantedTopicComments(seed: number, n: number): { text: string; topics: string[] }[] {
  const prng = new Prng(seed);
  const pick = (list: readonly string[]) => list[prng.int(0, list.length - 1)]!;
  return Array.from({ length: n }, () => {
    const kind = prng.int(0, 3);
    const parts: string[] = [];
    const topics: string[] = [];
    if (kind === 0 || kind === 2) {
      parts.push(`the ${pick(FEES)} ${pick(OPINION)}`);
      topics.push('Fees');
    }
    if (kind === 1 || kind === 2) {
      parts.push(`the ${pick(STAFF)} ${pick(OPINION)}`);
      topics.push('Staff');
    }
    if (kind === 3) parts.push(`the weather ${pick(OPINION)}`);
    return { text: `${parts.join(' and ')} ${pick(FILLER)}`, topics };
  });
}
