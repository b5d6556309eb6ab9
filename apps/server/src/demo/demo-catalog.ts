import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  employees,
  journeyStages,
  locations,
  products,
  questionChoices,
  questions,
  segmentGroups,
  segments,
  surveyFlows,
  surveys,
  topicModels,
  topics,
  transactionChannels,
  transactionTypes,
  users,
  weightedExperienceGroupItems,
  weightedExperienceGroups,
} from '../db/schema/index.js';
import {
  CX_INDEX_GROUP,
  DEMO_SURVEYS,
  JOURNEY_STAGES,
  PRODUCT_GROUPS,
  SEGMENT_GROUPS,
  TRANSACTION_TYPES,
  productGroupCode,
  transactionTypeCode,
  type QuestionKey,
  type SurveyKey,
  type TransactionTypeKey,
} from './catalog.data.js';
import { EMOTIONS, TOPICS, type EmotionKey, type TopicKey } from './comment-phrases.data.js';
import { demoEmotionRules, demoTopicRules } from './demo-topic-rules.js';
import { DEMO_USERS } from './demo-users.js';
import { buildWorld, turkishProvinces, type WorldBranch, type WorldProduct } from './demo-world.js';
import {
  BRANCH_REGIONS,
  COUNTRIES,
  FOREIGN_STATES,
  TR_PROVINCES,
  TR_REGIONS,
  type CountryCode,
} from './geography.data.js';
import { anyOf } from '../db/any-of.js';
import {
  activeSurveyValues,
  ensureDraftSurvey,
  ensureLibraryQuestions,
  flowPlacement,
  insertDemoQuotas,
} from './demo-survey-wizard.js';
import { DRAFT_SURVEY, type CodeId } from './survey-wizard.data.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type CatalogSurvey = {
  key: SurveyKey;
  id: number;
  flowId: number;
  share: number;
  /** Question ids in survey order, with what each one asks. */
  questions: { key: QuestionKey; id: number }[];
};

export type CatalogBranch = WorldBranch & {
  id: number;
  regionId: number;
  locationId: number;
  employeeIds: number[];
};
export type CatalogProduct = WorldProduct & { id: number };

/** The demo tenant's reference data with database ids: what the session generator draws from. */
export type DemoCatalog = {
  surveys: CatalogSurvey[];
  branches: CatalogBranch[];
  products: CatalogProduct[];
  transactionTypes: ReadonlyMap<TransactionTypeKey, number>;
  segmentGroups: { segments: { id: number; weight: number; effect: number }[] }[];
  /** Where customers of a country live: province or city location ids with a population weight. */
  homes: Readonly<Record<CountryCode, { id: number; weight: number }[]>>;
  topicModels: Record<'tr' | 'en', { id: number; topics: ReadonlyMap<TopicKey, number> }>;
  emotionModel: { id: number; emotions: ReadonlyMap<EmotionKey, number> };
};

/** The region and product the demo user `scoped` is limited to. */
const SCOPED_REGION_CODE = 'RG-04';
const SCOPED_PRODUCT_CODE = 'PR-ACC-01';

/** The demo's topic models by name (the demo reports' text-analytics widgets read the Turkish one). */
export const DEMO_TOPIC_MODEL_NAMES = {
  tr: 'Bankacılık Konuları',
  en: 'Banking Topics',
  emotions: 'Emotions',
} as const;

/**
 * Creates the demo tenant's reference data (channels, products, locations, segments, employees, surveys, topic
 * models) unless it exists, limits the `scoped` user, and returns it all with ids. Safe to call again: rows are
 * found by their integration codes or names.
 */
