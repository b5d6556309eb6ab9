import type { FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Scope } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { refusingConflicts, type ConflictRefusals } from '../../db/refusing-conflicts.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { registerGridRoutes, type GridPageRequest } from '../../grid/grid-routes.js';
import { requireTenant, type Actor } from '../../core/actor.js';
import { registerRecordRoutes, type RecordRouteOptions } from '../../core/record-routes.js';
import { found } from '../../core/refusals.js';

/** What the shared part of a metadata service needs of its repository. */
type MetadataRepository = {
  /** One record of the tenant; undefined when the tenant has none such. */
  find(tenantId: number, id: number): Promise<unknown>;
  /** Whether another record of the tenant (`exceptId` aside) has the name, in any case. */
  nameTaken(tenantId: number, name: string, exceptId?: number): Promise<boolean>;
};
/** The record a repository's `find` gives. */
type FoundRecord<R extends MetadataRepository> = NonNullable<Awaited<ReturnType<R['find']>>>;

/**
 * What the metadata services (experiences, weighted groups, journey stages) share. Every call refuses a tenantless
 * caller (2100); each service keeps its own rules.
 * - `repository`: on the database, for reads;
 * - `load(repo, tenantId, id)`: the tenant's record, or the `missing` refusal;
 * - `read(actor, id)`: the caller's record;
 * - `checkName(repo, tenantId, name, exceptId?)`: refuses a name the tenant uses already (`nameExists`);
 * - `write(actor, work, refusals?)`: runs `work` in one transaction with a repository bound to it, so a refusal
 *   changes nothing; a name saved meanwhile by someone else (the unique index) is `nameExists` too, and
 *   `refusals.onInUse` turns a foreign-key violation into the service's in-use refusal.
 */
export function metadataRecords<R extends MetadataRepository>(
  db: Db,
  repositoryOf: (db: Db) => R,
  { missing, nameExists }: { missing: () => Error; nameExists: () => Error },
) {
  const repository = repositoryOf(db);
  const load = async (repo: R, tenantId: number, id: number): Promise<FoundRecord<R>> =>
    found((await repo.find(tenantId, id)) as FoundRecord<R> | undefined, missing);
  return {
    repository,
    load,
    read: async (actor: Actor, id: number): Promise<FoundRecord<R>> =>
      load(repository, requireTenant(actor), id),
    checkName: async (repo: R, tenantId: number, name: string, exceptId?: number): Promise<void> => {
      if (await repo.nameTaken(tenantId, name, exceptId)) throw nameExists();
    },
    write: <U>(
      actor: Actor,
      work: (repository: R, tenantId: number) => Promise<U>,
      refusals: Pick<ConflictRefusals, 'onInUse'> = {},
    ): Promise<U> => {
      const tenantId = requireTenant(actor);
      return refusingConflicts(() => db.transaction((tx) => work(repositoryOf(tx), tenantId)), {
        onDuplicate: nameExists,
        ...refusals,
      });
    },
  };
}

/** The grid queries of a metadata repository. */
export type MetadataGridQueries<TRow> = {
  gridRows(page: GridPageRequest): Promise<TRow[]>;
  gridCount(where: SQL | undefined): Promise<number>;
};

/**
 * Registers a metadata screen's routes, all for the same scopes: the grid (with export) over the caller's
 * tenant, and the record's read, create, replace and delete.
 */
export function registerMetadataRoutes<TRow extends Record<string, unknown>, TBody, TItem>(
  app: FastifyInstance,
  options: Omit<RecordRouteOptions<number, TBody, TItem>, 'read' | 'write'> & {
    access: readonly [Scope, ...Scope[]];
    grid: {
      item: z.ZodType<TRow>;
      fields: GridFields;
      defaultOrder: string;
      /** The rows of the caller's tenant the list holds. */
      scope(tenantId: number): SQL | undefined;
      queries: MetadataGridQueries<TRow>;
    };
  },
): void {
  const { access, grid, ...record } = options;
  registerGridRoutes(app, {
    path: record.path,
    access: [...access],
    item: grid.item,
    source: {
      fields: grid.fields,
      defaultOrder: grid.defaultOrder,
      scope: (request) => grid.scope(requireTenant(request.actor)),
      rows: (page) => grid.queries.gridRows(page),
      count: (where) => grid.queries.gridCount(where),
    },
  });
  registerRecordRoutes(app, { ...record, read: access, write: access });
}
