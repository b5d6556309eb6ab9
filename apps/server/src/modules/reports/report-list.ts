import { count, sql } from 'drizzle-orm';
import type { ReportListRow } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { reportWidgets, reports, roleReports, roles } from '../../db/schema/index.js';
import type { GridFields } from '../../grid/grid-fields.js';
import type { GridListSource } from '../../grid/grid-routes.js';
import { pageOf, selectionOf } from '../../grid/grid-queries.js';
import { countOf } from '../../core/queries.js';
import { reportVisibleTo } from './report-visibility.js';
import { slugOf } from './report.service.js';

/*
 * The report list screen (`report-list`, issue 20 item 9): every report the caller sees (reports spec §6: through
 * their roles, as everywhere else — a report no role of the caller's holds stays out of reach), with its widget
 * count, the roles that see it, whether its data is scoped, and when it last changed. Select fields are written
 * unqualified by Drizzle, so the subqueries name the outer table explicitly.
 */
const fields = {
  Id: { sql: reports.id, type: 'number' },
  Title: { sql: reports.title, type: 'string' },
  Category: { sql: reports.category, type: 'string' },
  WidgetCount: {
    sql: sql<number>`(select count(*)::int from ${reportWidgets} w where w.report_id = ${reports}.id)`,
    type: 'number',
  },
  // Filtered and sorted as one text; the rows carry the names as a list.
  RoleNames: {
    sql: sql<string>`coalesce((select string_agg(r.name, ', ' order by lower(r.name)) from ${roleReports} rr
      join ${roles} r on r.id = rr.role_id where rr.report_id = ${reports}.id), '')`,
    type: 'string',
  },
  // Config is JSON text written only through the report editor's checks (an object), so the cast holds.
  ScopedData: {
    sql: sql<boolean>`coalesce((${reports.config}::jsonb ->> 'scopedData') = 'true', false)`,
    type: 'boolean',
  },
  UpdatedAt: { sql: reports.updatedAt, type: 'date' },
} satisfies GridFields;

export function createReportListGridSource(db: Db): GridListSource<ReportListRow> {
  return {
    fields,
    defaultOrder: 'Title asc, Id asc',
    scope: (request) => reportVisibleTo(request.actor),
    async rows(page) {
      const query = db
        .select({
          ...selectionOf(fields),
          config: reports.config,
          roles: sql<string[]>`array(select r.name from ${roleReports} rr join ${roles} r on r.id = rr.role_id
            where rr.report_id = ${reports}.id order by lower(r.name))`,
        })
        .from(reports)
        .$dynamic();
      return (await pageOf(query, page)).map(({ config, roles: roleNames, ...row }) => ({
        ...row,
        Slug: slugOf(row.Title, config),
        RoleNames: roleNames,
        UpdatedAt: new Date(row.UpdatedAt).toISOString(),
      }));
    },
    count: (where) => countOf(db.select({ n: count() }).from(reports).where(where)),
  };
}
