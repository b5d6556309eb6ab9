import { count, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { GridListSource } from '../../grid/grid-routes.js';
import { countOf } from '../../core/queries.js';
import { pageOf } from '../../grid/grid-queries.js';
import {
  ownedBy,
  type ConfigurationKind,
  type ConfigurationTable,
  type SectionBody,
} from './configuration-section.service.js';

/**
 * A configuration list: the caller's tenant's sections (a tenantless caller's: the installation-wide ones).
 * `JsonConfig` of a credential section filters and sorts as an empty text, so that a
 * `$filter=contains(JsonConfig,'…')` cannot probe a secret one guess at a time; rows leave masked.
 */
export function configurationGrid<TTable extends ConfigurationTable, TItem, TBody extends SectionBody>(
  db: Db,
  kind: ConfigurationKind<TTable, TItem, TBody>,
): GridListSource<TItem> {
  const t: ConfigurationTable = kind.table;
  return {
    fields: {
      Id: { sql: t.id, type: 'number' },
      Section: { sql: t.section, type: 'string' },
      ...kind.gridFields,
      IsCredential: { sql: t.isCredential, type: 'boolean' },
      JsonConfig: {
        sql: sql`(CASE WHEN ${t.isCredential} THEN '' ELSE ${t.jsonConfig} END)`,
        type: 'string',
      },
    },
    defaultOrder: kind.defaultOrder,
    scope: (request) => ownedBy(t, request.actor),
    async rows(page) {
      const rows = await pageOf(db.select().from(t).$dynamic(), page);
      return rows.map((row) => kind.toItem(row as TTable['$inferSelect']));
    },
    count: (where) => countOf(db.select({ n: count() }).from(t).where(where)),
  };
}
