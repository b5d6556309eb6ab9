import { count, sql } from 'drizzle-orm';
import type { ServiceConfiguration, SystemConfiguration } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { serviceConfigurations, systemConfigurations } from '../../db/schema/index.js';
import type { GridListSource } from '../../grid/grid-routes.js';
import { ownedBy } from './configuration-scope.js';
import { toServiceConfiguration } from './service-configuration.service.js';
import { toSystemConfiguration } from './system-configuration.service.js';

/*
 * The configuration lists. `JsonConfig` of a credential section filters and sorts as an empty text, so that
 * a `$filter=contains(JsonConfig,'…')` cannot probe a secret one guess at a time; rows leave masked.
 */

export function systemConfigurationGrid(db: Db): GridListSource<SystemConfiguration> {
  const t = systemConfigurations;
  return {
    fields: {
      Id: { sql: t.id, type: 'number' },
      Section: { sql: t.section, type: 'string' },
      SyncWithClient: { sql: t.syncWithClient, type: 'boolean' },
      IsCredential: { sql: t.isCredential, type: 'boolean' },
      JsonConfig: {
        sql: sql`(CASE WHEN ${t.isCredential} THEN '' ELSE ${t.jsonConfig} END)`,
        type: 'string',
      },
    },
    defaultOrder: 'Section asc, Id asc',
    scope: (request) => ownedBy(t.tenantId, request.actor.tenantId),
    async rows(page) {
      const rows = await db
        .select()
        .from(t)
        .where(page.where)
        .orderBy(...page.orderBy)
        .limit(page.limit)
        .offset(page.offset);
      return rows.map(toSystemConfiguration);
    },
    async count(where) {
      const [row] = await db.select({ total: count() }).from(t).where(where);
      return row?.total ?? 0;
    },
  };
}

export function serviceConfigurationGrid(db: Db): GridListSource<ServiceConfiguration> {
  const t = serviceConfigurations;
  return {
    fields: {
      Id: { sql: t.id, type: 'number' },
      Section: { sql: t.section, type: 'string' },
      ServiceType: { sql: t.serviceType, type: 'string' },
      SubServiceType: { sql: t.subServiceType, type: 'string' },
      ConfigType: { sql: t.configType, type: 'string' },
      IsCredential: { sql: t.isCredential, type: 'boolean' },
      JsonConfig: {
        sql: sql`(CASE WHEN ${t.isCredential} THEN '' ELSE ${t.jsonConfig} END)`,
        type: 'string',
      },
    },
    defaultOrder: 'Section asc, ConfigType asc, Id asc',
    scope: (request) => ownedBy(t.tenantId, request.actor.tenantId),
    async rows(page) {
      const rows = await db
        .select()
        .from(t)
        .where(page.where)
        .orderBy(...page.orderBy)
        .limit(page.limit)
        .offset(page.offset);
      return rows.map(toServiceConfiguration);
    },
    async count(where) {
      const [row] = await db.select({ total: count() }).from(t).where(where);
      return row?.total ?? 0;
    },
  };
}
