import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ErrorCode,
  VALIDATION_MESSAGES,
  type AiSentimentModel,
  type aiSentimentModelSaveSchema,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import { countOf, insertedId, isNameTaken } from '../../core/queries.js';
import type { RecordService } from '../../core/record-routes.js';
import { fieldTaken, found, invalidField } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { refusingConflicts } from '../../db/refusing-conflicts.js';
import {
  aiAnnotationWorks,
  aiDatasets,
  aiSentimentModels,
  aiSentimentModelVersions,
} from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { pageOf } from '../../grid/grid-queries.js';
import type { GridPageRequest } from '../../grid/grid-routes.js';

/*
 * The records of `/api/ai-sentiment-models` (issue 21 item 3, docs/ai-sentiment-models.md): the grid with the
 * current version's figures and the create, replace and delete rules.
 */

type SaveBody = z.output<typeof aiSentimentModelSaveSchema>;

/** A timestamp column's value as ISO text (PGlite answers Dates, node-postgres may answer text). */
export const isoOf = (value: unknown): string => new Date(value as Date | string).toISOString();

const m = aiSentimentModels;
const v = aiSentimentModelVersions;
const macroF1 = sql<number | null>`(${v.report}->>'macroF1')::float8`;

const selection = {
  Id: m.id,
  Name: m.name,
  Language: m.language,
  BaseModelId: m.baseModelId,
  AnnotationWorkId: m.annotationWorkId,
  GoldenAnnotationWorkId: m.goldenAnnotationWorkId,
  PositiveF1Increase: m.positiveF1Increase,
  NeutralF1Increase: m.neutralF1Increase,
  NegativeF1Increase: m.negativeF1Increase,
  MinLabels: m.minLabels,
  LearningRate: m.learningRate,
  EpochSize: m.epochSize,
  TrainAll: m.trainAll,
  Status: m.status,
  TrainingError: m.trainingError,
  CurrentVersion: v.version,
  MacroF1: macroF1,
  LabelCount: v.labelCount,
  TrainedDate: v.trainedAt,
  CreatedDate: m.createdAt,
};
type Row = { [K in keyof typeof selection]: unknown };

export const sentimentModelFields = {
  Id: { sql: m.id, type: 'number' },
  Name: { sql: m.name, type: 'string' },
  Language: { sql: m.language, type: 'string' },
  Status: { sql: m.status, type: 'string' },
  CurrentVersion: { sql: v.version, type: 'number' },
  MacroF1: { sql: macroF1, type: 'number' },
  LabelCount: { sql: v.labelCount, type: 'number' },
  TrainedDate: { sql: v.trainedAt, type: 'date' },
  CreatedDate: { sql: m.createdAt, type: 'date' },
} satisfies GridFields;

function modelOf(row: Row): AiSentimentModel {
  const number = (value: unknown) => (value === null ? null : Number(value));
  return {
    ...(row as unknown as AiSentimentModel),
    Id: Number(row.Id),
    CurrentVersion: number(row.CurrentVersion),
    MacroF1: number(row.MacroF1),
    LabelCount: number(row.LabelCount),
    TrainedDate: row.TrainedDate === null ? null : isoOf(row.TrainedDate),
    CreatedDate: isoOf(row.CreatedDate),
  };
}

export const inTenant = (tenantId: number) => eq(m.tenantId, tenantId);

const withCurrent = (db: Executor) =>
  db.select(selection).from(m).leftJoin(v, eq(v.id, m.currentVersionId)).$dynamic();

export async function sentimentModelRows(db: Db, page: GridPageRequest): Promise<AiSentimentModel[]> {
  return (await pageOf(withCurrent(db), page)).map(modelOf);
}

export const sentimentModelCount = (db: Db, where: ReturnType<typeof inTenant>) =>
  countOf(db.select({ n: count() }).from(m).leftJoin(v, eq(v.id, m.currentVersionId)).where(where));

export async function sentimentModelFor(db: Executor, actor: Actor, id: number): Promise<AiSentimentModel> {
  const [row] = await withCurrent(db).where(and(inTenant(requireTenant(actor)), eq(m.id, id)));
  return modelOf(found(row));
}

const nameTaken = () => fieldTaken(ErrorCode.SentimentModelNameExists, 'body/Name');

