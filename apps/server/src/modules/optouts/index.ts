import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ErrorCode,
  optoutParamsSchema,
  optoutSaveSchema,
  optoutSchema,
  type Optout,
  type Scope,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import { optoutActiveOn } from '../../core/optouts.js';
import { countOf } from '../../core/queries.js';
import { found } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { optouts } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { pageOf, selectionOf } from '../../grid/grid-queries.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';

/*
 * Opt-outs (issue 18, docs/optouts.md): the grid, read, create, replace and delete of a tenant's optouts rows,
 * scope `optout`. Whether a row is in force is core/optouts.ts's rule, which every sender reads.
 */

const ACCESS: [Scope, ...Scope[]] = ['optout'];
const o = optouts;

const fields = {
  Id: { sql: o.id, type: 'number' },
  Email: { sql: o.email, type: 'string' },
  Msisdn: { sql: o.msisdn, type: 'string' },
  Channel: { sql: o.channel, type: 'number' },
  Reason: { sql: o.reason, type: 'string' },
  UntilDate: { sql: o.untilDate, type: 'date' },
  IsForever: { sql: o.isForever, type: 'boolean' },
  IsActive: { sql: optoutActiveOn(o.isForever, o.untilDate).mapWith(Boolean), type: 'boolean' },
  Source: { sql: o.source, type: 'string' },
  CreatedAt: { sql: o.createdAt, type: 'date' },
  UpdatedAt: { sql: o.updatedAt, type: 'date' },
} satisfies GridFields;
const selection = selectionOf(fields);

type OptoutRow = Omit<Optout, 'UntilDate' | 'CreatedAt' | 'UpdatedAt' | 'Id'> & {
  Id: number | string;
  UntilDate: Date | string | null;
  CreatedAt: Date | string;
  UpdatedAt: Date | string;
};
const isoOf = (value: Date | string) => new Date(value).toISOString();
const itemOf = (row: OptoutRow): Optout => ({
  ...row,
  Id: Number(row.Id),
  UntilDate: row.UntilDate === null ? null : isoOf(row.UntilDate),
  CreatedAt: isoOf(row.CreatedAt),
  UpdatedAt: isoOf(row.UpdatedAt),
});

const mine = (actor: Actor) => eq(o.tenantId, requireTenant(actor));

async function optoutOf(db: Executor, actor: Actor, id: number): Promise<Optout> {
  const [row] = await db
    .select(selection)
    .from(o)
    .where(and(mine(actor), eq(o.id, id)));
  return itemOf(found(row));
}

type SaveBody = z.output<typeof optoutSaveSchema>;

/** The columns a body writes; an UntilDate must lie in the future unless IsForever (3333 on UntilDate). */
function columnsOf(body: SaveBody, at: Date) {
  const untilDate = body.UntilDate ? new Date(body.UntilDate) : null;
  if (!body.IsForever && (untilDate === null || untilDate.getTime() <= at.getTime()))
    throw new AppError(400, ErrorCode.ModelNotValid, [
      { Path: 'body/UntilDate', Message: 'Must be in the future' },
    ]);
  return {
    email: body.Email,
    msisdn: body.Msisdn,
    reason: body.Reason,
    isForever: body.IsForever,
    untilDate: body.IsForever ? null : untilDate,
  };
}

export function optoutRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  registerGridRoutes(app, {
    path: '/api/optouts',
    access: ACCESS,
    item: optoutSchema,
    source: {
      fields,
      defaultOrder: 'CreatedAt desc, Id desc',
      scope: (request) => mine(request.actor),
      async rows(page) {
        return (await pageOf(db.select(selection).from(o).$dynamic(), page)).map((row) =>
          itemOf(row as OptoutRow),
        );
      },
      count: (where) => countOf(db.select({ n: count() }).from(o).where(where)),
    },
  });

  routes.get(
    '/api/optouts/:id',
    { config: { access: ACCESS }, schema: { params: optoutParamsSchema, response: { 200: optoutSchema } } },
    async (request) => optoutOf(db, request.actor, request.params.id),
  );

  routes.post(
    '/api/optouts',
    { config: { access: ACCESS }, schema: { body: optoutSaveSchema, response: { 201: optoutSchema } } },
    async (request, reply) => {
      const tenantId = requireTenant(request.actor);
      const columns = columnsOf(request.body, new Date());
      const [row] = await db
        .insert(o)
        .values({ tenantId, source: 'manual', ...columns })
        .returning({ id: o.id });
      return reply.status(201).send(await optoutOf(db, request.actor, row!.id));
    },
  );

  routes.put(
    '/api/optouts/:id',
    {
      config: { access: ACCESS },
      schema: { params: optoutParamsSchema, body: optoutSaveSchema, response: { 200: optoutSchema } },
    },
    async (request) => {
      const { id } = request.params;
      return db.transaction(async (tx) => {
        await optoutOf(tx, request.actor, id);
        const columns = columnsOf(request.body, new Date());
        await tx
          .update(o)
          .set({ ...columns, updatedAt: new Date() })
          .where(and(mine(request.actor), eq(o.id, id)));
        return optoutOf(tx, request.actor, id);
      });
    },
  );

  routes.delete(
    '/api/optouts/:id',
    { config: { access: ACCESS }, schema: { params: optoutParamsSchema } },
    async (request, reply) => {
      const { id } = request.params;
      await db.transaction(async (tx) => {
        await optoutOf(tx, request.actor, id);
        await tx.delete(o).where(and(mine(request.actor), eq(o.id, id)));
      });
      return reply.status(204).send();
    },
  );
}