export async function ensureDemoCatalog(db: Db, tenantId: number): Promise<DemoCatalog> {
  const world = buildWorld();
  return db.transaction(async (tx) => {
    const locationIds = await ensureLocations(tx, tenantId);
    // Regions and branches share one code space (RG-…, BR-…).
    const channelIds = await ensureChannels(tx, tenantId, world.branches, locationIds);
    const productIds = await ensureProducts(tx, tenantId, world.products);
    const employeeIds = await ensureEmployees(tx, tenantId, world.branches, channelIds);
    const transactionTypeIds = await ensureTransactionTypes(tx, tenantId);
    const segmentIds = await ensureSegments(tx, tenantId);
    const codes = new Map([...channelIds, ...productIds, ...transactionTypeIds]);
    const catalogSurveys = await ensureSurveys(tx, tenantId, (code) => need(codes, code));
    await ensureLibraryQuestions(tx, tenantId);
    const models = await ensureTopicModels(tx, tenantId);
    await ensureCxIndex(tx, tenantId);
    await limitScopedUser(
      tx,
      tenantId,
      need(channelIds, SCOPED_REGION_CODE),
      need(productIds, SCOPED_PRODUCT_CODE),
    );

    return {
      surveys: catalogSurveys,
      branches: world.branches.map((branch) => ({
        ...branch,
        id: need(channelIds, branch.code),
        regionId: need(channelIds, branch.regionCode),
        locationId: need(locationIds, branch.locationCode),
        employeeIds: branch.employees.map((e) => need(employeeIds, e.code)),
      })),
      products: world.products.map((product) => ({ ...product, id: need(productIds, product.code) })),
      transactionTypes: new Map(
        TRANSACTION_TYPES.map((t) => [t.key, need(transactionTypeIds, transactionTypeCode(t.key))]),
      ),
      segmentGroups: SEGMENT_GROUPS.map((group) => ({
        segments: group.segments.map((s) => ({
          id: need(segmentIds, `${group.code};${s.code}`),
          weight: s.weight,
          effect: s.effect,
        })),
      })),
      homes: homesByCountry(locationIds, world.branches),
      ...models,
    };
  });
}

function need<K>(map: ReadonlyMap<K, number>, key: K): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`demo catalog: ${String(key)} is missing`);
  return id;
}

// Tree rows get their path (ids from the root to the row) once the ids exist: level 1 first, then each level
// from its parent's path.
async function fixPaths(tx: Tx, table: 'locations' | 'transaction_channels' | 'products', tenantId: number) {
  const t = sql.identifier(table);
  await tx.execute(sql`UPDATE ${t} SET path = ARRAY[id] WHERE tenant_id = ${tenantId} AND level = 1`);
  // The demo's trees are at most three levels deep.
  for (const level of [2, 3]) {
    await tx.execute(
      sql`UPDATE ${t} c SET path = p.path || c.id FROM ${t} p
          WHERE c.parent_id = p.id AND c.tenant_id = ${tenantId} AND c.level = ${level}`,
    );
  }
}

async function codeIds(
  tx: Tx,
  table:
    | typeof locations
    | typeof transactionChannels
    | typeof products
    | typeof employees
    | typeof transactionTypes,
  tenantId: number,
): Promise<Map<string, number>> {
  const rows = await tx
    .select({ id: table.id, code: table.code })
    .from(table)
    .where(eq(table.tenantId, tenantId));
  return new Map(rows.map((r) => [r.code, r.id]));
}

async function ensureLocations(tx: Tx, tenantId: number): Promise<Map<string, number>> {
  const countries = COUNTRIES.map((c) => ({
    tenantId,
    name: c.name,
    code: c.code,
    level: 1,
    path: [],
    mapCode: c.code,
  }));
  await tx.insert(locations).values(countries).onConflictDoNothing();
  let ids = await codeIds(tx, locations, tenantId);

  const regions = [
    ...TR_REGIONS.map((r) => ({ parent: 'TR', code: r.code, name: r.name, mapCode: null })),
    ...FOREIGN_STATES.map((s) => ({ parent: s.country, code: s.code, name: s.name, mapCode: s.code })),
  ];
  await tx
    .insert(locations)
    .values(
      regions.map((r) => ({
        tenantId,
        parentId: need(ids, r.parent),
        name: r.name,
        code: r.code,
        level: 2,
        path: [],
        mapCode: r.mapCode,
      })),
    )
    .onConflictDoNothing();
  ids = await codeIds(tx, locations, tenantId);

  const places = [
    ...turkishProvinces().map((p) => ({
      parent: p.regionCode,
      code: p.code,
      name: TR_PROVINCES[p.plate] ?? p.code,
      mapCode: p.code,
    })),
    ...FOREIGN_STATES.flatMap((s) =>
      s.cities.map((c) => ({ parent: s.code, code: `${s.code}-${c.code}`, name: c.name, mapCode: s.code })),
    ),
  ];
  await tx
    .insert(locations)
    .values(
      places.map((p) => ({
        tenantId,
        parentId: need(ids, p.parent),
        name: p.name,
        code: p.code,
        level: 3,
        path: [],
        mapCode: p.mapCode,
      })),
    )
    .onConflictDoNothing();
  await fixPaths(tx, 'locations', tenantId);
  return codeIds(tx, locations, tenantId);
}

