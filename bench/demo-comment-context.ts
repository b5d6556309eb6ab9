import type { CommentContext } from '../apps/server/src/demo/demo-comments.js';
import { TOPICS } from '../apps/server/src/demo/comment-phrases.data.js';
import type { Prng } from '../apps/server/src/demo/prng.js';

const SURVEYS = ['branch', 'digital', 'loan'] as const;
const GROUPS = ['ACC', 'CRD', 'LON', 'INV', 'INS', 'DIG'] as const;

/** A random customer's context for `composeComment`: what the text benches draw demo comments for. */
export function randomCommentContext(prng: Prng): CommentContext {
  return {
    survey: prng.pick(SURVEYS),
    productGroup: prng.pick(GROUPS),
    nps: prng.int(0, 10),
    staff: prng.int(1, 5),
    wait: prng.int(1, 5),
    weakSpot: prng.pick(TOPICS.map((t) => t.key)),
    incident: prng.chance(0.1),
  };
}
