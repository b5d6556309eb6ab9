import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ErrorCode,
  VALIDATION_MESSAGES,
  INTEGRATION_ACTION_BEHAVIOURS,
  INTEGRATION_CONFIGURATION_KINDS,
  INTEGRATION_KIND_FIELDS,
  type IntegrationBehaviourType,
  type IntegrationConfigurationType,
  type IntegrationSource,
  type IntegrationSourceKind,
  type integrationSourceSaveSchema,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import { isNameTaken } from '../../core/queries.js';
import type { RecordService } from '../../core/record-routes.js';
import { fieldRefusal, fieldTaken, found } from '../../core/refusals.js';
import type { SecretBox } from '../../core/secret-box.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { refusingConflicts } from '../../db/refusing-conflicts.js';
import { alertRules, integrationSources, integrationWorkflows } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../errors.js';

/*
 * Integration sources (docs/integrations.md): the records of `/api/integration-sources`, tenant-confined. Secrets
 * are sealed before they are stored and never answered; Zapier and Teams URLs are sealed too (they carry their
 * credential) and answered masked.
 */

type SaveBody = z.output<typeof integrationSourceSaveSchema>;

const s = integrationSources;
const LIST_MAX = 1000;

const sourceSelection = {
  id: s.id,
  name: s.name,
  behaviourType: s.behaviourType,
  kind: s.kind,
  configurationType: s.configurationType,
  url: s.url,
  urlSealed: s.urlSealed,
  secretSealed: s.secretSealed,
  channel: s.channel,
  email: s.email,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
  // Qualified by hand: drizzle renders a single-table select's column as a bare "id", which inside the subquery
  // would be the workflow's own id.
  workflowCount: sql<number>`(SELECT count(*) FROM integration_workflows w WHERE w.source_id = integration_sources.id)::integer`,
};

type SourceRow = {
  id: number;
  name: string;
  behaviourType: string;
  kind: string;
  configurationType: number | null;
  url: string | null;
  urlSealed: string | null;
  secretSealed: string | null;
  channel: string | null;
  email: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  workflowCount: number;
};

const isoOf = (value: Date | string) => new Date(value).toISOString();

/** A sealed URL as responses show it: its origin and "/…". */
function maskedUrl(box: SecretBox, sealed: string): string | null {
  try {
    return `${new URL(box.open(sealed)).origin}/…`;
  } catch {
    return null;
  }
}

function sourceOf(box: SecretBox, row: SourceRow): IntegrationSource {
  return {
    Id: Number(row.id),
    Name: row.name,
    BehaviourType: row.behaviourType as IntegrationBehaviourType,
    Kind: row.kind as IntegrationSourceKind,
    Type: row.kind === 'webhook' ? 'webhook' : null,
    ConfigurationType: row.configurationType === null ? null : Number(row.configurationType),
    Url: row.url ?? (row.urlSealed ? maskedUrl(box, row.urlSealed) : null),
    Channel: row.channel,
    Email: row.email,
    HasSecret: row.secretSealed !== null,
    WorkflowCount: Number(row.workflowCount),
    CreatedAt: isoOf(row.createdAt),
    UpdatedAt: isoOf(row.updatedAt),
  };
}

/** The kind a body names: exactly one of Type "webhook" and ConfigurationType (19202 otherwise). */
function kindOf(body: SaveBody): { kind: IntegrationSourceKind; configurationType: number | null } {
  if ((body.Type === null) === (body.ConfigurationType === null))
    throw fieldRefusal(
      ErrorCode.IntegrationSourceConfigurationMissing,
      'body/ConfigurationType',
      VALIDATION_MESSAGES.required,
    );
  if (body.Type === 'webhook') return { kind: 'webhook', configurationType: null };
  const type = body.ConfigurationType as IntegrationConfigurationType;
  return { kind: INTEGRATION_CONFIGURATION_KINDS[type], configurationType: type };
}

/** A stored source of the caller's tenant with its secrets, for the sender and the checks. */
export type StoredSource = {
  id: number;
  tenantId: number;
  name: string;
  behaviourType: string;
  kind: IntegrationSourceKind;
  url: string | null;
  urlSealed: string | null;
  secretSealed: string | null;
  channel: string | null;
  email: string | null;
};

export async function storedSource(
  db: Executor,
  tenantId: number,
  id: number,
): Promise<StoredSource | undefined> {
  const [row] = await db
    .select({
      id: s.id,
      tenantId: s.tenantId,
      name: s.name,
      behaviourType: s.behaviourType,
      kind: s.kind,
      url: s.url,
      urlSealed: s.urlSealed,
      secretSealed: s.secretSealed,
      channel: s.channel,
      email: s.email,
    })
    .from(s)
    .where(and(eq(s.tenantId, tenantId), eq(s.id, id)));
  return row ? { ...row, kind: row.kind as IntegrationSourceKind } : undefined;
}

/** The columns a body writes; `previous` keeps the stored secrets an update omits. */
function columnsOf(box: SecretBox, body: SaveBody, previous: StoredSource | undefined) {
  const { kind, configurationType } = kindOf(body);
  const fields = INTEGRATION_KIND_FIELDS[kind];
  const takes = (field: string) => fields.find((entry) => entry.Field === field);
  const sameKind = previous?.kind === kind;
  const urlField = takes('Url');
  const secretField = takes('Secret');
  let url: string | null = null;
  let urlSealed: string | null = null;
  if (urlField) {
    if (urlField.Secret) urlSealed = body.Url ? box.seal(body.Url) : sameKind ? previous.urlSealed : null;
    else url = body.Url;
  }
  const secretSealed = secretField
    ? body.Secret
      ? box.seal(body.Secret)
      : sameKind
        ? previous.secretSealed
        : null
    : null;
  const channel = takes('Channel') ? body.Channel : null;
  const email = takes('Email') ? body.Email : null;
  const present: Record<string, boolean> = {
    Url: url !== null || urlSealed !== null,
    Secret: secretSealed !== null,
    Channel: channel !== null,
    Email: email !== null,
  };
  for (const field of fields)
    if (field.Required && !present[field.Field])
      throw fieldRefusal(
        ErrorCode.IntegrationSourceConfigurationMissing,
        `body/${field.Field}`,
        VALIDATION_MESSAGES.required,
      );
  return {
    name: body.Name.trim(),
    behaviourType: body.BehaviourType,
    kind,
    configurationType,
    url,
    urlSealed,
    secretSealed,
    channel,
    email,
  };
}

