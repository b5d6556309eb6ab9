import { isUniqueViolation } from '../../db/pg-errors.js';
import { and, eq, ne } from 'drizzle-orm';
import type { SaveServiceConfiguration, ServiceConfiguration } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { serviceConfigurations } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { ownedBy, sectionExists } from './configuration-scope.js';
import { checkConfigurationJson, maskCredentialJson, restoreMaskedJson } from './credential-json.js';

type Row = typeof serviceConfigurations.$inferSelect;

/** A row as callers see it: a credential section's strings masked. */
export function toServiceConfiguration(row: Row): ServiceConfiguration {
  return {
    Id: row.id,
    Section: row.section,
    JsonConfig: row.isCredential ? maskCredentialJson(row.jsonConfig) : row.jsonConfig,
    IsCredential: row.isCredential,
    ServiceType: row.serviceType,
    SubServiceType: row.subServiceType,
    ConfigType: row.configType,
  };
}

/**
 * Configuration of the services the console talks to, per tenant, one per section and config type. The JSON
 * rule answers 17001, a second (section, config type) 17002.
 */
export function createServiceConfigurationService({ db }: { db: Db }) {
  const mine = (actor: Actor) => ownedBy(serviceConfigurations.tenantId, actor.tenantId);

  async function checkKeyFree(tx: Db, actor: Actor, body: SaveServiceConfiguration, exceptId?: number) {
    const [taken] = await tx
      .select({ id: serviceConfigurations.id })
      .from(serviceConfigurations)
      .where(
        and(
          mine(actor),
          eq(serviceConfigurations.section, body.Section),
          eq(serviceConfigurations.configType, body.ConfigType),
          exceptId === undefined ? undefined : ne(serviceConfigurations.id, exceptId),
        ),
      );
    if (taken) throw sectionExists();
  }

  async function write<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction((tx) => work(tx));
    } catch (error) {
      if (isUniqueViolation(error)) throw sectionExists();
      throw error;
    }
  }

  const columns = (body: SaveServiceConfiguration) => ({
    section: body.Section,
    isCredential: body.IsCredential,
    serviceType: body.ServiceType,
    subServiceType: body.SubServiceType,
    configType: body.ConfigType,
  });

  return {
    async get(actor: Actor, id: number): Promise<ServiceConfiguration> {
      const [row] = await db
        .select()
        .from(serviceConfigurations)
        .where(and(eq(serviceConfigurations.id, id), mine(actor)));
      if (!row) throw notFound();
      return toServiceConfiguration(row);
    },

    async create(actor: Actor, body: SaveServiceConfiguration): Promise<ServiceConfiguration> {
      checkConfigurationJson(body.JsonConfig);
      return write(async (tx) => {
        await checkKeyFree(tx, actor, body);
        const [row] = await tx
          .insert(serviceConfigurations)
          .values({ tenantId: actor.tenantId, jsonConfig: body.JsonConfig, ...columns(body) })
          .returning();
        if (!row) throw new Error('service configuration insert returned nothing');
        return toServiceConfiguration(row);
      });
    },

    async update(actor: Actor, id: number, body: SaveServiceConfiguration): Promise<ServiceConfiguration> {
      checkConfigurationJson(body.JsonConfig);
      return write(async (tx) => {
        const [stored] = await tx
          .select()
          .from(serviceConfigurations)
          .where(and(eq(serviceConfigurations.id, id), mine(actor)))
          .for('update');
        if (!stored) throw notFound();
        await checkKeyFree(tx, actor, body, id);
        // The caller saw the stored section masked: its masks stand for the stored secrets.
        const jsonConfig = stored.isCredential
          ? restoreMaskedJson(body.JsonConfig, stored.jsonConfig)
          : body.JsonConfig;
        const [row] = await tx
          .update(serviceConfigurations)
          .set({ jsonConfig, ...columns(body) })
          .where(eq(serviceConfigurations.id, id))
          .returning();
        if (!row) throw notFound();
        return toServiceConfiguration(row);
      });
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const deleted = await db
        .delete(serviceConfigurations)
        .where(and(eq(serviceConfigurations.id, id), mine(actor)))
        .returning({ id: serviceConfigurations.id });
      if (deleted.length === 0) throw notFound();
    },
  };
}

export type ServiceConfigurationService = ReturnType<typeof createServiceConfigurationService>;
