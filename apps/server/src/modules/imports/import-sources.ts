import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorCode,
  IMPORT_LOG_STATUS,
  importDataSourceOptionSchema,
  importDataSourceParamsSchema,
  importDataSourceSaveSchema,
  importDataSourceSchema,
  type ImportDataSource,
  type Scope,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import { countOf } from '../../core/queries.js';
import { fieldTaken, found } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { importDataLogs, importDataSources, surveys, tenants } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { pageOf, selectionOf } from '../../grid/grid-queries.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';

/*
 * Import data sources (issue 18; docs/data-flow.md "Sources"): alterna:manage, as the menu's row. The upload form
 * reads the active ones through `/options` with invitation:manage.
 */

const MANAGE: [Scope, ...Scope[]] = ['alterna:manage'];
const OPTIONS: [Scope, ...Scope[]] = ['invitation:manage', 'alterna:manage'];
const s = importDataSources;

const fields = {
  Id: { sql: s.id, type: 'number' },
  TenantId: { sql: s.tenantId, type: 'number' },
  TenantName: {
    sql: sql<string | null>`(SELECT tn.name FROM ${tenants} tn WHERE tn.id = ${s.tenantId})`,
    type: 'string',
  },
  Name: { sql: s.name, type: 'string' },
  TypeField: { sql: s.typeField, type: 'string' },
  SurveyId: { sql: s.surveyId, type: 'number' },
  SurveyName: {
    sql: sql<string | null>`(SELECT sv.title FROM ${surveys} sv WHERE sv.id = ${s.surveyId})`,
    type: 'string',
  },
  RequiresApproval: { sql: s.requiresApproval, type: 'boolean' },
  IsActive: { sql: s.isActive, type: 'boolean' },
  ImportCount: {
    sql: sql<number>`(SELECT count(*)::integer FROM ${importDataLogs} l WHERE l.import_data_source_id = ${s.id})`,
    type: 'number',
  },
  CreatedAt: { sql: s.createdAt, type: 'date' },
  UpdatedAt: { sql: s.updatedAt, type: 'date' },
} satisfies GridFields;
const selection = { ...selectionOf(fields), Mapping: s.mapping };

type SourceRow = Omit<ImportDataSource, 'CreatedAt' | 'UpdatedAt'> & { CreatedAt: Date; UpdatedAt: Date };
const itemOf = (row: SourceRow): ImportDataSource => ({
  ...row,
  CreatedAt: row.CreatedAt.toISOString(),
  UpdatedAt: row.UpdatedAt.toISOString(),
});

/** Statuses of a log whose job is (or will be) working: the source cannot change under it (16003). */
const WORKING = [
  IMPORT_LOG_STATUS.Initial,
  IMPORT_LOG_STATUS.New,
  IMPORT_LOG_STATUS.Processing,
  IMPORT_LOG_STATUS.Approved,
];

/** The sources a caller manages: a tenantless operator's are every tenant's, a tenant's caller's their own. */
const managed = (actor: Actor) => (actor.tenantId === null ? undefined : eq(s.tenantId, actor.tenantId));

async function sourceOf(db: Executor, actor: Actor, id: number): Promise<ImportDataSource> {
  const [row] = await db
    .select(selection)
    .from(s)
    .where(and(managed(actor), eq(s.id, id)));
  return itemOf(found(row));
}

/** The tenant a new source goes to: the operator's named one (which must exist), else the caller's own. */
async function tenantFor(db: Executor, actor: Actor, named: number | null | undefined): Promise<number> {
  if (actor.tenantId !== null) {
    if (named !== undefined && named !== null && named !== actor.tenantId)
      throw new AppError(403, ErrorCode.TenantChangeNotAllowed);
    return actor.tenantId;
  }
  if (named === undefined || named === null)
    throw new AppError(400, ErrorCode.ModelNotValid, [{ Path: 'TenantId', Message: 'Required' }]);
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, named));
  if (!tenant)
    throw new AppError(400, ErrorCode.TenantNotFound, [{ Path: 'TenantId', Message: 'Unknown tenant' }]);
  return tenant.id;
}

async function checkSurvey(db: Executor, tenantId: number, surveyId: number | null) {
  if (surveyId === null) return;
  const [row] = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(and(eq(surveys.tenantId, tenantId), eq(surveys.id, surveyId)));
  if (!row)
    throw new AppError(400, ErrorCode.ModelNotValid, [{ Path: 'SurveyId', Message: 'Unknown survey' }]);
}

const logCount = (db: Executor, id: number, statuses: readonly number[]) =>
  countOf(
    db
      .select({ n: count() })
      .from(importDataLogs)
      .where(
        and(
          eq(importDataLogs.importDataSourceId, id),
          sql`${importDataLogs.status} = ANY(${sql.param(statuses)}::smallint[])`,
        ),
      ),
  );

/** The source's fields its waiting imports' mappings use and the new mapping drops (16004). */
async function droppedFieldsInUse(db: Executor, id: number, kept: Set<string>): Promise<boolean> {
  const waiting = await db
    .select({ mapping: importDataLogs.mapping })
    .from(importDataLogs)
    .where(
      and(
        eq(importDataLogs.importDataSourceId, id),
        eq(importDataLogs.status, IMPORT_LOG_STATUS.WaitingForApproval),
      ),
    );
  return waiting.some((log) => log.mapping.some((item) => !kept.has(item.Field)));
}

function typeFieldTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw fieldTaken(ErrorCode.ImportTypeFieldInUse, 'TypeField');
  throw error;
}

type SaveBody = z.output<typeof importDataSourceSaveSchema>;

export function importSourceRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  registerGridRoutes(app, {
    path: '/api/import-data-sources',
    access: MANAGE,
    item: importDataSourceSchema,
    source: {
      fields,
      defaultOrder: 'Name asc, Id asc',
      scope: (request) => managed(request.actor),
      async rows(page) {
        return (await pageOf(db.select(selection).from(s).$dynamic(), page)).map(itemOf);
      },
      count: (where) => countOf(db.select({ n: count() }).from(s).where(where)),
    },
  });

  routes.get(
    '/api/import-data-sources/options',
    { config: { access: OPTIONS }, schema: { response: { 200: z.array(importDataSourceOptionSchema) } } },
    async (request) =>
      db
        .select({
          Id: s.id,
          Name: s.name,
          TypeField: s.typeField,
          SurveyId: s.surveyId,
          Mapping: s.mapping,
          RequiresApproval: s.requiresApproval,
        })
        .from(s)
        .where(and(eq(s.tenantId, requireTenant(request.actor)), eq(s.isActive, true)))
        .orderBy(asc(s.name), asc(s.id)),
  );

  routes.get(
    '/api/import-data-sources/:id',
    {
      config: { access: MANAGE },
      schema: { params: importDataSourceParamsSchema, response: { 200: importDataSourceSchema } },
    },
    async (request) => sourceOf(db, request.actor, request.params.id),
  );

  async function create(actor: Actor, body: SaveBody) {
    return db.transaction(async (tx) => {
      const tenantId = await tenantFor(tx, actor, body.TenantId);
      await checkSurvey(tx, tenantId, body.SurveyId);
      const [row] = await tx
        .insert(s)
        .values({
          tenantId,
          name: body.Name,
          typeField: body.TypeField,
          surveyId: body.SurveyId,
          mapping: body.Mapping,
          requiresApproval: body.RequiresApproval,
          isActive: body.IsActive,
        })
        .returning({ id: s.id })
        .catch(typeFieldTaken);
      return sourceOf(tx, actor, row!.id);
    });
  }

  routes.post(
    '/api/import-data-sources',
    {
      config: { access: MANAGE },
      schema: { body: importDataSourceSaveSchema, response: { 201: importDataSourceSchema } },
    },
    async (request, reply) => reply.status(201).send(await create(request.actor, request.body)),
  );

  routes.put(
    '/api/import-data-sources/:id',
    {
      config: { access: MANAGE },
      schema: {
        params: importDataSourceParamsSchema,
        body: importDataSourceSaveSchema,
        response: { 200: importDataSourceSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      return db.transaction(async (tx) => {
        const { TenantId: tenantId } = await sourceOf(tx, request.actor, id);
        if (body.TenantId !== undefined && body.TenantId !== null && body.TenantId !== tenantId)
          throw new AppError(403, ErrorCode.TenantChangeNotAllowed);
        // Serialises with an upload starting on this source.
        await tx.execute(sql`SELECT 1 FROM import_data_sources WHERE id = ${id}::integer FOR UPDATE`);
        if ((await logCount(tx, id, WORKING)) > 0) throw new AppError(400, ErrorCode.ImportSourceInUseUpdate);
        if (await droppedFieldsInUse(tx, id, new Set(body.Mapping.map((item) => item.Field))))
          throw new AppError(400, ErrorCode.ImportSourceContentInUse);
        await checkSurvey(tx, tenantId, body.SurveyId);
        await tx
          .update(s)
          .set({
            name: body.Name,
            typeField: body.TypeField,
            surveyId: body.SurveyId,
            mapping: body.Mapping,
            requiresApproval: body.RequiresApproval,
            isActive: body.IsActive,
            updatedAt: new Date(),
          })
          .where(and(eq(s.tenantId, tenantId), eq(s.id, id)))
          .catch(typeFieldTaken);
        return sourceOf(tx, request.actor, id);
      });
    },
  );

  routes.delete(
    '/api/import-data-sources/:id',
    { config: { access: MANAGE }, schema: { params: importDataSourceParamsSchema } },
    async (request, reply) => {
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const { TenantId: tenantId } = await sourceOf(tx, request.actor, id);
        await tx.execute(sql`SELECT 1 FROM import_data_sources WHERE id = ${id}::integer FOR UPDATE`);
        if ((await logCount(tx, id, Object.values(IMPORT_LOG_STATUS))) > 0)
          throw new AppError(400, ErrorCode.ImportSourceInUse);
        await tx.delete(s).where(and(eq(s.tenantId, tenantId), eq(s.id, id)));
      });
      return reply.status(204).send();
    },
  );
}

/** A mapping saved at upload time onto the source (the upload's `SaveMapping`). */
export async function saveSourceMapping(
  db: Executor,
  tenantId: number,
  id: number,
  mapping: ImportDataSource['Mapping'],
): Promise<void> {
  await db
    .update(s)
    .set({ mapping, updatedAt: new Date() })
    .where(and(eq(s.tenantId, tenantId), eq(s.id, id)));
}
