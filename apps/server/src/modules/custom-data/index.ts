import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CUSTOM_DATA_KEYS,
  customDataMappingsSchema,
  type CustomDataMappings,
  type Scope,
} from '@loupe/contracts';
import { requireTenant } from '../../core/actor.js';
import type { Db } from '../../db/client.js';
import { customDataMappings } from '../../db/schema/index.js';

/*
 * Custom data management (issue 18 item 9, docs/custom-data-and-data-logs.md): the names of a tenant's ten custom
 * data slots, one `custom_data_mappings` row per tenant. Read and replaced by `metadata:manage` (the menu's scope);
 * every user reads them through bootstrap's CustomDataMappings.
 */

const ACCESS: [Scope, ...Scope[]] = ['metadata:manage'];

/** The tenant's saved names in slot order, or undefined when it never named its slots. */
export async function customDataNamesOf(db: Db, tenantId: number): Promise<string[] | undefined> {
  const [row] = await db
    .select({ names: customDataMappings.names })
    .from(customDataMappings)
    .where(eq(customDataMappings.tenantId, tenantId));
  return row?.names;
}

const mappingsOf = (names: readonly string[]): CustomDataMappings =>
  Object.fromEntries(CUSTOM_DATA_KEYS.map((key, index) => [key, names[index] ?? key])) as CustomDataMappings;

export function customDataRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // A tenant that never saved answers the slots' own keys, so the form opens filled and valid.
  routes.get(
    '/api/custom-data-mappings',
    { config: { access: ACCESS }, schema: { response: { 200: customDataMappingsSchema } } },
    async (request) =>
      mappingsOf((await customDataNamesOf(db, requireTenant(request.actor))) ?? CUSTOM_DATA_KEYS),
  );

  routes.put(
    '/api/custom-data-mappings',
    {
      config: { access: ACCESS },
      schema: { body: customDataMappingsSchema, response: { 200: customDataMappingsSchema } },
    },
    async (request) => {
      const tenantId = requireTenant(request.actor);
      const names = CUSTOM_DATA_KEYS.map((key) => request.body[key]);
      const values = { names, updatedAt: new Date() };
      await db
        .insert(customDataMappings)
        .values({ tenantId, ...values })
        .onConflictDoUpdate({ target: customDataMappings.tenantId, set: values });
      return mappingsOf(names);
    },
  );
}
