import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  REST_DATA_MAX_RECORDS,
  REVIEW_FREQUENCIES,
  REVIEW_FREQUENCY_HOURS,
  SurveyType,
  type ReviewRunResult,
  type ReviewRunStatus,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows-of.js';
import { getOutbound } from '../integrations/index.js';
import { storeRecords } from '../rest-data/index.js';
import { newestFirst, reviewsOfPage, reviewsOfPlace, scaledRating, type FeedReview } from './review-feed.js';
import { readSource } from './review-sources.service.js';

/*
 * One run of a review source (docs/review-sources.md "A run"): fetch the feed, keep the reviews not imported yet,
 * the newest `result_limit` of them, and store them through the REST data path as sessions of the source's
 * external survey. The run's outcome is written on the source; a fetch's failure is an outcome, never a throw.
 */

export type ReviewSettings = {
  /** INTEGRATION_ALLOW_PRIVATE_ADDRESSES: the fetch may reach loopback and private addresses. */
  allowPrivateAddresses: boolean;
  /** The Places Details endpoint (REVIEW_PLACES_URL). */
  placesUrl: string;
  /** The Places API key (REVIEW_PLACES_KEY); empty: none sent. */
  placesKey: string;
  timeoutMs: number;
  maxBodyChars: number;
};

export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = {
  allowPrivateAddresses: false,
  placesUrl: 'https://maps.googleapis.com/maps/api/place/details/json',
  placesKey: '',
  timeoutMs: 15_000,
  maxBodyChars: 5_000_000,
};

const ERROR_MAX = 1000;

type SourceRow = {
  id: number;
  tenant_id: number;
  resource_name: string;
  review_url: string | null;
  place_id: string | null;
  result_limit: number;
  survey_id: number;
  survey_type: number | null;
  language: string | null;
};

type Target = {
  channelCode: string;
  ratingCode: string | null;
  ratingScale: number | null;
  textCode: string | null;
};

class RunError extends Error {}

/** Where the reviews go: the channel named by the resource name, the survey's rating and text questions. */
async function targetOf(db: Db, source: SourceRow): Promise<Target> {
  if (source.survey_type !== SurveyType.External)
    throw new RunError(`survey ${source.survey_id} is not an external survey`);
  const [row] = await rowsOf<{
    channel_code: string | null;
    rating_code: string | null;
    rating_scale: number | null;
    text_code: string | null;
  }>(
    db,
    sql`
      SELECT
        (SELECT c.code FROM transaction_channels c
         WHERE c.tenant_id = ${source.tenant_id}
           AND (lower(c.code) = lower(${source.resource_name}) OR lower(c.name) = lower(${source.resource_name}))
         ORDER BY (lower(c.code) = lower(${source.resource_name})) DESC, c.id LIMIT 1) AS channel_code,
        q.integration_code AS rating_code, q.scale AS rating_scale,
        (SELECT t.integration_code FROM questions t
         WHERE t.tenant_id = ${source.tenant_id} AND t.survey_id = ${source.survey_id} AND NOT t.is_deleted
           AND t.type = 'OETX' AND t.parent_id IS NULL AND t.integration_code IS NOT NULL
         ORDER BY t.position, t.id LIMIT 1) AS text_code
      FROM (SELECT 1) one
      LEFT JOIN LATERAL (
        SELECT integration_code, scale FROM questions
        WHERE tenant_id = ${source.tenant_id} AND survey_id = ${source.survey_id} AND NOT is_deleted
          AND type = 'MCSS' AND scale IN (5, 11) AND parent_id IS NULL AND integration_code IS NOT NULL
        ORDER BY position, id LIMIT 1) q ON true`,
  );
  if (!row?.channel_code)
    throw new RunError(`no transaction channel has the code or name "${source.resource_name}"`);
  if (!row.rating_code && !row.text_code)
    throw new RunError(
      'the survey has no rating (1-5 or 0-10) or open-ended question with an integration code',
    );
  return {
    channelCode: row.channel_code,
    ratingCode: row.rating_code,
    ratingScale: row.rating_scale === null ? null : Number(row.rating_scale),
    textCode: row.text_code,
  };
}

