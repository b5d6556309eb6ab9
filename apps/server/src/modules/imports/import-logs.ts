import multipart from '@fastify/multipart';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorCode,
  IMPORT_LIMITS,
  IMPORT_LOG_STATUS,
  STAGED_RECORD_STATUS,
  importDataLogDetailSchema,
  importDataLogParamsSchema,
  importDataLogRowSchema,
  importMappingSchema,
  importPreviewSchema,
  importUploadAnswerSchema,
  importUploadFieldsSchema,
  type ImportColumnMappingItem,
  type ImportDataLogDetail,
  type ImportDataLogRow,
  type Scope,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import { countOf } from '../../core/queries.js';
import { found } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import { importDataLogs, importDataSources, surveys, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { pageOf, selectionOf } from '../../grid/grid-queries.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import { checkImportFile, previewRows } from './import-file.js';
import type { ImportProcessing } from './import-processing.js';
import { suggestedMapping } from './import-rows.js';
import { saveSourceMapping } from './import-sources.js';
import { rowsOf } from '../../db/rows-of.js';

/*
 * Import data logs (docs/data-flow.md "Imports"): the upload (multipart), its preview, the grid, one log's detail
 * with its counts, and the second user's approval or rejection. invitation:manage, as the menu's row.
 */

const ACCESS: [Scope, ...Scope[]] = ['invitation:manage'];
const l = importDataLogs;
const S = IMPORT_LOG_STATUS;

const userName = (column: typeof l.createdByUserId | typeof l.decidedByUserId) =>
  sql<string | null>`(SELECT u.user_name FROM ${users} u WHERE u.id = ${column})`;

const fields = {
  Id: { sql: l.id, type: 'number' },
  SurveyId: { sql: l.surveyId, type: 'number' },
  SurveyName: {
    sql: sql<string | null>`(SELECT sv.title FROM ${surveys} sv WHERE sv.id = ${l.surveyId})`,
    type: 'string',
  },
  ImportDataSourceId: { sql: l.importDataSourceId, type: 'number' },
  ImportDataSourceName: {
    sql: sql<
      string | null
    >`(SELECT src.name FROM ${importDataSources} src WHERE src.id = ${l.importDataSourceId})`,
    type: 'string',
  },
  FileName: { sql: l.fileName, type: 'string' },
  FileType: { sql: l.fileType, type: 'string' },
  Status: { sql: l.status, type: 'number' },
  RequiresApproval: { sql: l.requiresApproval, type: 'boolean' },
  TotalCount: { sql: l.totalCount, type: 'number' },
  ProcessedCount: { sql: l.processedCount, type: 'number' },
  AcceptedCount: { sql: l.acceptedCount, type: 'number' },
  EliminatedCount: { sql: l.eliminatedCount, type: 'number' },
  ErrorCount: { sql: l.errorCount, type: 'number' },
  InvitedCount: { sql: l.invitedCount, type: 'number' },
  CreatedByUserId: { sql: l.createdByUserId, type: 'number' },
  CreatedByUserName: { sql: userName(l.createdByUserId), type: 'string' },
  DecidedByUserId: { sql: l.decidedByUserId, type: 'number' },
  DecidedByUserName: { sql: userName(l.decidedByUserId), type: 'string' },
  DecidedAt: { sql: l.decidedAt, type: 'date' },
  ProcessedAt: { sql: l.processedAt, type: 'date' },
  CreatedAt: { sql: l.createdAt, type: 'date' },
  Error: { sql: l.error, type: 'string' },
} satisfies GridFields;
const selection = selectionOf(fields);

type RawLog = Omit<ImportDataLogRow, 'DecidedAt' | 'ProcessedAt' | 'CreatedAt'> & {
  DecidedAt: Date | null;
  ProcessedAt: Date | null;
  CreatedAt: Date;
};
const logOf = (row: RawLog): ImportDataLogRow => ({
  ...row,
  Id: Number(row.Id),
  DecidedAt: row.DecidedAt?.toISOString() ?? null,
  ProcessedAt: row.ProcessedAt?.toISOString() ?? null,
  CreatedAt: row.CreatedAt.toISOString(),
});

/** The multipart parts of an upload: the file's bytes and type, and the text fields. */
type Upload = { fileName: string; mimeType: string; bytes: Buffer; fields: Record<string, string> };

export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart())
    throw new AppError(400, ErrorCode.ModelNotValid, [
      { Path: 'file', Message: 'Expected multipart/form-data' },
    ]);
  let file: Omit<Upload, 'fields'> | undefined;
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || file) {
        await part.toBuffer();
        throw new AppError(400, ErrorCode.ModelNotValid, [
          { Path: part.fieldname, Message: 'One part "file" only' },
        ]);
      }
      file = { fileName: part.filename, mimeType: part.mimetype, bytes: await part.toBuffer() };
    } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
  }
  if (!file || file.bytes.length === 0)
    throw new AppError(400, ErrorCode.ModelNotValid, [{ Path: 'file', Message: 'A file is required' }]);
  return { ...file, fields };
}

