import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { MessageTemplateRow, TemplateKind, TemplateOption } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { messageTemplates } from '../../db/schema/index.js';
import type { GridFields } from '../../grid/grid-fields.js';
import type { GridPageRequest } from '../../grid/grid-routes.js';
import { countOf, insertedId, isNameTaken } from '../../core/queries.js';
import { pageOf, selectionOf } from '../../grid/grid-queries.js';

/** The table's `kind` of each template kind (apps/server/drizzle/0011_invitations.sql). */
const KIND_NUMBER: Record<TemplateKind, number> = { invitation: 1, message: 2 };

/** The templates grid's whitelist, which is also the select list of a row. */
export const messageTemplateGridFields = {
  Id: { sql: messageTemplates.id, type: 'number' },
  Name: { sql: messageTemplates.name, type: 'string' },
  TemplateId: { sql: messageTemplates.templateId, type: 'string' },
  Channel: { sql: messageTemplates.channel, type: 'number' },
  Language: { sql: messageTemplates.language, type: 'string' },
  Subject: { sql: messageTemplates.subject, type: 'string' },
  UpdatedAt: { sql: messageTemplates.updatedAt, type: 'date' },
} satisfies GridFields;

const rowSelection = selectionOf(messageTemplateGridFields);

/** The templates of one kind of one tenant: what a grid or a lookup of that kind may see. */
export const templatesOf = (tenantId: number, kind: TemplateKind): SQL =>
  and(eq(messageTemplates.tenantId, tenantId), eq(messageTemplates.kind, KIND_NUMBER[kind]))!;

const ownTemplate = (tenantId: number, kind: TemplateKind, id: number): SQL =>
  and(templatesOf(tenantId, kind), eq(messageTemplates.id, id))!;

/** What a template holds apart from its tenant and kind. */
export type TemplateValues = {
  name: string;
  templateId: string | null;
  channel: number;
  language: string;
  subject: string | null;
  body: string;
  payload: string | null;
};

type StoredTemplate = typeof messageTemplates.$inferSelect;

/** Templates of the tenant, one kind at a time. */
export function createMessageTemplateRepository(db: Db) {
  return {
    async gridRows(page: GridPageRequest): Promise<MessageTemplateRow[]> {
      const rows = await pageOf(db.select(rowSelection).from(messageTemplates).$dynamic(), page);
      return rows.map((row) => ({ ...row, UpdatedAt: row.UpdatedAt.toISOString() }));
    },

    gridCount: (where: SQL | undefined): Promise<number> =>
      countOf(db.select({ n: count() }).from(messageTemplates).where(where)),

    async find(tenantId: number, kind: TemplateKind, id: number): Promise<StoredTemplate | undefined> {
      const [row] = await db
        .select()
        .from(messageTemplates)
        .where(ownTemplate(tenantId, kind, id));
      return row;
    },

    /** The options of a select, by name; `channel` keeps those of one channel. */
    options: (tenantId: number, kind: TemplateKind, channel?: number): Promise<TemplateOption[]> =>
      db
        .select({
          Id: messageTemplates.id,
          Name: messageTemplates.name,
          Channel: messageTemplates.channel,
          Language: messageTemplates.language,
        })
        .from(messageTemplates)
        .where(
          and(
            templatesOf(tenantId, kind),
            channel === undefined ? undefined : eq(messageTemplates.channel, channel),
          ),
        )
        .orderBy(asc(messageTemplates.name), asc(messageTemplates.id)),

    /** Bootstrap's MessageTemplates: which kind, channel and language the tenant has templates for. */
    coverage: (tenantId: number): Promise<{ kind: number; channel: number; language: string }[]> =>
      db
        .selectDistinct({
          kind: messageTemplates.kind,
          channel: messageTemplates.channel,
          language: messageTemplates.language,
        })
        .from(messageTemplates)
        .where(eq(messageTemplates.tenantId, tenantId))
        .orderBy(asc(messageTemplates.kind), asc(messageTemplates.channel), asc(messageTemplates.language)),

    nameTaken: (tenantId: number, kind: TemplateKind, name: string, exceptId?: number): Promise<boolean> =>
      isNameTaken(db, messageTemplates, name, templatesOf(tenantId, kind), exceptId),

    insert: (tenantId: number, kind: TemplateKind, values: TemplateValues): Promise<number> =>
      insertedId(
        db
          .insert(messageTemplates)
          .values({ tenantId, kind: KIND_NUMBER[kind], ...values })
          .returning({ id: messageTemplates.id }),
        'message template',
      ),

    async update(tenantId: number, kind: TemplateKind, id: number, values: TemplateValues): Promise<void> {
      await db
        .update(messageTemplates)
        .set({ ...values, updatedAt: new Date() })
        .where(ownTemplate(tenantId, kind, id));
    },

    async remove(tenantId: number, kind: TemplateKind, id: number): Promise<void> {
      await db.delete(messageTemplates).where(ownTemplate(tenantId, kind, id));
    },
  };
}

export type MessageTemplateRepository = ReturnType<typeof createMessageTemplateRepository>;