async function fetchReviews(source: SourceRow, settings: ReviewSettings): Promise<FeedReview[]> {
  const options = {
    timeoutMs: settings.timeoutMs,
    allowPrivate: settings.allowPrivateAddresses,
    maxBodyChars: settings.maxBodyChars,
  };
  let url: string;
  if (source.place_id !== null) {
    const target = new URL(settings.placesUrl);
    target.searchParams.set('place_id', source.place_id);
    target.searchParams.set('fields', 'reviews');
    target.searchParams.set('reviews_sort', 'newest');
    if (source.language) target.searchParams.set('language', source.language);
    if (settings.placesKey) target.searchParams.set('key', settings.placesKey);
    url = target.toString();
  } else {
    url = source.review_url!;
  }
  const response = await getOutbound(url, { accept: 'application/json, text/html;q=0.9' }, options);
  if (response.status < 200 || response.status >= 300)
    throw new RunError(`the feed answered HTTP ${response.status}`);
  try {
    return source.place_id !== null ? reviewsOfPlace(response.body) : reviewsOfPage(response.body);
  } catch (error) {
    throw new RunError(`the feed could not be read: ${(error as Error).message}`);
  }
}

/** A review as a REST data record of the survey. */
function recordOf(review: FeedReview, target: Target, now: Date) {
  const answers: { Question: string; Value?: number; Text?: string }[] = [];
  const value = target.ratingScale === null ? null : scaledRating(review, target.ratingScale);
  if (target.ratingCode && value !== null) answers.push({ Question: target.ratingCode, Value: value });
  if (target.textCode && review.text) answers.push({ Question: target.textCode, Text: review.text });
  const date = review.date ?? now.toISOString();
  return {
    TransactionDate: date,
    AnsweredDate: date,
    TransactionChannel: target.channelCode,
    InviteeFullName: review.author ?? undefined,
    InviteeLanguage: review.language ?? undefined,
    Answers: answers,
  };
}

export type RunRequest = {
  tenantId: number;
  sourceId: number;
  /** The user of a run-now; null for a scheduled run. */
  userId: number | null;
  /** A scheduled run skips a source that is not due (another node ran it meanwhile). */
  onlyIfDue?: boolean;
};

/** Runs one source; undefined when it is not the tenant's (or, with `onlyIfDue`, not due). */
export async function runReviewSource(
  deps: { db: Db; settings: ReviewSettings; logger?: FastifyBaseLogger; now?: () => Date },
  request: RunRequest,
): Promise<ReviewRunResult | undefined> {
  const { db, settings } = deps;
  const now = deps.now?.() ?? new Date();
  const [source] = await rowsOf<SourceRow>(
    db,
    sql`
      SELECT r.id, r.tenant_id, r.resource_name, r.review_url, r.place_id, r.result_limit, r.survey_id,
        s.type AS survey_type, s.language
      FROM review_sources r LEFT JOIN surveys s ON s.id = r.survey_id AND s.tenant_id = r.tenant_id
      WHERE r.tenant_id = ${request.tenantId} AND r.id = ${request.sourceId}
        ${request.onlyIfDue ? sql`AND ${dueCondition(now)}` : sql``}`,
  );
  if (!source) return undefined;

  let status: ReviewRunStatus = 'ok';
  let error: string | null = null;
  let fetched = 0;
  let imported = 0;
  let rejected = 0;
  try {
    const target = await targetOf(db, source);
    const reviews = newestFirst(await fetchReviews(source, settings));
    fetched = reviews.length;
    const stored = await importReviews(db, source, target, reviews, request.userId, now, deps.logger);
    imported = stored.imported;
    rejected = stored.rejected;
  } catch (caught) {
    if (!(caught instanceof RunError))
      deps.logger?.warn({ err: caught, sourceId: source.id }, 'review run failed');
    status = 'failed';
    error = (caught instanceof Error ? caught.message : String(caught)).slice(0, ERROR_MAX);
  }
  await db.execute(sql`
    UPDATE review_sources SET last_run_at = ${now.toISOString()}::timestamptz, last_status = ${status},
      last_error = ${error}, imported_count = imported_count + ${imported}::integer
    WHERE tenant_id = ${source.tenant_id} AND id = ${source.id}`);
  const after = await readSource(db, source.tenant_id, source.id);
  if (!after) return undefined;
  return {
    Status: status,
    Fetched: fetched,
    Imported: imported,
    Rejected: rejected,
    Error: error,
    Source: after,
  };
}

