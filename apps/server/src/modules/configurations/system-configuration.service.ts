import { isUniqueViolation } from '../../db/pg-errors.js';
import { and, eq, ne } from 'drizzle-orm';
import type { SaveSystemConfiguration, SystemConfiguration } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { systemConfigurations } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { ownedBy, sectionExists } from './configuration-scope.js';
import { checkConfigurationJson, maskCredentialJson, restoreMaskedJson } from './credential-json.js';

type Row = typeof systemConfigurations.$inferSelect;

/** A row as callers see it: a credential section's strings masked. */
export function toSystemConfiguration(row: Pick<Row, keyof Row>): SystemConfiguration {
  return {
    Id: row.id,
    Section: row.section,
    JsonConfig: row.isCredential ? maskCredentialJson(row.jsonConfig) : row.jsonConfig,
    SyncWithClient: row.syncWithClient,
    IsCredential: row.isCredential,
  };
}

/**
 * System configuration sections of the caller's tenant (shell spec §3). The JSON rule answers 17001, a second
 * section of the same name 17002; a credential section is never synced to the client (the body schema).
 */
export function createSystemConfigurationService({ db }: { db: Db }) {
  const mine = (actor: Actor) => ownedBy(systemConfigurations.tenantId, actor.tenantId);

  async function checkSectionFree(tx: Db, actor: Actor, section: string, exceptId?: number) {
    const [taken] = await tx
      .select({ id: systemConfigurations.id })
      .from(systemConfigurations)
      .where(
        and(
          mine(actor),
          eq(systemConfigurations.section, section),
          exceptId === undefined ? undefined : ne(systemConfigurations.id, exceptId),
        ),
      );
    if (taken) throw sectionExists();
  }

  // The check above serves tenantless sections too (NULLs do not collide in the unique index); the index
  // catches a concurrent insert for a tenant.
  async function write<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction((tx) => work(tx));
    } catch (error) {
      if (isUniqueViolation(error)) throw sectionExists();
      throw error;
    }
  }

  return {
    async get(actor: Actor, id: number): Promise<SystemConfiguration> {
      const [row] = await db
        .select()
        .from(systemConfigurations)
        .where(and(eq(systemConfigurations.id, id), mine(actor)));
      if (!row) throw notFound();
      return toSystemConfiguration(row);
    },

    async create(actor: Actor, body: SaveSystemConfiguration): Promise<SystemConfiguration> {
      checkConfigurationJson(body.JsonConfig);
      return write(async (tx) => {
        await checkSectionFree(tx, actor, body.Section);
        const [row] = await tx
          .insert(systemConfigurations)
          .values({
            tenantId: actor.tenantId,
            section: body.Section,
            jsonConfig: body.JsonConfig,
            syncWithClient: body.SyncWithClient,
            isCredential: body.IsCredential,
          })
          .returning();
        if (!row) throw new Error('system configuration insert returned nothing');
        return toSystemConfiguration(row);
      });
    },

    async update(actor: Actor, id: number, body: SaveSystemConfiguration): Promise<SystemConfiguration> {
      checkConfigurationJson(body.JsonConfig);
      return write(async (tx) => {
        const [stored] = await tx
          .select()
          .from(systemConfigurations)
          .where(and(eq(systemConfigurations.id, id), mine(actor)))
          .for('update');
        if (!stored) throw notFound();
        await checkSectionFree(tx, actor, body.Section, id);
        // The caller saw the stored section masked: its masks stand for the stored secrets.
        const jsonConfig = stored.isCredential
          ? restoreMaskedJson(body.JsonConfig, stored.jsonConfig)
          : body.JsonConfig;
        const [row] = await tx
          .update(systemConfigurations)
          .set({
            section: body.Section,
            jsonConfig,
            syncWithClient: body.SyncWithClient,
            isCredential: body.IsCredential,
          })
          .where(eq(systemConfigurations.id, id))
          .returning();
        if (!row) throw notFound();
        return toSystemConfiguration(row);
      });
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const deleted = await db
        .delete(systemConfigurations)
        .where(and(eq(systemConfigurations.id, id), mine(actor)))
        .returning({ id: systemConfigurations.id });
      if (deleted.length === 0) throw notFound();
    },
  };
}

export type SystemConfigurationService = ReturnType<typeof createSystemConfigurationService>;