const nameTaken = () => fieldTaken(ErrorCode.IntegrationSourceNameExists, 'body/Name');

export function createIntegrationSourceService({ db, box }: { db: Db; box: SecretBox }): RecordService<
  number,
  SaveBody,
  IntegrationSource
> & {
  list(actor: Actor): Promise<IntegrationSource[]>;
  forWorkflow(actor: Actor): Promise<
    {
      Id: number;
      Name: string;
      Kind: IntegrationSourceKind;
      ConfigurationType: number | null;
      BehaviourType: IntegrationBehaviourType;
    }[]
  >;
} {
  async function get(executor: Executor, actor: Actor, id: number): Promise<IntegrationSource> {
    const [row] = await executor
      .select(sourceSelection)
      .from(s)
      .where(and(eq(s.tenantId, requireTenant(actor)), eq(s.id, id)));
    return sourceOf(box, found(row as SourceRow | undefined));
  }

  return {
    get: (actor, id) => get(db, actor, id),

    async list(actor) {
      const rows = await db
        .select(sourceSelection)
        .from(s)
        .where(eq(s.tenantId, requireTenant(actor)))
        .orderBy(asc(sql`lower(${s.name})`), asc(s.id))
        .limit(LIST_MAX);
      return rows.map((row) => sourceOf(box, row as SourceRow));
    },

    async forWorkflow(actor) {
      const rows = await db
        .select({
          id: s.id,
          name: s.name,
          kind: s.kind,
          configurationType: s.configurationType,
          behaviourType: s.behaviourType,
        })
        .from(s)
        .where(
          and(
            eq(s.tenantId, requireTenant(actor)),
            inArray(s.behaviourType, [...INTEGRATION_ACTION_BEHAVIOURS]),
          ),
        )
        .orderBy(asc(sql`lower(${s.name})`), asc(s.id))
        .limit(LIST_MAX);
      return rows.map((row) => ({
        Id: Number(row.id),
        Name: row.name,
        Kind: row.kind as IntegrationSourceKind,
        ConfigurationType: row.configurationType === null ? null : Number(row.configurationType),
        BehaviourType: row.behaviourType as IntegrationBehaviourType,
      }));
    },

    async create(actor, body) {
      const tenantId = requireTenant(actor);
      const columns = columnsOf(box, body, undefined);
      if (await isNameTaken(db, s, columns.name, eq(s.tenantId, tenantId))) throw nameTaken();
      const [row] = await refusingConflicts(
        () =>
          db
            .insert(s)
            .values({ tenantId, ...columns })
            .returning({ id: s.id }),
        { onDuplicate: nameTaken },
      );
      return get(db, actor, row!.id);
    },

    async update(actor, id, body) {
      const tenantId = requireTenant(actor);
      return refusingConflicts(
        () =>
          db.transaction(async (tx) => {
            const previous = found(await storedSource(tx, tenantId, id));
            const columns = columnsOf(box, body, previous);
            if (await isNameTaken(tx, s, columns.name, eq(s.tenantId, tenantId), id)) throw nameTaken();
            if (columns.kind !== previous.kind && (await workflowCountOf(tx, id)) > 0)
              throw badRequest(ErrorCode.IntegrationSourceKindInUse);
            if (
              !INTEGRATION_ACTION_BEHAVIOURS.includes(columns.behaviourType) &&
              (await workflowCountOf(tx, id)) > 0
            )
              throw badRequest(ErrorCode.IntegrationSourceNotAction);
            await tx
              .update(s)
              .set({ ...columns, updatedAt: new Date() })
              .where(and(eq(s.tenantId, tenantId), eq(s.id, id)));
            return get(tx, actor, id);
          }),
        { onDuplicate: nameTaken },
      );
    },

    async remove(actor, id) {
      const tenantId = requireTenant(actor);
      await refusingConflicts(
        () =>
          db.transaction(async (tx) => {
            found(await storedSource(tx, tenantId, id));
            if ((await workflowCountOf(tx, id)) > 0 || (await alertRuleUses(tx, tenantId, id)))
              throw conflict(ErrorCode.IntegrationSourceInUse);
            await tx.delete(s).where(and(eq(s.tenantId, tenantId), eq(s.id, id)));
          }),
        { onInUse: () => conflict(ErrorCode.IntegrationSourceInUse) },
      );
    },
  };
}

async function workflowCountOf(db: Executor, sourceId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(integrationWorkflows)
    .where(eq(integrationWorkflows.sourceId, sourceId));
  return Number(row?.n ?? 0);
}

/** Whether one of the tenant's alert rules calls the source in its actions. */
async function alertRuleUses(db: Executor, tenantId: number, sourceId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: alertRules.id })
    .from(alertRules)
    .where(
      and(
        eq(alertRules.tenantId, tenantId),
        sql`EXISTS (SELECT 1 FROM jsonb_array_elements(${alertRules.actions}) a
          WHERE a->>'Action' = 'integration' AND (a->>'IntegrationId')::integer = ${sourceId}::integer)`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