async function ensureChannels(
  tx: Tx,
  tenantId: number,
  branches: readonly WorldBranch[],
  locationIds: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  await tx
    .insert(transactionChannels)
    .values(BRANCH_REGIONS.map((r) => ({ tenantId, name: r.name, code: r.code, level: 1, path: [] })))
    .onConflictDoNothing();
  const regionIds = await codeIds(tx, transactionChannels, tenantId);
  await tx
    .insert(transactionChannels)
    .values(
      branches.map((b) => ({
        tenantId,
        parentId: need(regionIds, b.regionCode),
        name: b.name,
        code: b.code,
        level: 2,
        path: [],
        locationId: need(locationIds, b.locationCode),
      })),
    )
    .onConflictDoNothing();
  await fixPaths(tx, 'transaction_channels', tenantId);
  return codeIds(tx, transactionChannels, tenantId);
}

async function ensureProducts(
  tx: Tx,
  tenantId: number,
  leaves: readonly WorldProduct[],
): Promise<Map<string, number>> {
  await tx
    .insert(products)
    .values(
      PRODUCT_GROUPS.map((g) => ({
        tenantId,
        name: g.name,
        code: productGroupCode(g.key),
        level: 1,
        path: [],
      })),
    )
    .onConflictDoNothing();
  const groupIds = await codeIds(tx, products, tenantId);
  await tx
    .insert(products)
    .values(
      leaves.map((p) => ({
        tenantId,
        parentId: need(groupIds, productGroupCode(p.group)),
        name: p.name,
        code: p.code,
        level: 2,
        path: [],
      })),
    )
    .onConflictDoNothing();
  await fixPaths(tx, 'products', tenantId);
  return codeIds(tx, products, tenantId);
}

async function ensureEmployees(
  tx: Tx,
  tenantId: number,
  branches: readonly WorldBranch[],
  branchIds: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const rows = branches.flatMap((b) =>
    b.employees.map((e) => ({
      tenantId,
      fullName: e.fullName,
      email: e.email,
      code: e.code,
      channelId: need(branchIds, b.code),
    })),
  );
  // Batches keep each statement well under PostgreSQL's 65,535 bind parameters.
  for (let i = 0; i < rows.length; i += 1000) {
    await tx
      .insert(employees)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
  return codeIds(tx, employees, tenantId);
}

async function ensureTransactionTypes(tx: Tx, tenantId: number): Promise<Map<string, number>> {
  await tx
    .insert(transactionTypes)
    .values(TRANSACTION_TYPES.map((t) => ({ tenantId, name: t.name, code: transactionTypeCode(t.key) })))
    .onConflictDoNothing();
  return codeIds(tx, transactionTypes, tenantId);
}

/** Segment ids keyed 'GROUPCODE;CODE', as the REST data API names them. */
async function ensureSegments(tx: Tx, tenantId: number): Promise<Map<string, number>> {
  await tx
    .insert(segmentGroups)
    .values(SEGMENT_GROUPS.map((g) => ({ tenantId, name: g.name, code: g.code })))
    .onConflictDoNothing();
  const groups = await tx
    .select({ id: segmentGroups.id, code: segmentGroups.code })
    .from(segmentGroups)
    .where(eq(segmentGroups.tenantId, tenantId));
  const groupIds = new Map(groups.map((g) => [g.code, g.id]));
  await tx
    .insert(segments)
    .values(
      SEGMENT_GROUPS.flatMap((g) =>
        g.segments.map((s) => ({ tenantId, groupId: need(groupIds, g.code), name: s.name, code: s.code })),
      ),
    )
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: segments.id, code: segments.code, groupCode: segmentGroups.code })
    .from(segments)
    .innerJoin(segmentGroups, eq(segments.groupId, segmentGroups.id))
    .where(eq(segments.tenantId, tenantId));
  return new Map(rows.map((r) => [`${r.groupCode};${r.code}`, r.id]));
}

/**
 * The three answered surveys with their wizard data (survey-wizard.data.ts) and the draft fourth one. `codeId`
 * names the regions, product groups and transaction types their audience and quota conditions select.
 */
