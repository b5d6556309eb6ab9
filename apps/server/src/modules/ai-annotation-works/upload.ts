import multipart from '@fastify/multipart';
import { and, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  aiAnnotationTaskParamsSchema,
  aiAnnotationUploadSchema,
  ANNOTATION_LIMITS,
  ErrorCode,
  IMPORT_LIMITS,
  type AiAnnotationUpload,
} from '@loupe/contracts';
import { requireTenant } from '../../core/actor.js';
import type { Db } from '../../db/client.js';
import { aiAnnotations, aiAnnotationWorkInstances } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../errors.js';
import { checkImportFile, readRows, readUpload } from '../imports/index.js';
import { labelOptionsOf, validLabels } from './annotating.js';
import { recomputeGold } from './gold.js';
import { taskFor } from './tasks.js';
import { ANNOTATION_WRITE, WORKS_PATH, workFor } from './works.js';

/*
 * Upload of a labelled file (issue 21 item 2, surveys spec §5 "upload only after processing"; docs/ai-annotation.md):
 * a CSV or XLSX of AnswerId,Label rows (an optional heading row; topic labels separated by ';'), accepted only when
 * the work is Ready (19112). Every bad row is reported and nothing is written if there is one (19115); a good file
 * writes one `ai_annotations` row per answer (annotator null, source 'upload') and sets the gold labels directly.
 */

/** One refused row: its number in the file (1-based, the heading counted) and why. */
type RowRefusal = { Path: string; Message: 'answer' | 'label' | 'duplicate' | 'columns' };

const TOPIC_SEPARATOR = ';';

export function uploadRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  // In a scope of its own, so that no other route reads multipart bodies.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_LIMITS.fileBytesMax, files: 1, fields: 2, fieldSize: 1_000, parts: 3 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      `${WORKS_PATH}/:workId/annotation-tasks/:id/upload`,
      {
        config: { access: ANNOTATION_WRITE, inputBounds: false },
        schema: { params: aiAnnotationTaskParamsSchema, response: { 200: aiAnnotationUploadSchema } },
      },
      async (request): Promise<AiAnnotationUpload> => {
        const { actor } = request;
        const { workId, id } = request.params;
        const work = await workFor(db, actor, workId);
        await taskFor(db, actor, workId, id);
        const upload = await readUpload(request);
        if (work.Status !== 'Ready') throw badRequest(ErrorCode.AnnotationWorkNotReady);
        const type = checkImportFile(upload.fileName, upload.mimeType, upload.bytes);
        const rows: string[][] = [];
        try {
          for await (const row of readRows(type, upload.bytes)) {
            rows.push(row);
            if (rows.length > ANNOTATION_LIMITS.uploadRowsMax + 1)
              throw new AppError(400, ErrorCode.ModelNotValid, [
                { Path: 'file', Message: `At most ${ANNOTATION_LIMITS.uploadRowsMax} rows` },
              ]);
          }
        } catch (error) {
          if (error instanceof AppError) throw error;
          throw new AppError(400, ErrorCode.FileWrongMimeType);
        }
        const heading = /^\s*answer\s*id\s*$/i.test(rows[0]?.[0] ?? '');
        const options = await labelOptionsOf(db, work);
        const instances = new Set(
          (
            await db
              .select({ answerId: aiAnnotationWorkInstances.answerId })
              .from(aiAnnotationWorkInstances)
              .where(eq(aiAnnotationWorkInstances.workId, workId))
          ).map((row) => Number(row.answerId)),
        );
        const refusals: RowRefusal[] = [];
        const labelled = new Map<number, string[]>();
        rows.forEach((row, index) => {
          if (heading && index === 0) return;
          const Path = `row/${index + 1}`;
          if (row.length < 2) return refusals.push({ Path, Message: 'columns' });
          const answerId = Number(row[0]!.trim());
          if (!Number.isSafeInteger(answerId) || !instances.has(answerId))
            return refusals.push({ Path, Message: 'answer' });
          if (labelled.has(answerId)) return refusals.push({ Path, Message: 'duplicate' });
          const cell = row[1]!.trim();
          const parts =
            work.AnnotationType === 0 ? [cell.toLowerCase()] : cell === '' ? [] : cell.split(TOPIC_SEPARATOR);
          const labels = validLabels(work, options, parts);
          if (!labels) return refusals.push({ Path, Message: 'label' });
          labelled.set(answerId, labels);
        });
        if (refusals.length > 0)
          throw badRequest(ErrorCode.AnnotationUploadInvalid, refusals.slice(0, 1_000));
        if (labelled.size === 0)
          throw new AppError(400, ErrorCode.ModelNotValid, [{ Path: 'file', Message: 'No row' }]);
        const tenantId = requireTenant(actor);
        await db.transaction(async (tx) => {
          const answerIds = [...labelled.keys()];
          // An upload replaces the earlier uploaded labels of its answers.
          await tx
            .delete(aiAnnotations)
            .where(
              and(
                eq(aiAnnotations.workId, workId),
                isNull(aiAnnotations.annotatorId),
                inArray(aiAnnotations.answerId, answerIds),
              ),
            );
          const values = [...labelled].map(([answerId, labels]) => ({
            tenantId,
            workId,
            taskId: id,
            annotatorId: null,
            answerId,
            labels,
            source: 'upload',
          }));
          for (let start = 0; start < values.length; start += 1_000)
            await tx.insert(aiAnnotations).values(values.slice(start, start + 1_000));
          await recomputeGold(tx, workId);
        });
        const [gold] = await db
          .select({ n: count() })
          .from(aiAnnotationWorkInstances)
          .where(
            and(
              eq(aiAnnotationWorkInstances.workId, workId),
              isNotNull(aiAnnotationWorkInstances.goldLabels),
            ),
          );
        return { RowCount: labelled.size, GoldCount: Number(gold?.n ?? 0) };
      },
    );
  });
}
