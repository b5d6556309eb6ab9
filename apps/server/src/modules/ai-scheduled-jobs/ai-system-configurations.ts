import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AI_SYSTEM_CONFIGURATIONS,
  aiSystemConfigurationParamsSchema,
  aiSystemConfigurationSaveSchema,
  aiSystemConfigurationSchema,
  ErrorCode,
  isAiSystemConfigurationValue,
  type AiSystemConfiguration,
  type AiSystemConfigurationKey,
  type Scope,
} from '@loupe/contracts';
import { requireTenant } from '../../core/actor.js';
import { countOf } from '../../core/queries.js';
import { fieldRefusal, found } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { aiSystemConfigurations } from '../../db/schema/index.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { pageOf } from '../../grid/grid-queries.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import { isoOf } from './job-dates.js';

/*
 * AI system configurations `/api/ai-system-configurations` (issue 21 item 6, docs/ai-scheduled-jobs.md): the
 * module's settings per tenant, one row per key of AI_SYSTEM_CONFIGURATIONS, seeded with the defaults for every
 * tenant at start and for a newer tenant by its first job (create or run). Scope aisystem:manage.
 */

const PATH = '/api/ai-system-configurations';
const ACCESS: [Scope, ...Scope[]] = ['aisystem:manage'];
const KEYS = Object.keys(AI_SYSTEM_CONFIGURATIONS) as AiSystemConfigurationKey[];

const c = aiSystemConfigurations;
const selection = { Id: c.id, Key: c.key, Value: c.value, UpdatedDate: c.updatedAt };

const fields = {
  Id: { sql: c.id, type: 'number' },
  Key: { sql: c.key, type: 'string' },
  Value: { sql: c.value, type: 'string' },
  UpdatedDate: { sql: c.updatedAt, type: 'date' },
} satisfies GridFields;

const defaultOf = (key: string) =>
  (AI_SYSTEM_CONFIGURATIONS as Record<string, { default: string }>)[key]?.default ?? '';

function configurationOf(row: {
  Id: number;
  Key: string;
  Value: string;
  UpdatedDate: unknown;
}): AiSystemConfiguration {
  return { ...row, DefaultValue: defaultOf(row.Key), UpdatedDate: isoOf(row.UpdatedDate) };
}

/** Inserts the keys the tenant does not have yet, with their defaults. */
export async function seedAiSystemConfigurations(db: Executor, tenantId: number): Promise<void> {
  await db
    .insert(c)
    .values(KEYS.map((key) => ({ tenantId, key, value: AI_SYSTEM_CONFIGURATIONS[key].default })))
    .onConflictDoNothing();
}

/** The tenant's settings as the workers use them (a value its rule no longer takes reads as the default). */
export async function readAiSystemConfigurations(db: Executor, tenantId: number) {
  await seedAiSystemConfigurations(db, tenantId);
  const rows = await db.select({ key: c.key, value: c.value }).from(c).where(eq(c.tenantId, tenantId));
  const value = (key: AiSystemConfigurationKey) => {
    const stored = rows.find((row) => row.key === key)?.value;
    return stored !== undefined && isAiSystemConfigurationValue(key, stored)
      ? stored
      : AI_SYSTEM_CONFIGURATIONS[key].default;
  };
  return {
    ScoringBatchSize: Number(value('ScoringBatchSize')),
    MinimumCommentLength: Number(value('MinimumCommentLength')),
    DefaultLanguage: value('DefaultLanguage'),
    MaxExportRows: Number(value('MaxExportRows')),
  };
}

export function aiSystemConfigurationRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const inTenant = (tenantId: number) => eq(c.tenantId, tenantId);
  const byId = async (tenantId: number, id: number) => {
    const [row] = await db
      .select(selection)
      .from(c)
      .where(and(inTenant(tenantId), eq(c.id, id)));
    return configurationOf(found(row));
  };

  registerGridRoutes(app, {
    path: PATH,
    access: ACCESS,
    item: aiSystemConfigurationSchema,
    source: {
      fields,
      defaultOrder: 'Key asc, Id asc',
      scope: (request) => inTenant(requireTenant(request.actor)),
      async rows(page) {
        const rows = await pageOf(db.select(selection).from(c).$dynamic(), page);
        return rows.map(configurationOf);
      },
      count: (where) => countOf(db.select({ n: count() }).from(c).where(where)),
    },
  });
  // Every tenant's keys at start (a read never writes); a tenant created since gets them with its first job.
  app.addHook('onReady', async () => {
    await db.execute(sql`
      INSERT INTO ai_system_configurations (tenant_id, key, value)
      SELECT t.id, k.key, k.value FROM tenants t
      CROSS JOIN unnest(${sql.param(KEYS)}::text[],
        ${sql.param(KEYS.map((key) => AI_SYSTEM_CONFIGURATIONS[key].default))}::text[]) AS k(key, value)
      ON CONFLICT DO NOTHING`);
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    `${PATH}/:id`,
    {
      config: { access: ACCESS },
      schema: { params: aiSystemConfigurationParamsSchema, response: { 200: aiSystemConfigurationSchema } },
    },
    async (request) => byId(requireTenant(request.actor), request.params.id),
  );
  routes.put(
    `${PATH}/:id`,
    {
      config: { access: ACCESS },
      schema: {
        params: aiSystemConfigurationParamsSchema,
        body: aiSystemConfigurationSaveSchema,
        response: { 200: aiSystemConfigurationSchema },
      },
    },
    async (request) => {
      const tenantId = requireTenant(request.actor);
      const before = await byId(tenantId, request.params.id);
      const value = request.body.Value;
      if (!isAiSystemConfigurationValue(before.Key, value))
        throw fieldRefusal(ErrorCode.AiSystemConfigurationInvalid, 'body/Value', 'invalid');
      await db
        .update(c)
        .set({ value, updatedAt: sql`now()` })
        .where(and(inTenant(tenantId), eq(c.id, before.Id)));
      return byId(tenantId, before.Id);
    },
  );
}