async function ensureSurveys(tx: Tx, tenantId: number, codeId: CodeId): Promise<CatalogSurvey[]> {
  await tx
    .insert(journeyStages)
    .values(JOURNEY_STAGES.map((name, index) => ({ tenantId, name, order: index + 1 })))
    .onConflictDoNothing();
  const stages = await tx
    .select({ id: journeyStages.id, name: journeyStages.name })
    .from(journeyStages)
    .where(eq(journeyStages.tenantId, tenantId));
  const stageIds = new Map(stages.map((s) => [s.name, s.id]));

  const result: CatalogSurvey[] = [];
  for (const definition of DEMO_SURVEYS) {
    const [existing] = await tx
      .select({ id: surveys.id })
      .from(surveys)
      .where(and(eq(surveys.tenantId, tenantId), eq(surveys.integrationCode, definition.code)));
    let surveyId = existing?.id;
    const isNew = surveyId === undefined;
    if (surveyId === undefined) {
      const [created] = await tx
        .insert(surveys)
        .values({
          tenantId,
          title: definition.title,
          type: 1,
          integrationCode: definition.code,
          journeyStageId: need(stageIds, definition.journeyStage),
          ...activeSurveyValues(definition.key, codeId),
        })
        .returning({ id: surveys.id });
      if (!created) throw new Error('survey insert returned nothing');
      surveyId = created.id;
      await tx.insert(surveyFlows).values({ tenantId, surveyId, name: 'Main flow' });
    }
    const [flow] = await tx
      .select({ id: surveyFlows.id })
      .from(surveyFlows)
      .where(eq(surveyFlows.surveyId, surveyId));
    if (!flow) throw new Error(`demo survey ${definition.code} has no flow`);

    await tx
      .insert(questions)
      .values(
        definition.questions.map((q, position) => ({
          tenantId,
          surveyId,
          flowId: flow.id,
          text: q.text,
          type: q.scale === null ? 'OETX' : 'MCSS',
          experienceId: q.experienceId,
          scale: q.scale,
          integrationCode: q.code,
          position,
          required: q.key === 'nps',
          ...flowPlacement(definition.key, q.key),
        })),
      )
      .onConflictDoNothing();
    const codes = definition.questions.map((q) => q.code);
    const rows = await tx
      .select({ id: questions.id, code: questions.integrationCode })
      .from(questions)
      .where(and(eq(questions.tenantId, tenantId), anyOf(questions.integrationCode, codes)));
    const questionIds = new Map(rows.map((r) => [r.code ?? '', r.id]));

    const choiceRows = definition.questions.flatMap((q) => {
      const questionId = need(questionIds, q.code);
      if (q.scale === 11) {
        return Array.from({ length: 11 }, (_, value) => ({
          tenantId,
          questionId,
          label: String(value),
          value,
          position: value,
        }));
      }
      return (q.choices ?? []).map((label, index) => ({
        tenantId,
        questionId,
        label,
        value: index + 1,
        position: index,
      }));
    });
    await tx.insert(questionChoices).values(choiceRows).onConflictDoNothing();
    const keyIds = new Map(definition.questions.map((q) => [q.key, need(questionIds, q.code)]));
    if (isNew) await insertDemoQuotas(tx, tenantId, surveyId, definition.key, keyIds, codeId);

    result.push({
      key: definition.key,
      id: surveyId,
      flowId: flow.id,
      share: definition.share,
      questions: definition.questions.map((q) => ({ key: q.key, id: need(questionIds, q.code) })),
    });
  }
  await ensureDraftSurvey(tx, tenantId, need(stageIds, DRAFT_SURVEY.journeyStage));
  return result;
}

