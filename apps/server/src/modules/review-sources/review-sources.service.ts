import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ErrorCode,
  REVIEW_SOURCE_LIMITS,
  SurveyType,
  VALIDATION_MESSAGES,
  type ReviewRunStatus,
  type ReviewSource,
  type reviewSourceSaveSchema,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import { isNameTaken } from '../../core/queries.js';
import type { RecordService } from '../../core/record-routes.js';
import { fieldRefusal, fieldTaken, found } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { reviewSources, surveys } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';

/* Review sources (docs/review-sources.md): the records of `/api/review-sources`, tenant-confined. */

type SaveBody = z.output<typeof reviewSourceSaveSchema>;

const r = reviewSources;

const selection = {
  id: r.id,
  name: r.name,
  resourceName: r.resourceName,
  reviewUrl: r.reviewUrl,
  placeId: r.placeId,
  resultLimit: r.resultLimit,
  frequency: r.frequency,
  surveyId: r.surveyId,
  surveyTitle: surveys.title,
  isActive: r.isActive,
  lastRunAt: r.lastRunAt,
  lastStatus: r.lastStatus,
  lastError: r.lastError,
  importedCount: r.importedCount,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
};

type Row = {
  [K in keyof typeof selection]: unknown;
};

const isoOf = (value: unknown) => new Date(value as Date | string).toISOString();

function sourceOf(row: Row): ReviewSource {
  return {
    Id: Number(row.id),
    Name: row.name as string,
    ResourceName: row.resourceName as string,
    ReviewUrl: (row.reviewUrl as string | null) ?? null,
    PlaceId: (row.placeId as string | null) ?? null,
    ResultLimit: Number(row.resultLimit),
    Frequency: Number(row.frequency),
    SurveyId: Number(row.surveyId),
    SurveyTitle: (row.surveyTitle as string | null) ?? '',
    IsActive: Boolean(row.isActive),
    LastRunAt: row.lastRunAt === null ? null : isoOf(row.lastRunAt),
    LastStatus: (row.lastStatus as ReviewRunStatus | null) ?? null,
    LastError: (row.lastError as string | null) ?? null,
    ImportedCount: Number(row.importedCount),
    CreatedAt: isoOf(row.createdAt),
    UpdatedAt: isoOf(row.updatedAt),
  };
}

/** One source of the tenant as the routes answer it; undefined when it is not the tenant's. */
export async function readSource(
  db: Executor,
  tenantId: number,
  id: number,
): Promise<ReviewSource | undefined> {
  const [row] = await db
    .select(selection)
    .from(r)
    .leftJoin(surveys, eq(surveys.id, r.surveyId))
    .where(and(eq(r.tenantId, tenantId), eq(r.id, id)));
  return row ? sourceOf(row) : undefined;
}

const nameTaken = () => fieldTaken(ErrorCode.ReviewSourceNameExists, 'body/Name');
const urlTaken = () => fieldTaken(ErrorCode.ReviewSourceUrlExists, 'body/ReviewUrl');
const placeTaken = () => fieldTaken(ErrorCode.ReviewSourcePlaceIdExists, 'body/PlaceId');

/** The refusal of a unique index a concurrent save tripped (the checks before the write give the same). */
function duplicateRefusal(error: unknown): Error {
  let constraint = '';
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const name = (current as { constraint?: unknown }).constraint;
    if (typeof name === 'string') constraint = name;
    current = (current as { cause?: unknown }).cause;
  }
  if (constraint === 'review_sources_url_key') return urlTaken();
  if (constraint === 'review_sources_place_key') return placeTaken();
  return nameTaken();
}