/** A sentiment (type 0) annotation work of the tenant whose dataset is in the model's language, else 3333. */
async function checkWork(db: Executor, tenantId: number, id: number, language: string, path: string) {
  const [work] = await db
    .select({ id: aiAnnotationWorks.id })
    .from(aiAnnotationWorks)
    .innerJoin(aiDatasets, eq(aiDatasets.id, aiAnnotationWorks.datasetId))
    .where(
      and(
        eq(aiAnnotationWorks.tenantId, tenantId),
        eq(aiAnnotationWorks.id, id),
        eq(aiAnnotationWorks.annotationType, 0),
        eq(aiDatasets.language, language),
      ),
    );
  if (!work) throw invalidField(path, VALIDATION_MESSAGES.excluded);
}

/** The base model: another sentiment model of the tenant in the same language (never the model itself). */
async function checkReferences(db: Executor, tenantId: number, body: SaveBody, id?: number): Promise<void> {
  if (body.BaseModelId !== null) {
    const [base] =
      body.BaseModelId === id
        ? []
        : await db
            .select({ id: m.id })
            .from(m)
            .where(and(inTenant(tenantId), eq(m.id, body.BaseModelId), eq(m.language, body.Language)));
    if (!base) throw invalidField('body/BaseModelId', VALIDATION_MESSAGES.excluded);
  }
  await checkWork(db, tenantId, body.AnnotationWorkId, body.Language, 'body/AnnotationWorkId');
  if (body.GoldenAnnotationWorkId !== null)
    await checkWork(db, tenantId, body.GoldenAnnotationWorkId, body.Language, 'body/GoldenAnnotationWorkId');
}

const columnsOf = (body: SaveBody) => ({
  name: body.Name.trim(),
  language: body.Language,
  baseModelId: body.BaseModelId,
  annotationWorkId: body.AnnotationWorkId,
  goldenAnnotationWorkId: body.GoldenAnnotationWorkId,
  positiveF1Increase: body.PositiveF1Increase,
  neutralF1Increase: body.NeutralF1Increase,
  negativeF1Increase: body.NegativeF1Increase,
  minLabels: body.MinLabels,
  learningRate: body.LearningRate,
  epochSize: body.EpochSize,
  trainAll: body.TrainAll,
});

export function createSentimentModelService(db: Db): RecordService<number, SaveBody, AiSentimentModel> {
  return {
    get: (actor, id) => sentimentModelFor(db, actor, id),

    async create(actor, body) {
      const tenantId = requireTenant(actor);
      await checkReferences(db, tenantId, body);
      if (await isNameTaken(db, m, body.Name, inTenant(tenantId))) throw nameTaken();
      const id = await refusingConflicts(
        () =>
          insertedId(
            db
              .insert(m)
              .values({ tenantId, ...columnsOf(body) })
              .returning({ id: m.id }),
            'sentiment model',
          ),
        { onDuplicate: nameTaken },
      );
      return sentimentModelFor(db, actor, id);
    },

    async update(actor, id, body) {
      const tenantId = requireTenant(actor);
      await refusingConflicts(
        () =>
          db.transaction(async (tx) => {
            const before = await sentimentModelFor(tx, actor, id);
            await checkReferences(tx, tenantId, body, id);
            if (await isNameTaken(tx, m, body.Name, inTenant(tenantId), id)) throw nameTaken();
            // A version is trained in its model's language: the language is fixed once one exists.
            if (before.CurrentVersion !== null && before.Language !== body.Language)
              throw invalidField('body/Language', VALIDATION_MESSAGES.excluded);
            await tx
              .update(m)
              .set({ ...columnsOf(body), updatedAt: new Date() })
              .where(and(inTenant(tenantId), eq(m.id, id)));
          }),
        { onDuplicate: nameTaken },
      );
      return sentimentModelFor(db, actor, id);
    },

    async remove(actor, id) {
      const tenantId = requireTenant(actor);
      await sentimentModelFor(db, actor, id);
      const [dependent] = await db
        .select({ id: m.id })
        .from(m)
        .where(and(inTenant(tenantId), eq(m.baseModelId, id), ne(m.id, id)))
        .limit(1);
      if (dependent) throw badRequest(ErrorCode.SentimentModelIsBase);
      // The status is checked by the delete itself, so a training that starts meanwhile still blocks it.
      const deleted = await db
        .delete(m)
        .where(and(inTenant(tenantId), eq(m.id, id), ne(m.status, 'Training')))
        .returning({ id: m.id });
      if (deleted.length === 0) throw badRequest(ErrorCode.SentimentModelTraining);
    },
  };
}
