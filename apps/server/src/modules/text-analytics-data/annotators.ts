import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  aiAnnotatorParamsSchema,
  aiAnnotatorSaveSchema,
  aiAnnotatorSchema,
  ErrorCode,
  VALIDATION_MESSAGES,
  type AiAnnotator,
  type Scope,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import { countOf, insertedId, isTaken } from '../../core/queries.js';
import { registerRecordRoutes, type RecordService } from '../../core/record-routes.js';
import { fieldTaken, found, invalidField } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { refusingConflicts } from '../../db/refusing-conflicts.js';
import { aiAnnotators, users } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { pageOf } from '../../grid/grid-queries.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import { isoOf } from './iso.js';

/*
 * Annotators (issue 21 item 2, docs/text-analytics-data.md): the grid and records of `/api/ai-annotators`. An
 * annotator linked to a user of the tenant carries the user lock: it cannot be deleted (19103).
 */

const PATH = '/api/ai-annotators';
const READ: [Scope, ...Scope[]] = ['annotation:read', 'annotation:manage'];
const WRITE: [Scope, ...Scope[]] = ['annotation:manage'];

type SaveBody = z.output<typeof aiAnnotatorSaveSchema>;

const a = aiAnnotators;
const selection = {
  Id: a.id,
  FirstName: a.firstName,
  LastName: a.lastName,
  Email: a.email,
  PhoneNumber: a.phoneNumber,
  IsActive: a.isActive,
  UserId: a.userId,
  IsLocked: sql<boolean>`${a.userId} is not null`.mapWith(Boolean),
  CreatedDate: a.createdAt,
};
type Row = { [K in keyof typeof selection]: unknown };

const fields = {
  Id: { sql: a.id, type: 'number' },
  FirstName: { sql: a.firstName, type: 'string' },
  LastName: { sql: a.lastName, type: 'string' },
  Email: { sql: a.email, type: 'string' },
  PhoneNumber: { sql: a.phoneNumber, type: 'string' },
  IsActive: { sql: a.isActive, type: 'boolean' },
  IsLocked: { sql: sql`(${a.userId} is not null)`, type: 'boolean' },
  CreatedDate: { sql: a.createdAt, type: 'date' },
} satisfies GridFields;

const annotatorOf = (row: Row): AiAnnotator => ({
  ...(row as unknown as AiAnnotator),
  Id: Number(row.Id),
  UserId: row.UserId === null ? null : Number(row.UserId),
  CreatedDate: isoOf(row.CreatedDate),
});

const inTenant = (tenantId: number) => eq(a.tenantId, tenantId);

async function annotatorFor(db: Executor, actor: Actor, id: number): Promise<AiAnnotator> {
  const [row] = await db
    .select(selection)
    .from(a)
    .where(and(inTenant(requireTenant(actor)), eq(a.id, id)));
  return annotatorOf(found(row));
}

const taken = (field: string) => () => fieldTaken(ErrorCode.AnnotatorExists, field);

/** Refuses a user not of the tenant (3333), an email or user another annotator of the tenant has (19104). */
async function check(db: Executor, tenantId: number, body: SaveBody, exceptId?: number): Promise<void> {
  if (body.UserId !== null) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, body.UserId)));
    if (!user) throw invalidField('body/UserId', VALIDATION_MESSAGES.excluded);
    if (await isTaken(db, a.id, eq(a.userId, body.UserId), exceptId)) throw taken('body/UserId')();
  }
  const email = sql`lower(${a.email}) = lower(${body.Email.trim()})`;
  if (await isTaken(db, a.id, and(inTenant(tenantId), email), exceptId)) throw taken('body/Email')();
}

const columnsOf = (body: SaveBody) => ({
  firstName: body.FirstName.trim(),
  lastName: body.LastName.trim(),
  email: body.Email.trim(),
  phoneNumber: body.PhoneNumber,
  isActive: body.IsActive,
  userId: body.UserId,
});

function createAnnotatorService(db: Db): RecordService<number, SaveBody, AiAnnotator> {
  return {
    get: (actor, id) => annotatorFor(db, actor, id),

    async create(actor, body) {
      const tenantId = requireTenant(actor);
      await check(db, tenantId, body);
      const id = await refusingConflicts(
        () =>
          insertedId(
            db
              .insert(a)
              .values({ tenantId, ...columnsOf(body) })
              .returning({ id: a.id }),
            'annotator',
          ),
        { onDuplicate: taken('body/Email') },
      );
      return annotatorFor(db, actor, id);
    },

    async update(actor, id, body) {
      const tenantId = requireTenant(actor);
      await refusingConflicts(
        () =>
          db.transaction(async (tx) => {
            await annotatorFor(tx, actor, id);
            await check(tx, tenantId, body, id);
            await tx
              .update(a)
              .set({ ...columnsOf(body), updatedAt: new Date() })
              .where(and(inTenant(tenantId), eq(a.id, id)));
          }),
        { onDuplicate: taken('body/Email') },
      );
      return annotatorFor(db, actor, id);
    },

    async remove(actor, id) {
      await db.transaction(async (tx) => {
        const annotator = await annotatorFor(tx, actor, id);
        if (annotator.IsLocked) throw badRequest(ErrorCode.AnnotatorLocked);
        await tx.delete(a).where(and(inTenant(requireTenant(actor)), eq(a.id, id)));
      });
    },
  };
}

export function annotatorRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  registerGridRoutes(app, {
    path: PATH,
    access: READ,
    item: aiAnnotatorSchema,
    source: {
      fields,
      defaultOrder: 'FirstName asc, LastName asc, Id asc',
      scope: (request) => inTenant(requireTenant(request.actor)),
      async rows(page) {
        const rows = await pageOf(db.select(selection).from(a).$dynamic(), page);
        return rows.map(annotatorOf);
      },
      count: (where) => countOf(db.select({ n: count() }).from(a).where(where)),
    },
  });

  registerRecordRoutes(app, {
    path: PATH,
    params: aiAnnotatorParamsSchema,
    body: aiAnnotatorSaveSchema,
    item: aiAnnotatorSchema,
    read: READ,
    write: WRITE,
    service: createAnnotatorService(db),
  });
}
