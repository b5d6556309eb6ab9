import { createHash } from 'node:crypto';

/*
 * Reading reviews from what a review source's fetch answered (docs/review-sources.md "Formats"): schema.org
 * JSON-LD Review objects in a page's `<script type="application/ld+json">` blocks or in a JSON answer, and the
 * Google Places Details format (`result.reviews[]`). Nothing here touches the network or the database.
 */

/** One review as the import needs it. */
export type FeedReview = {
  /** The site's id (@id, url) or a hash of author, date and text: a review is imported once by this key. */
  key: string;
  author: string | null;
  /** The rating given, on `worst` … `best`; null without one. */
  rating: number | null;
  best: number;
  worst: number;
  text: string | null;
  /** ISO date-time of the review; null when the feed gives none (or none readable). */
  date: string | null;
  language: string | null;
};

const KEY_MAX = 500;

// Control characters but tab and line breaks: the REST data checks refuse them in texts.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

const clean = (value: unknown, max: number): string | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).replace(CONTROLS, '').trim();
  return text ? text.slice(0, max) : null;
};

const numberOf = (value: unknown): number | null => {
  const number = typeof value === 'string' ? Number(value.replace(',', '.')) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
};

function isoOf(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value * 1000).toISOString() : null;
  if (typeof value !== 'string' || !value.trim()) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

const hashKey = (...parts: (string | number | null)[]) =>
  `h:${createHash('sha256')
    .update(parts.map((part) => String(part ?? '')).join('\u0001'))
    .digest('hex')}`;

const typesOf = (node: Record<string, unknown>): string[] => {
  const type = node['@type'];
  return (Array.isArray(type) ? type : [type]).filter((entry): entry is string => typeof entry === 'string');
};

/** A schema.org Review object as a FeedReview; undefined when it carries neither a rating nor a text. */
function schemaReview(node: Record<string, unknown>): FeedReview | undefined {
  const author = node.author;
  const authorName =
    typeof author === 'object' && author !== null
      ? clean((author as Record<string, unknown>).name, 200)
      : clean(author, 200);
  const ratingNode = node.reviewRating;
  const ratingObject =
    typeof ratingNode === 'object' && ratingNode !== null ? (ratingNode as Record<string, unknown>) : {};
  const rating = numberOf(typeof ratingNode === 'object' ? ratingObject.ratingValue : ratingNode);
  const best = numberOf(ratingObject.bestRating) ?? 5;
  const worst = numberOf(ratingObject.worstRating) ?? 1;
  const text = clean(node.reviewBody ?? node.description, 20_000);
  if (rating === null && text === null) return undefined;
  const rawDate = node.datePublished ?? node.dateCreated;
  const date = isoOf(rawDate);
  const id = clean(node['@id'] ?? node.url, KEY_MAX);
  return {
    key: id ?? hashKey(authorName, typeof rawDate === 'string' ? rawDate : date, text),
    author: authorName,
    rating,
    best: best > worst ? best : 5,
    worst: best > worst ? worst : 1,
    text,
    date,
    language: clean(node.inLanguage, 10),
  };
}

/** Every Review found in a JSON-LD value: Review objects, and `review`/`reviews` of any other object. */
function collect(value: unknown, into: FeedReview[], depth = 0): void {
  if (depth > 8 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const entry of value) collect(entry, into, depth + 1);
    return;
  }
  const node = value as Record<string, unknown>;
  if (typesOf(node).includes('Review')) {
    const review = schemaReview(node);
    if (review) into.push(review);
    return;
  }
  for (const key of ['@graph', 'review', 'reviews', 'itemListElement', 'item'])
    if (key in node) collect(node[key], into, depth + 1);
}

const LD_SCRIPT = /<script\b[^>]*\btype\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script\s*>/gi;

/**
 * The reviews of a review URL's answer: JSON (an object or array of schema.org objects) or an HTML page whose
 * JSON-LD blocks hold them. A block that is not valid JSON is skipped. Throws when the answer is neither.
 */
export function reviewsOfPage(body: string): FeedReview[] {
  const reviews: FeedReview[] = [];
  const trimmed = body.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    collect(JSON.parse(trimmed), reviews);
    return reviews;
  }
  let blocks = 0;
  for (const match of body.matchAll(LD_SCRIPT)) {
    blocks++;
    try {
      collect(JSON.parse(match[1]!), reviews);
    } catch {
      // One broken block does not hide the others.
    }
  }
  if (blocks === 0) throw new Error('the page holds no JSON-LD (application/ld+json) block');
  return reviews;
}

/** The reviews of a Places Details answer (`result.reviews[]`); its `status` other than OK fails the run. */
export function reviewsOfPlace(body: string): FeedReview[] {
  const answer = JSON.parse(body) as {
    status?: unknown;
    error_message?: unknown;
    result?: { reviews?: unknown };
  };
  if (typeof answer !== 'object' || answer === null) throw new Error('the Places answer is not an object');
  if (answer.status !== undefined && answer.status !== 'OK')
    throw new Error(
      `Places status ${clean(answer.status, 50)}: ${clean(answer.error_message, 300) ?? ''}`.trim(),
    );
  const list = answer.result?.reviews;
  if (!Array.isArray(list)) return [];
  const reviews: FeedReview[] = [];
  for (const entry of list) {
    if (typeof entry !== 'object' || entry === null) continue;
    const review = entry as Record<string, unknown>;
    const author = clean(review.author_name, 200);
    const rating = numberOf(review.rating);
    const text = clean(review.text, 20_000);
    if (rating === null && text === null) continue;
    const time = numberOf(review.time);
    reviews.push({
      key: hashKey(author, time, clean(review.author_url, KEY_MAX)),
      author,
      rating,
      best: 5,
      worst: 1,
      text,
      date: time === null ? null : isoOf(time),
      language: clean(review.language, 10),
    });
  }
  return reviews;
}

/** A rating on `worst` … `best` onto a question's scale (5: 1–5, 11: 0–10), linearly and rounded. */
export function scaledRating(
  review: Pick<FeedReview, 'rating' | 'best' | 'worst'>,
  scale: number,
): number | null {
  if (review.rating === null) return null;
  const share = Math.min(1, Math.max(0, (review.rating - review.worst) / (review.best - review.worst)));
  return scale === 11 ? Math.round(share * 10) : Math.round(1 + share * 4);
}

/** The newest first (a review without a date last), each key once. */
export function newestFirst(reviews: readonly FeedReview[]): FeedReview[] {
  const seen = new Set<string>();
  return [...reviews]
    .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''))
    .filter((review) => (seen.has(review.key) ? false : (seen.add(review.key), true)));
}