async function ensureTopicModels(
  tx: Tx,
  tenantId: number,
): Promise<Pick<DemoCatalog, 'topicModels' | 'emotionModel'>> {
  type Rules = { positiveSeedWords: string[]; positiveExactMatches: string[] };
  type Entry = { key: string; name: string; parent?: string; rules: Rules };
  const create = async (name: string, language: string, isEmotionModel: boolean, entries: Entry[]) => {
    const [created] = await tx
      .insert(topicModels)
      .values({ tenantId, name, language, isEmotionModel })
      .returning({ id: topicModels.id });
    if (!created) throw new Error('topic model insert returned nothing');
    const modelId = created.id;
    // Main topics first, in one statement, so the sub-topics can name their parent.
    const mains = await tx
      .insert(topics)
      .values(entries.filter((e) => !e.parent).map((e) => ({ tenantId, modelId, name: e.name, ...e.rules })))
      .returning({ id: topics.id, name: topics.name });
    const mainIds = new Map(mains.map((m) => [m.name, m.id]));
    const keyNames = new Map(entries.map((e) => [e.key, e.name]));
    const subs = entries.filter((e) => e.parent);
    if (subs.length > 0) {
      await tx.insert(topics).values(
        subs.map((e) => ({
          tenantId,
          modelId,
          name: e.name,
          parentId: need(mainIds, keyNames.get(e.parent ?? '')),
          ...e.rules,
        })),
      );
    }
    return modelId;
  };
  const model = async (name: string, language: string, isEmotionModel: boolean, entries: Entry[]) => {
    const [existing] = await tx
      .select({ id: topicModels.id })
      .from(topicModels)
      .where(and(eq(topicModels.tenantId, tenantId), eq(topicModels.name, name)));
    const modelId = existing?.id ?? (await create(name, language, isEmotionModel, entries));
    const rows = await tx
      .select({ id: topics.id, name: topics.name })
      .from(topics)
      .where(eq(topics.modelId, modelId));
    const byName = new Map(rows.map((r) => [r.name, r.id]));
    // A demo loaded before the models had rules gets them; rules someone has written are left alone.
    for (const e of entries) {
      await tx
        .update(topics)
        .set(e.rules)
        .where(
          and(
            eq(topics.id, need(byName, e.name)),
            sql`cardinality(${topics.positiveSeedWords}) = 0 and cardinality(${topics.positiveExactMatches}) = 0`,
          ),
        );
    }
    return { id: modelId, ids: new Map(entries.map((e) => [e.key, need(byName, e.name)])) };
  };

  const topicEntries = (language: 'tr' | 'en') =>
    TOPICS.map((t) => ({
      key: t.key,
      name: t[language],
      rules: demoTopicRules(t.key, language),
      ...(t.parent ? { parent: t.parent } : {}),
    }));
  const tr = await model(DEMO_TOPIC_MODEL_NAMES.tr, 'tr', false, topicEntries('tr'));
  const en = await model(DEMO_TOPIC_MODEL_NAMES.en, 'en', false, topicEntries('en'));
  const emotions = await model(
    DEMO_TOPIC_MODEL_NAMES.emotions,
    'en',
    true,
    EMOTIONS.map((e) => ({ key: e.key, name: e.name, rules: demoEmotionRules(e.key) })),
  );
  return {
    topicModels: {
      tr: { id: tr.id, topics: tr.ids as Map<TopicKey, number> },
      en: { id: en.id, topics: en.ids as Map<TopicKey, number> },
    },
    emotionModel: { id: emotions.id, emotions: emotions.ids as Map<EmotionKey, number> },
  };
}

async function ensureCxIndex(tx: Tx, tenantId: number): Promise<void> {
  const [group] = await tx
    .insert(weightedExperienceGroups)
    .values({ tenantId, name: CX_INDEX_GROUP.name })
    .onConflictDoNothing()
    .returning({ id: weightedExperienceGroups.id });
  if (!group) return;
  await tx
    .insert(weightedExperienceGroupItems)
    .values(CX_INDEX_GROUP.items.map((item) => ({ tenantId, groupId: group.id, ...item })));
}

async function limitScopedUser(tx: Tx, tenantId: number, regionId: number, productId: number): Promise<void> {
  const scoped = DEMO_USERS.filter((u) => u.scoped).map((u) => u.userName);
  if (scoped.length === 0) return;
  // Only a user nobody has restricted yet: an administrator's later choice stays.
  await tx
    .update(users)
    .set({ transactionChannelIds: [regionId], productIds: [productId] })
    .where(
      and(
        eq(users.tenantId, tenantId),
        anyOf(users.userName, scoped),
        sql`cardinality(${users.transactionChannelIds}) = 0 AND cardinality(${users.productIds}) = 0`,
      ),
    );
}

/** Customers mostly live where their branch is; the rest are spread over the country by population. */
function homesByCountry(
  locationIds: ReadonlyMap<string, number>,
  branches: readonly WorldBranch[],
): Record<CountryCode, { id: number; weight: number }[]> {
  const weights = new Map<string, number>();
  for (const b of branches) weights.set(b.locationCode, (weights.get(b.locationCode) ?? 0) + b.weight);
  const homes: Record<CountryCode, { id: number; weight: number }[]> = { TR: [], IN: [], US: [] };
  for (const [code, id] of locationIds) {
    const country = code.slice(0, 2) as CountryCode;
    const isPlace = country === 'TR' ? /^TR-\d\d$/.test(code) : code.split('-').length === 3;
    // Provinces without a branch still have some customers, so the whole map has data.
    if (isPlace) homes[country].push({ id, weight: 0.3 + (weights.get(code) ?? 0) });
  }
  return homes;
}
