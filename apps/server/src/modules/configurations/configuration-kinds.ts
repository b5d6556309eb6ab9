import { and, eq } from 'drizzle-orm';
import type {
  SaveServiceConfiguration,
  SaveSystemConfiguration,
  ServiceConfiguration,
  SystemConfiguration,
} from '@loupe/contracts';
import { serviceConfigurations, systemConfigurations } from '../../db/schema/index.js';
import type { ConfigurationKind } from './configuration-section.service.js';
import { checkSectionJson, checkServiceSectionJson, shownJson } from './credential-json.js';

/**
 * System configuration sections of the caller's tenant (shell spec §3): one per name; a credential section is
 * never synced to the client (the body schema refuses it); the sections the console reads are checked against
 * their shape (CONFIGURATION_SECTION_RULES).
 */
export const systemConfigurationKind: ConfigurationKind<
  typeof systemConfigurations,
  SystemConfiguration,
  SaveSystemConfiguration
> = {
  table: systemConfigurations,
  name: 'system configuration',
  toItem: (row) => ({
    Id: row.id,
    Section: row.section,
    JsonConfig: shownJson(row),
    SyncWithClient: row.syncWithClient,
    IsCredential: row.isCredential,
  }),
  columns: (body) => ({
    section: body.Section,
    syncWithClient: body.SyncWithClient,
    isCredential: body.IsCredential,
  }),
  sameKey: (body) => eq(systemConfigurations.section, body.Section),
  gridFields: { SyncWithClient: { sql: systemConfigurations.syncWithClient, type: 'boolean' } },
  defaultOrder: 'Section asc, Id asc',
  // The sections the console reads must have their shape: a bad one would reach every user of the tenant.
  checkJson: (body, json) => checkSectionJson(body.Section, json),
};

/**
 * Configuration of the services the console talks to, per tenant: one section per name and config type.
 */
export const serviceConfigurationKind: ConfigurationKind<
  typeof serviceConfigurations,
  ServiceConfiguration,
  SaveServiceConfiguration
> = {
  table: serviceConfigurations,
  name: 'service configuration',
  toItem: (row) => ({
    Id: row.id,
    Section: row.section,
    JsonConfig: shownJson(row),
    IsCredential: row.isCredential,
    ServiceType: row.serviceType,
    SubServiceType: row.subServiceType,
    ConfigType: row.configType,
  }),
  columns: (body) => ({
    section: body.Section,
    isCredential: body.IsCredential,
    serviceType: body.ServiceType,
    subServiceType: body.SubServiceType,
    configType: body.ConfigType,
  }),
  sameKey: (body) =>
    and(
      eq(serviceConfigurations.section, body.Section),
      eq(serviceConfigurations.configType, body.ConfigType),
    )!,
  gridFields: {
    ServiceType: { sql: serviceConfigurations.serviceType, type: 'string' },
    SubServiceType: { sql: serviceConfigurations.subServiceType, type: 'string' },
    ConfigType: { sql: serviceConfigurations.configType, type: 'string' },
  },
  defaultOrder: 'Section asc, ConfigType asc, Id asc',
  // The sections the server reads must have their shape: a bad SmsGateway would fail every SMS of the tenant.
  checkJson: (body, json) => checkServiceSectionJson(body.Section, json),
};
