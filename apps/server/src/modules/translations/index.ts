import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorCode,
  LANGUAGES,
  TRANSLATION_IMPORT_BODY_LIMIT,
  TRANSLATION_LIMITS,
  translationExportQuerySchema,
  translationImportResultSchema,
  translationImportSchema,
  translationParamsSchema,
  translationSaveSchema,
  translationsQuerySchema,
  translationsSchema,
  type LanguageCode,
  type Scope,
  type Translation,
} from '@loupe/contracts';
import { requireTenant } from '../../core/actor.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { translations } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../errors.js';
import { shippedCatalogue, type ShippedCatalogue } from './catalogue.js';
import { documentOf, entriesOf, entryId, importedEntries, splitId, type Entries } from './document.js';

/*
 * Translations (issue 23 item 1, docs/translations.md): a tenant's overrides of the console's texts, one
 * `translations` row (a JSON document) per tenant and language, which bootstrap's `Translation` hands every user
 * of the tenant at the next page load. Read with config:read or config:manage, written with config:manage; writes
 * are audited (entity `translation`, the request kept). Keys must be in the shipped catalogue (19401).
 */

const READ: [Scope, ...Scope[]] = ['config:read', 'config:manage'];
const WRITE: [Scope, ...Scope[]] = ['config:manage'];
const t = translations;

const LANGUAGE_ORDER: readonly string[] = LANGUAGES.map((language) => language.code);

const mine = (tenantId: number, language?: LanguageCode) =>
  language === undefined ? eq(t.tenantId, tenantId) : and(eq(t.tenantId, tenantId), eq(t.language, language));

function itemsOf(
  rows: readonly { language: string; value: string }[],
  catalogue: ShippedCatalogue,
): Translation[] {
  const items: Translation[] = [];
  const sorted = [...rows].sort(
    (a, b) => LANGUAGE_ORDER.indexOf(a.language) - LANGUAGE_ORDER.indexOf(b.language),
  );
  for (const row of sorted) {
    if (!LANGUAGE_ORDER.includes(row.language)) continue;
    for (const [id, Value] of [...entriesOf(row.value, catalogue.namespaces)].sort(([a], [b]) =>
      a.localeCompare(b),
    )) {
      const { namespace, key } = splitId(id);
      items.push({ Language: row.language as LanguageCode, Namespace: namespace, Key: key, Value });
    }
  }
  return items;
}

async function listOf(db: Executor, tenantId: number, catalogue: ShippedCatalogue, language?: LanguageCode) {
  const rows = await db
    .select({ language: t.language, value: t.value })
    .from(t)
    .where(mine(tenantId, language));
  return itemsOf(rows, catalogue);
}

/**
 * Changes a language's document under a row lock (concurrent saves of one tenant and language queue up);
 * `change` edits the texts in place. A document left empty is removed.
 */
async function editDocument<R>(
  db: Db,
  tenantId: number,
  language: LanguageCode,
  catalogue: ShippedCatalogue,
  change: (entries: Entries) => R,
): Promise<R> {
  return db.transaction(async (tx) => {
    await tx.insert(t).values({ tenantId, language, value: '{}' }).onConflictDoNothing();
    const [row] = await tx.select().from(t).where(mine(tenantId, language)).for('update');
    const entries = entriesOf(row!.value, catalogue.namespaces);
    const result = change(entries);
    if (entries.size === 0) await tx.delete(t).where(eq(t.id, row!.id));
    else
      await tx
        .update(t)
        .set({ value: JSON.stringify(documentOf(entries)) })
        .where(eq(t.id, row!.id));
    return result;
  });
}

export function translationRoutes(
  app: FastifyInstance,
  { db, catalogue: catalogueOf = shippedCatalogue }: { db: Db; catalogue?: () => ShippedCatalogue },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/translations',
    {
      config: { access: READ },
      schema: { querystring: translationsQuerySchema, response: { 200: translationsSchema } },
    },
    async (request) => ({
      Items: await listOf(db, requireTenant(request.actor), catalogueOf(), request.query.Language),
    }),
  );

  routes.get(
    '/api/translations/export',
    { config: { access: READ }, schema: { querystring: translationExportQuerySchema } },
    async (request, reply) => {
      const language = request.query.Language;
      const [row] = await db
        .select({ value: t.value })
        .from(t)
        .where(mine(requireTenant(request.actor), language));
      const document = documentOf(entriesOf(row?.value ?? '{}', catalogueOf().namespaces));
      return reply
        .header('content-disposition', `attachment; filename="translations-${language}.json"`)
        .type('application/json; charset=utf-8')
        .send(`${JSON.stringify(document, null, 2)}\n`);
    },
  );

  routes.put(
    '/api/translations',
    {
      config: { access: WRITE },
      schema: { body: translationSaveSchema, response: { 200: translationsSchema } },
    },
    async (request) => {
      const tenantId = requireTenant(request.actor);
      const catalogue = catalogueOf();
      const { Items } = request.body;
      const unknown = Items.flatMap((item, index) =>
        catalogue.has(item.Language, item.Namespace, item.Key) ? [] : [{ Path: `body/Items/${index}/Key` }],
      );
      if (unknown.length > 0) throw badRequest(ErrorCode.TranslationKeyUnknown, unknown);
      for (const language of new Set(Items.map((item) => item.Language))) {
        await editDocument(db, tenantId, language, catalogue, (entries) => {
          for (const item of Items.filter((one) => one.Language === language)) {
            const id = entryId(item.Namespace, item.Key);
            if (item.Value === '') entries.delete(id);
            else entries.set(id, item.Value);
          }
        });
      }
      return { Items: await listOf(db, tenantId, catalogue) };
    },
  );

  routes.delete(
    '/api/translations/:language/:namespace/:key',
    { config: { access: WRITE }, schema: { params: translationParamsSchema } },
    async (request, reply) => {
      const tenantId = requireTenant(request.actor);
      const { language, namespace, key } = request.params;
      const [row] = await db.select({ id: t.id }).from(t).where(mine(tenantId, language));
      if (!row) throw notFound();
      const removed = await editDocument(db, tenantId, language, catalogueOf(), (entries) =>
        entries.delete(entryId(namespace, key)),
      );
      if (!removed) throw notFound();
      return reply.status(204).send();
    },
  );

  routes.post(
    '/api/translations/import',
    {
      bodyLimit: TRANSLATION_IMPORT_BODY_LIMIT,
      config: { access: WRITE },
      schema: { body: translationImportSchema, response: { 200: translationImportResultSchema } },
    },
    async (request) => {
      const tenantId = requireTenant(request.actor);
      const catalogue = catalogueOf();
      const { Language, Translations } = request.body;
      const imported = importedEntries(Translations, catalogue.namespaces);
      const unknown: string[] = [];
      for (const id of imported.keys()) {
        const { namespace, key } = splitId(id);
        if (!/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/.test(key) || !catalogue.has(Language, namespace, key))
          unknown.push(id);
      }
      for (const id of unknown) imported.delete(id);
      let stored = 0;
      let removed = 0;
      if (imported.size > 0)
        await editDocument(db, tenantId, Language, catalogue, (entries) => {
          for (const [id, value] of imported) {
            if (value !== '') {
              entries.set(id, value);
              stored += 1;
            } else if (entries.delete(id)) removed += 1;
          }
        });
      return {
        Stored: stored,
        Removed: removed,
        Unknown: unknown.slice(0, TRANSLATION_LIMITS.unknownListed),
        UnknownCount: unknown.length,
      };
    },
  );
}