/**
 * Claims the newest `result_limit` reviews not imported yet (their review_imports rows, in one transaction with
 * the storage, so two runs never import one review twice) and stores them; a review the REST data checks refuse
 * is released, to be tried again by the next run.
 */
async function importReviews(
  db: Db,
  source: SourceRow,
  target: Target,
  reviews: FeedReview[],
  userId: number | null,
  now: Date,
  logger: FastifyBaseLogger | undefined,
): Promise<{ imported: number; rejected: number }> {
  if (reviews.length === 0) return { imported: 0, rejected: 0 };
  const keys = reviews.map((review) => review.key);
  const known = await rowsOf<{ external_key: string }>(
    db,
    sql`SELECT external_key FROM review_imports
        WHERE review_source_id = ${source.id} AND external_key = ANY(${sql.param(keys)}::text[])`,
  );
  const done = new Set(known.map((row) => row.external_key));
  const limit = Math.min(source.result_limit, REST_DATA_MAX_RECORDS);
  const fresh = reviews.filter((review) => !done.has(review.key)).slice(0, limit);
  if (fresh.length === 0) return { imported: 0, rejected: 0 };

  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const claimed = await rowsOf<{ external_key: string }>(
      txDb,
      sql`
        INSERT INTO review_imports (review_source_id, external_key)
        SELECT ${source.id}, k FROM unnest(${sql.param(fresh.map((review) => review.key))}::text[]) AS k
        ON CONFLICT (review_source_id, external_key) DO NOTHING
        RETURNING external_key`,
    );
    const mine = new Set(claimed.map((row) => row.external_key));
    const batch = fresh.filter((review) => mine.has(review.key));
    if (batch.length === 0) return { imported: 0, rejected: 0 };
    const stored = await storeRecords(txDb, {
      tenantId: source.tenant_id,
      userId,
      surveyId: source.survey_id,
      records: batch.map((review) => recordOf(review, target, now)),
      language: source.language ?? 'en',
      log: logger,
    });
    const accepted = new Set(stored.acceptedIndexes);
    const released = batch.filter((_, index) => !accepted.has(index)).map((review) => review.key);
    if (released.length > 0)
      await txDb.execute(sql`
        DELETE FROM review_imports
        WHERE review_source_id = ${source.id} AND external_key = ANY(${sql.param(released)}::text[])`);
    return { imported: stored.accepted, rejected: stored.rejected };
  });
}

/** A source is due: active, and never run, or its frequency's hours (REVIEW_FREQUENCY_HOURS) passed since its last run. */
function dueCondition(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const repeats = REVIEW_FREQUENCIES.flatMap((frequency) => {
    const hours = REVIEW_FREQUENCY_HOURS[frequency];
    return hours === null
      ? []
      : [sql`(r.frequency = ${frequency} AND r.last_run_at <= ${at} - make_interval(hours => ${hours}))`];
  });
  return sql`r.is_active AND (r.last_run_at IS NULL OR ${sql.join(repeats, sql` OR `)})`;
}

/** The due sources of every tenant, oldest run first (at most `max`). */
export async function dueSources(
  db: Db,
  now: Date,
  max: number,
): Promise<{ tenantId: number; id: number }[]> {
  const rows = await rowsOf<{ tenant_id: number; id: number }>(
    db,
    sql`SELECT r.tenant_id, r.id FROM review_sources r WHERE ${dueCondition(now)}
        ORDER BY r.last_run_at NULLS FIRST, r.id LIMIT ${max}`,
  );
  return rows.map((row) => ({ tenantId: Number(row.tenant_id), id: Number(row.id) }));
}
