import { and, eq, type SQL } from 'drizzle-orm';
import { ErrorCode } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { refusingConflicts } from '../../db/refusing-conflicts.js';
import type { serviceConfigurations, systemConfigurations } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import type { GridFields } from '../../grid/grid-fields.js';
import type { Actor } from '../../core/actor.js';
import { isTaken } from '../../core/queries.js';
import type { RecordService } from '../../core/record-routes.js';
import { fieldTaken, found } from '../../core/refusals.js';
import { tenantIs } from '../../core/tenant-scope.js';
import { checkConfigurationJson, savedJson } from './credential-json.js';
import { labelsChanged } from '../../core/labels-version.js';

/**
 * After a committed configuration write: widget answers read the tenant's `Analytics` section (the small-sample
 * minimum, docs/metrics.md), so the widget result cache must not answer from before it (labels version).
 */
const widgetInputsChanged = labelsChanged;

/** The tables of the two configuration lists (system and service configurations). */
export type ConfigurationTable = typeof systemConfigurations | typeof serviceConfigurations;

/** What every configuration form sends. */
export type SectionBody = { Section: string; JsonConfig: string; IsCredential: boolean };

/**
 * One configuration list: its table and what sets it apart from the other list. The rest — tenant scope, the
 * JSON rule (17001), one section per key (17002), masking — is the same for both.
 */
export type ConfigurationKind<TTable extends ConfigurationTable, TItem, TBody extends SectionBody> = {
  table: TTable;
  /** For the message of an impossible empty insert. */
  name: string;
  /** A row as callers see it: a credential section's strings masked (`shownJson`). */
  toItem(row: TTable['$inferSelect']): TItem;
  /** The columns a save writes besides the tenant and the JSON. */
  columns(body: TBody): Omit<TTable['$inferInsert'], 'id' | 'tenantId' | 'jsonConfig'>;
  /** What makes two sections of a tenant the same one (17002 for a second). */
  sameKey(body: TBody): SQL;
  /** The grid fields besides Id, Section, IsCredential and JsonConfig. */
  gridFields: GridFields;
  /** The grid's order, ending with Id. */
  defaultOrder: string;
  /** Checks the JSON to be stored beyond the JSON rule (a section the console reads has a shape). */
  checkJson?(body: TBody, json: string): void;
};

/** 17002, pointing the form at the Section field. */
const sectionExists = () => fieldTaken(ErrorCode.ConfigurationSectionExists, 'Section');

/**
 * The configurations a caller sees and changes: its tenant's. A tenantless (Alterna) caller manages the
 * installation-wide sections, stored with no tenant, which bootstrap sends to every tenant unless the tenant has
 * its own.
 */
export const ownedBy = (table: ConfigurationTable, actor: Actor): SQL =>
  tenantIs(table.tenantId, actor.tenantId);

/**
 * Read, create, replace and delete of one configuration list (shell spec §3, §8). The JSON rule answers 17001,
 * a second section of the same key 17002; a credential section leaves masked and its masks sent back in a save
 * keep the stored secrets. Each write runs in one transaction, so a refusal changes nothing.
 */
export function createConfigurationService<
  TTable extends ConfigurationTable,
  TItem,
  TBody extends SectionBody,
>(db: Db, kind: ConfigurationKind<TTable, TItem, TBody>): RecordService<number, TBody, TItem> {
  // Drizzle cannot type a query on a generic table; on the union of the two it can.
  const table: ConfigurationTable = kind.table;
  // Every row read here is one of kind.table's.
  const toItem = (row: ConfigurationTable['$inferSelect']) => kind.toItem(row);
  const byId = (actor: Actor, id: number) => and(eq(table.id, id), ownedBy(table, actor));

  // The check serves tenantless sections too (NULLs do not collide in the unique index); the index catches a
  // concurrent insert for a tenant.
  async function checkKeyFree(tx: Db, actor: Actor, body: TBody, exceptId?: number) {
    if (await isTaken(tx, table.id, and(ownedBy(table, actor), kind.sameKey(body)), exceptId))
      throw sectionExists();
  }

  const write = <T>(work: (tx: Db) => Promise<T>): Promise<T> =>
    refusingConflicts(() => db.transaction(work), { onDuplicate: sectionExists });

  return {
    async get(actor, id) {
      const [row] = await db.select().from(table).where(byId(actor, id));
      return toItem(found(row));
    },

    async create(actor, body) {
      checkConfigurationJson(body.JsonConfig);
      kind.checkJson?.(body, body.JsonConfig);
      const created = await write(async (tx) => {
        await checkKeyFree(tx, actor, body);
        const [row] = await tx
          .insert(table)
          .values({ tenantId: actor.tenantId, jsonConfig: body.JsonConfig, ...kind.columns(body) })
          .returning();
        if (!row) throw new Error(`${kind.name} insert returned nothing`);
        return toItem(row);
      });
      widgetInputsChanged();
      return created;
    },

    async update(actor, id, body) {
      checkConfigurationJson(body.JsonConfig);
      const updated = await write(async (tx) => {
        const stored = found((await tx.select().from(table).where(byId(actor, id)).for('update'))[0]);
        await checkKeyFree(tx, actor, body, id);
        const jsonConfig = savedJson(body.JsonConfig, stored);
        kind.checkJson?.(body, jsonConfig);
        const [row] = await tx
          .update(table)
          .set({ jsonConfig, ...kind.columns(body) })
          .where(eq(table.id, id))
          .returning();
        return toItem(found(row));
      });
      widgetInputsChanged();
      return updated;
    },

    async remove(actor, id) {
      const deleted = await db.delete(table).where(byId(actor, id)).returning({ id: table.id });
      if (deleted.length === 0) throw notFound();
      widgetInputsChanged();
    },
  };
}