const refusal = (path: string, message: string) =>
  new AppError(400, ErrorCode.ModelNotValid, [{ Path: path, Message: message }]);

export function importLogRoutes(
  app: FastifyInstance,
  { db, processing }: { db: Db; processing: ImportProcessing },
): void {
  registerGridRoutes(app, {
    path: '/api/import-data-logs',
    access: ACCESS,
    item: importDataLogRowSchema,
    source: {
      fields,
      defaultOrder: 'CreatedAt desc, Id desc',
      scope: (request) => eq(l.tenantId, requireTenant(request.actor)),
      async rows(page) {
        return ((await pageOf(db.select(selection).from(l).$dynamic(), page)) as RawLog[]).map(logOf);
      },
      count: (where) => countOf(db.select({ n: count() }).from(l).where(where)),
    },
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function detail(actor: Actor, id: number): Promise<ImportDataLogDetail> {
    const tenantId = requireTenant(actor);
    const [row] = await db
      .select({ ...selection, Mapping: l.mapping })
      .from(l)
      .where(and(eq(l.tenantId, tenantId), eq(l.id, id)));
    const log = logOf(found(row));
    const counts = await rowsOf<{ status: number; reason: number | null; code: string | null; n: number }>(
      db,
      sql`SELECT status, elimination_reason AS reason,
            CASE WHEN elimination_reason IS NULL THEN substring(error_detail FROM '^(\\d+) ') END AS code,
            count(*)::integer AS n
          FROM staged_invitees WHERE import_data_log_id = ${id}::bigint AND tenant_id = ${tenantId}::integer
          GROUP BY 1, 2, 3`,
    );
    const statusCount = (status: number) =>
      counts.filter((item) => item.status === status).reduce((sum, item) => sum + item.n, 0);
    const grouped = (key: 'reason' | 'code') => {
      const totals = new Map<number, number>();
      for (const item of counts) {
        if (item[key] === null) continue;
        const value = Number(item[key]);
        totals.set(value, (totals.get(value) ?? 0) + item.n);
      }
      return [...totals.entries()].sort((a, b) => a[0] - b[0]);
    };
    const progress =
      log.Status >= S.WaitingForApproval
        ? 100
        : log.TotalCount
          ? Math.min(100, Math.round((log.ProcessedCount / log.TotalCount) * 1000) / 10)
          : 0;
    return {
      ...log,
      Mapping: row!.Mapping,
      Progress: progress,
      StatusCounts: {
        New: statusCount(STAGED_RECORD_STATUS.New),
        Processed: statusCount(STAGED_RECORD_STATUS.Processed),
        Moved: statusCount(STAGED_RECORD_STATUS.Moved),
        Removed: statusCount(STAGED_RECORD_STATUS.Removed),
      },
      EliminationCounts: grouped('reason').map(([Reason, Count]) => ({ Reason, Count })),
      ErrorCounts: grouped('code').map(([Code, Count]) => ({ Code, Count })),
      CanDecide: log.Status === S.WaitingForApproval && log.CreatedByUserId !== actor.userId,
    };
  }

  routes.get(
    '/api/import-data-logs/:id',
    {
      config: { access: ACCESS },
      schema: { params: importDataLogParamsSchema, response: { 200: importDataLogDetailSchema } },
    },
    async (request) => detail(request.actor, request.params.id),
  );

  async function decide(actor: Actor, id: number, approve: boolean) {
    const tenantId = requireTenant(actor);
    await db.transaction(async (tx) => {
      const [log] = await rowsOf<{ status: number; created_by_user_id: number | null }>(
        tx,
        sql`SELECT status, created_by_user_id FROM import_data_logs
            WHERE id = ${id}::bigint AND tenant_id = ${tenantId}::integer FOR UPDATE`,
      );
      if (!log) throw new AppError(404, ErrorCode.NotFound);
      if (log.status !== S.WaitingForApproval) throw new AppError(400, ErrorCode.ImportNotWaitingForApproval);
      if (log.created_by_user_id === actor.userId)
        throw new AppError(403, ErrorCode.ImportApproverIsUploader);
      const decided = sql`decided_by_user_id = ${actor.userId}::integer, decided_at = now(), updated_at = now()`;
      if (approve) {
        await tx.execute(
          sql`UPDATE import_data_logs SET status = ${S.Approved}::smallint, ${decided} WHERE id = ${id}::bigint`,
        );
        await processing.queueMove(tx, id);
        return;
      }
      await tx.execute(
        sql`UPDATE staged_invitees SET status = ${STAGED_RECORD_STATUS.Removed}::smallint
            WHERE import_data_log_id = ${id}::bigint AND status = ${STAGED_RECORD_STATUS.Processed}::smallint`,
      );
      await tx.execute(
        sql`UPDATE import_data_logs SET status = ${S.Rejected}::smallint, accepted_count = 0, ${decided}
            WHERE id = ${id}::bigint`,
      );
    });
    if (approve) processing.wake();
    return detail(actor, id);
  }

  for (const [action, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    routes.put(
      `/api/import-data-logs/:id/${action}`,
      {
        config: { access: ACCESS },
        schema: { params: importDataLogParamsSchema, response: { 200: importDataLogDetailSchema } },
      },
      async (request) => decide(request.actor, request.params.id, approve),
    );
  }

  // The multipart routes: in a scope of their own, so that no other route reads multipart bodies.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_LIMITS.fileBytesMax, files: 1, fields: 10, fieldSize: 100_000, parts: 12 },
    });
    const multipartRoutes = scope.withTypeProvider<ZodTypeProvider>();

    multipartRoutes.post(
      '/api/import-data-logs/preview',
      { config: { access: ACCESS, inputBounds: false }, schema: { response: { 200: importPreviewSchema } } },
      async (request) => {
        const upload = await readUpload(request);
        const type = checkImportFile(upload.fileName, upload.mimeType, upload.bytes);
        const { headers, rows } = await previewRows(type, upload.bytes);
        const sourceId = Number(upload.fields.ImportDataSourceId);
        let saved: ImportColumnMappingItem[] = [];
        if (Number.isInteger(sourceId) && sourceId > 0 && sourceId <= 2_147_483_647) {
          const [source] = await db
            .select({ mapping: importDataSources.mapping })
            .from(importDataSources)
            .where(
              and(
                eq(importDataSources.tenantId, requireTenant(request.actor)),
                eq(importDataSources.id, sourceId),
              ),
            );
          saved = source?.mapping ?? [];
        }
        return {
          Headers: headers,
          Rows: rows,
          SuggestedMapping: saved.length > 0 ? saved : suggestedMapping(headers),
        };
      },
    );

    multipartRoutes.post(
      '/api/import-data-logs',
      {
        config: { access: ACCESS, inputBounds: false },
        schema: { response: { 201: importUploadAnswerSchema } },
      },
      async (request, reply) => {
        const actor = request.actor;
        const tenantId = requireTenant(actor);
        const upload = await readUpload(request);
        const parsedFields = importUploadFieldsSchema.safeParse(upload.fields);
        if (!parsedFields.success) {
          const issue = parsedFields.error.issues[0]!;
          throw refusal(issue.path.join('.'), issue.message);
        }
        const input = parsedFields.data;
        let mapping: ImportColumnMappingItem[] | undefined;
        if (input.Mapping !== undefined) {
          let json: unknown;
          try {
            json = JSON.parse(input.Mapping);
          } catch {
            throw refusal('Mapping', 'Expected the JSON text of a mapping');
          }
          const parsed = importMappingSchema.safeParse(json);
          if (!parsed.success) throw refusal('Mapping', parsed.error.issues[0]!.message);
          mapping = parsed.data;
        }
        const fileType = checkImportFile(upload.fileName, upload.mimeType, upload.bytes);
        const id = await db.transaction(async (tx) => {
          const [survey] = await tx
            .select({ id: surveys.id })
            .from(surveys)
            .where(and(eq(surveys.tenantId, tenantId), eq(surveys.id, input.SurveyId)));
          if (!survey) throw refusal('SurveyId', 'Unknown survey');
          let requiresApproval = false;
          if (input.ImportDataSourceId !== undefined) {
            const [source] = await rowsOf<{
              mapping: ImportColumnMappingItem[];
              requires_approval: boolean;
              is_active: boolean;
            }>(
              tx,
              sql`SELECT mapping, requires_approval, is_active FROM import_data_sources
                  WHERE id = ${input.ImportDataSourceId}::integer AND tenant_id = ${tenantId}::integer FOR SHARE`,
            );
            if (!source || !source.is_active)
              throw refusal('ImportDataSourceId', 'Unknown or inactive source');
            requiresApproval = source.requires_approval;
            if (mapping === undefined) mapping = source.mapping;
            else if (input.SaveMapping === 'true')
              await saveSourceMapping(tx, tenantId, input.ImportDataSourceId, mapping);
          }
          const [log] = await tx
            .insert(l)
            .values({
              tenantId,
              surveyId: input.SurveyId,
              importDataSourceId: input.ImportDataSourceId ?? null,
              fileName: upload.fileName.slice(0, 255),
              fileType,
              fileContent: upload.bytes,
              mapping: mapping ?? [],
              status: S.Initial,
              requiresApproval,
              createdByUserId: actor.userId,
            })
            .returning({ id: l.id });
          await processing.queueProcess(tx, log!.id);
          await tx.update(l).set({ status: S.New }).where(eq(l.id, log!.id));
          return log!.id;
        });
        processing.wake();
        return reply.status(201).send({ Id: id, Status: S.New });
      },
    );
  });
}
