import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenants, users } from './identity.js';

// Reference data of a tenant's CX programme: what is measured, where and for what. Trees (channels,
// products, locations) keep `path`, the ids from the root down to the node itself, so that "this node and
// everything below it" is one array test and ancestor ids per level need no recursive query.

export const experienceGroups = pgTable('experience_groups', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').references(() => tenants.id),
  name: text('name').notNull(),
});

/**
 * What a question measures. Measurement types: 0 NPS, 1 custom metric, 2 average score, 3 other.
 * The system experiences (ids 101, 102, 201, 601, 1601, 1602, 1610) have no tenant and cannot be removed;
 * tenants' own experiences get ids from 10000 up.
 */
export const experiences = pgTable(
  'experiences',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').references(() => tenants.id),
    name: text('name').notNull(),
    groupId: integer('group_id').references(() => experienceGroups.id),
    measurementType: smallint('measurement_type').notNull(),
    isPreserved: boolean('is_preserved').notNull().default(false),
  },
  (t) => [uniqueIndex('experiences_tenant_name_key').on(sql`coalesce(${t.tenantId}, 0)`, t.name)],
);

export const weightedExperienceGroups = pgTable(
  'weighted_experience_groups',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('weighted_experience_groups_key').on(t.tenantId, t.name)],
);

export const weightedExperienceGroupItems = pgTable(
  'weighted_experience_group_items',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    groupId: integer('group_id')
      .notNull()
      .references(() => weightedExperienceGroups.id, { onDelete: 'cascade' }),
    experienceId: integer('experience_id')
      .notNull()
      .references(() => experiences.id),
    weight: doublePrecision('weight').notNull(),
  },
  (t) => [index('weighted_items_group_idx').on(t.groupId)],
);

export const journeyStages = pgTable(
  'journey_stages',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    order: integer('order').notNull().default(0),
  },
  (t) => [uniqueIndex('journey_stages_key').on(t.tenantId, t.name)],
);

/** Country (level 1) > region or state (2) > city (3). `mapCode` matches the map geometry (TR-34, IN-MH, US-CA). */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    code: text('code').notNull(),
    level: smallint('level').notNull(),
    path: integer('path').array().notNull(),
    mapCode: text('map_code'),
  },
  (t) => [
    uniqueIndex('locations_code_key').on(t.tenantId, t.code),
    index('locations_parent_idx').on(t.parentId),
  ],
);

/** Transaction channels: a tree of up to 10 levels (e.g. bank > region > branch). */
export const transactionChannels = pgTable(
  'transaction_channels',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    /** Integration code systems use to name the channel (REST data API). */
    code: text('code').notNull(),
    level: smallint('level').notNull(),
    path: integer('path').array().notNull(),
    /** Where the branch is; filters by ChannelLocationSet. */
    locationId: integer('location_id').references(() => locations.id),
    /**
     * The branch manager: a user of the tenant whom an alert rule's action may mail (docs/alerts.md).
     */
    managerUserId: integer('manager_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('transaction_channels_code_key').on(t.tenantId, t.code),
    index('transaction_channels_parent_idx').on(t.parentId),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    code: text('code').notNull(),
    level: smallint('level').notNull(),
    path: integer('path').array().notNull(),
  },
  (t) => [
    uniqueIndex('products_code_key').on(t.tenantId, t.code),
    index('products_parent_idx').on(t.parentId),
  ],
);

export const transactionTypes = pgTable(
  'transaction_types',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
  },
  (t) => [uniqueIndex('transaction_types_code_key').on(t.tenantId, t.code)],
);

export const segmentGroups = pgTable(
  'segment_groups',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
  },
  (t) => [uniqueIndex('segment_groups_code_key').on(t.tenantId, t.code)],
);

/** A segment is addressed as 'groupId;id' in filters and as 'GROUPCODE;CODE' by the REST data API. */
export const segments = pgTable(
  'segments',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    groupId: integer('group_id')
      .notNull()
      .references(() => segmentGroups.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
  },
  (t) => [uniqueIndex('segments_code_key').on(t.tenantId, t.groupId, t.code)],
);

export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    fullName: text('full_name').notNull(),
    email: text('email'),
    code: text('code').notNull(),
    channelId: integer('channel_id').references(() => transactionChannels.id),
  },
  (t) => [
    uniqueIndex('employees_code_key').on(t.tenantId, t.code),
    index('employees_channel_idx').on(t.channelId),
  ],
);