/** Checks a body against the tenant's data (the spec's rules) and answers the columns it writes. */
async function columnsOf(db: Executor, tenantId: number, body: SaveBody, exceptId?: number) {
  if (body.ResultLimit < 1 || body.ResultLimit > REVIEW_SOURCE_LIMITS.resultLimitMax)
    throw fieldRefusal(ErrorCode.ReviewSourceResultLimitInvalid, 'body/ResultLimit', 'range');
  if (body.ReviewUrl === null && body.PlaceId === null)
    throw fieldRefusal(ErrorCode.ReviewSourceTargetInvalid, 'body/ReviewUrl', VALIDATION_MESSAGES.required);
  const [survey] = await db
    .select({ type: surveys.type })
    .from(surveys)
    .where(and(eq(surveys.tenantId, tenantId), eq(surveys.id, body.SurveyId)));
  if (!survey) throw notFound();
  if (survey.type !== SurveyType.External)
    throw fieldRefusal(ErrorCode.ReviewSourceTargetInvalid, 'body/SurveyId', 'external');
  const name = body.Name.trim();
  const others =
    exceptId === undefined ? eq(r.tenantId, tenantId) : and(eq(r.tenantId, tenantId), ne(r.id, exceptId));
  if (await isNameTaken(db, r, name, eq(r.tenantId, tenantId), exceptId)) throw nameTaken();
  if (body.ReviewUrl !== null) {
    const [taken] = await db
      .select({ id: r.id })
      .from(r)
      .where(and(others, sql`lower(${r.reviewUrl}) = lower(${body.ReviewUrl})`))
      .limit(1);
    if (taken) throw urlTaken();
  }
  if (body.PlaceId !== null) {
    const [taken] = await db
      .select({ id: r.id })
      .from(r)
      .where(and(others, eq(r.placeId, body.PlaceId)))
      .limit(1);
    if (taken) throw placeTaken();
  }
  return {
    name,
    resourceName: body.ResourceName.trim(),
    reviewUrl: body.ReviewUrl,
    placeId: body.PlaceId,
    resultLimit: body.ResultLimit,
    frequency: body.Frequency,
    surveyId: body.SurveyId,
    isActive: body.IsActive,
  };
}

async function refusingDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateRefusal(error);
    throw error;
  }
}

export function createReviewSourceService({ db }: { db: Db }): RecordService<
  number,
  SaveBody,
  ReviewSource
> & {
  list(actor: Actor): Promise<ReviewSource[]>;
  surveys(actor: Actor): Promise<{ Id: number; Title: string }[]>;
} {
  const get = async (executor: Executor, actor: Actor, id: number) =>
    found(await readSource(executor, requireTenant(actor), id));

  return {
    get: (actor, id) => get(db, actor, id),

    async list(actor) {
      const rows = await db
        .select(selection)
        .from(r)
        .leftJoin(surveys, eq(surveys.id, r.surveyId))
        .where(eq(r.tenantId, requireTenant(actor)))
        .orderBy(asc(sql`lower(${r.name})`), asc(r.id))
        .limit(REVIEW_SOURCE_LIMITS.listMax);
      return rows.map(sourceOf);
    },

    async surveys(actor) {
      const rows = await db
        .select({ Id: surveys.id, Title: surveys.title })
        .from(surveys)
        .where(and(eq(surveys.tenantId, requireTenant(actor)), eq(surveys.type, SurveyType.External)))
        .orderBy(asc(surveys.title), asc(surveys.id))
        .limit(REVIEW_SOURCE_LIMITS.listMax);
      return rows;
    },

    async create(actor, body) {
      const tenantId = requireTenant(actor);
      return refusingDuplicates(() =>
        db.transaction(async (tx) => {
          const columns = await columnsOf(tx, tenantId, body);
          const [row] = await tx
            .insert(r)
            .values({ tenantId, ...columns })
            .returning({ id: r.id });
          return get(tx, actor, row!.id);
        }),
      );
    },

    async update(actor, id, body) {
      const tenantId = requireTenant(actor);
      return refusingDuplicates(() =>
        db.transaction(async (tx) => {
          found(await readSource(tx, tenantId, id));
          const columns = await columnsOf(tx, tenantId, body, id);
          await tx
            .update(r)
            .set({ ...columns, updatedAt: new Date() })
            .where(and(eq(r.tenantId, tenantId), eq(r.id, id)));
          return get(tx, actor, id);
        }),
      );
    },

    async remove(actor, id) {
      const tenantId = requireTenant(actor);
      const deleted = await db
        .delete(r)
        .where(and(eq(r.tenantId, tenantId), eq(r.id, id)))
        .returning({ id: r.id });
      if (deleted.length === 0) throw notFound();
    },
  };
}
