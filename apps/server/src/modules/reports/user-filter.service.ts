import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorCode, type UserFilter, type userFilterSaveSchema } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { userFilters } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';

type UserFilterInput = z.output<typeof userFilterSaveSchema>;
type Deps = { db: Db };

type UserFilterRow = typeof userFilters.$inferSelect;

const toUserFilter = (row: UserFilterRow): UserFilter => ({
  Id: row.id,
  IsSaved: row.isSaved,
  Page: row.page,
  Name: row.name,
  UserId: row.userId,
  Config: row.config,
});

const filterNameExists = () => badRequest(ErrorCode.FilterNameExists, [{ Path: 'Name', Message: 'exists' }]);

/**
 * Saved user filters (reports spec §3, §7, §8): any signed-in user keeps their own, per page; another user's
 * filter is 404 to them. Names are unique per user and page regardless of case (12001), also against a name
 * saved meanwhile (the unique index). Every write runs in one transaction.
 */
export function createUserFilterService({ db }: Deps) {
  async function writing<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw filterNameExists();
      throw error;
    }
  }

  const own = (actor: Actor, id: number) => and(eq(userFilters.id, id), eq(userFilters.userId, actor.userId));

  async function assertNameFree(tx: Executor, actor: Actor, input: UserFilterInput, exceptId?: number) {
    const [taken] = await tx
      .select({ id: userFilters.id })
      .from(userFilters)
      .where(
        and(
          eq(userFilters.userId, actor.userId),
          eq(userFilters.page, input.Page),
          sql`lower(${userFilters.name}) = lower(${input.Name})`,
          exceptId === undefined ? undefined : ne(userFilters.id, exceptId),
        ),
      )
      .limit(1);
    if (taken) throw filterNameExists();
  }

  return {
    /** `GET /api/users/filter?page=`: the caller's filters of the page, by name. */
    async list(actor: Actor, page: string): Promise<UserFilter[]> {
      const rows = await db
        .select()
        .from(userFilters)
        .where(and(eq(userFilters.userId, actor.userId), eq(userFilters.page, page)))
        .orderBy(sql`lower(${userFilters.name})`, userFilters.id);
      return rows.map(toUserFilter);
    },

    async create(actor: Actor, input: UserFilterInput): Promise<UserFilter> {
      return writing(async (tx) => {
        await assertNameFree(tx, actor, input);
        const [row] = await tx
          .insert(userFilters)
          .values({
            tenantId: actor.tenantId,
            userId: actor.userId,
            page: input.Page,
            name: input.Name,
            isSaved: input.IsSaved,
            config: input.Config,
          })
          .returning();
        if (!row) throw new Error('user filter insert returned nothing');
        return toUserFilter(row);
      });
    },

    async update(actor: Actor, id: number, input: UserFilterInput): Promise<UserFilter> {
      return writing(async (tx) => {
        const [existing] = await tx.select({ id: userFilters.id }).from(userFilters).where(own(actor, id));
        if (!existing) throw notFound();
        await assertNameFree(tx, actor, input, id);
        const [row] = await tx
          .update(userFilters)
          .set({ page: input.Page, name: input.Name, isSaved: input.IsSaved, config: input.Config })
          .where(own(actor, id))
          .returning();
        if (!row) throw notFound();
        return toUserFilter(row);
      });
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const removed = await db.delete(userFilters).where(own(actor, id)).returning({ id: userFilters.id });
      if (removed.length === 0) throw notFound();
    },
  };
}
