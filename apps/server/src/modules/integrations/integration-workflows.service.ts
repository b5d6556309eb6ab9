import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ErrorCode,
  INTEGRATION_ACTION_BEHAVIOURS,
  INTEGRATION_ACTION_DEFINITIONS,
  INTEGRATION_COMMON_EVENT_FIELDS,
  INTEGRATION_EVENT_FIELDS,
  VALIDATION_MESSAGES,
  type IntegrationAction,
  type IntegrationBehaviourType,
  type IntegrationEvent,
  type IntegrationMapping,
  type IntegrationWorkflow,
  type integrationWorkflowSaveSchema,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import { isNameTaken } from '../../core/queries.js';
import type { RecordService } from '../../core/record-routes.js';
import { fieldRefusal, fieldTaken, found, invalidField } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { refusingConflicts } from '../../db/refusing-conflicts.js';
import { integrationSources, integrationWorkflows } from '../../db/schema/index.js';
import { storedSource } from './integration-sources.service.js';

/*
 * Integration workflows (docs/integrations.md): the records of `/api/integration-workflows`, tenant-confined. The
 * mapping is checked against the event's fields and the action's (surveys spec §5 "Integration mapping").
 */

type SaveBody = z.output<typeof integrationWorkflowSaveSchema>;

const w = integrationWorkflows;
const LIST_MAX = 1000;

const selection = {
  id: w.id,
  name: w.name,
  order: w.order,
  isActive: w.isActive,
  sourceId: w.sourceId,
  sourceName: integrationSources.name,
  event: w.event,
  action: w.action,
  mapping: w.mapping,
  createdAt: w.createdAt,
  updatedAt: w.updatedAt,
};

type Row = {
  id: number;
  name: string;
  order: number;
  isActive: boolean;
  sourceId: number;
  sourceName: string;
  event: string;
  action: string;
  mapping: unknown;
  createdAt: Date | string;
  updatedAt: Date | string;
};

const isoOf = (value: Date | string) => new Date(value).toISOString();

function workflowOf(row: Row): IntegrationWorkflow {
  return {
    Id: Number(row.id),
    Name: row.name,
    Order: Number(row.order),
    IsActive: row.isActive,
    SourceId: Number(row.sourceId),
    SourceName: row.sourceName,
    Event: row.event as IntegrationEvent,
    Action: row.action as IntegrationAction,
    Mapping: (row.mapping as IntegrationMapping[]).map((entry) => ({
      ActionField: entry.ActionField,
      EventField: entry.EventField ?? null,
      Constant: entry.Constant ?? null,
    })),
    CreatedAt: isoOf(row.createdAt),
    UpdatedAt: isoOf(row.updatedAt),
  };
}

/** Every field an event's data carries (its own and the common ones). */
const eventFieldsOf = (event: IntegrationEvent): readonly string[] => [
  ...INTEGRATION_EVENT_FIELDS[event],
  ...INTEGRATION_COMMON_EVENT_FIELDS,
];

/** Refuses a mapping that does not suit the event and action (19207–19211), naming the row's field. */
function checkMapping(
  event: IntegrationEvent,
  action: IntegrationAction,
  mapping: IntegrationMapping[],
): void {
  const definition = INTEGRATION_ACTION_DEFINITIONS[action];
  const eventFields = eventFieldsOf(event);
  const seen = new Set<string>();
  mapping.forEach((entry, index) => {
    const path = `body/Mapping/${index}`;
    if (entry.EventField === null && entry.Constant === null)
      throw fieldRefusal(
        ErrorCode.IntegrationMappingValueMissing,
        `${path}/EventField`,
        VALIDATION_MESSAGES.required,
      );
    if (entry.EventField !== null && !eventFields.includes(entry.EventField))
      throw fieldRefusal(ErrorCode.IntegrationMappingEventFieldUnknown, `${path}/EventField`, 'invalid');
    if (!definition.AnyField && !definition.Fields.some((field) => field.Field === entry.ActionField))
      throw fieldRefusal(ErrorCode.IntegrationMappingActionFieldUnknown, `${path}/ActionField`, 'invalid');
    if (definition.AnyField && !/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(entry.ActionField))
      throw fieldRefusal(ErrorCode.IntegrationMappingActionFieldUnknown, `${path}/ActionField`, 'invalid');
    if (seen.has(entry.ActionField))
      throw fieldRefusal(ErrorCode.IntegrationMappingDuplicateField, `${path}/ActionField`, 'exists');
    seen.add(entry.ActionField);
  });
  const missing = definition.Fields.find((field) => field.Required && !seen.has(field.Field));
  if (missing)
    throw fieldRefusal(
      ErrorCode.IntegrationMappingRequiredFieldMissing,
      'body/Mapping',
      VALIDATION_MESSAGES.required,
    );
}

/** The source must be the tenant's (3333), run actions (19205) and be of a kind the action runs on (19206). */
async function checkSource(db: Executor, tenantId: number, body: SaveBody): Promise<void> {
  const source = await storedSource(db, tenantId, body.SourceId);
  if (!source) throw invalidField('body/SourceId', VALIDATION_MESSAGES.excluded);
  if (!INTEGRATION_ACTION_BEHAVIOURS.includes(source.behaviourType as IntegrationBehaviourType))
    throw fieldRefusal(ErrorCode.IntegrationSourceNotAction, 'body/SourceId', 'invalid');
  if (!INTEGRATION_ACTION_DEFINITIONS[body.Action].SourceKinds.includes(source.kind))
    throw fieldRefusal(ErrorCode.IntegrationActionNotForSource, 'body/Action', 'invalid');
}

function columnsOf(body: SaveBody) {
  return {
    name: body.Name.trim(),
    order: body.Order,
    isActive: body.IsActive,
    sourceId: body.SourceId,
    event: body.Event,
    action: body.Action,
    mapping: body.Mapping.map((entry) => ({
      ActionField: entry.ActionField.trim(),
      EventField: entry.EventField,
      Constant: entry.Constant,
    })),
  };
}

const nameTaken = () => fieldTaken(ErrorCode.IntegrationWorkflowNameExists, 'body/Name');

export function createIntegrationWorkflowService({ db }: { db: Db }): RecordService<
  number,
  SaveBody,
  IntegrationWorkflow
> & {
  list(actor: Actor): Promise<IntegrationWorkflow[]>;
} {
  const base = (tenantId: number) =>
    db
      .select(selection)
      .from(w)
      .innerJoin(integrationSources, eq(integrationSources.id, w.sourceId))
      .where(eq(w.tenantId, tenantId))
      .$dynamic();

  async function get(executor: Executor, actor: Actor, id: number): Promise<IntegrationWorkflow> {
    const [row] = await executor
      .select(selection)
      .from(w)
      .innerJoin(integrationSources, eq(integrationSources.id, w.sourceId))
      .where(and(eq(w.tenantId, requireTenant(actor)), eq(w.id, id)));
    return workflowOf(found(row as Row | undefined));
  }

  async function validate(executor: Executor, tenantId: number, body: SaveBody, id?: number) {
    await checkSource(executor, tenantId, body);
    checkMapping(body.Event, body.Action, body.Mapping);
    if (await isNameTaken(executor, w, body.Name.trim(), eq(w.tenantId, tenantId), id)) throw nameTaken();
  }

  return {
    get: (actor, id) => get(db, actor, id),

    async list(actor) {
      const rows = await base(requireTenant(actor))
        .orderBy(asc(w.order), asc(sql`lower(${w.name})`), asc(w.id))
        .limit(LIST_MAX);
      return rows.map((row) => workflowOf(row as Row));
    },

    async create(actor, body) {
      const tenantId = requireTenant(actor);
      return refusingConflicts(
        () =>
          db.transaction(async (tx) => {
            await validate(tx, tenantId, body);
            const [row] = await tx
              .insert(w)
              .values({ tenantId, ...columnsOf(body) })
              .returning({ id: w.id });
            return get(tx, actor, row!.id);
          }),
        { onDuplicate: nameTaken },
      );
    },

    async update(actor, id, body) {
      const tenantId = requireTenant(actor);
      return refusingConflicts(
        () =>
          db.transaction(async (tx) => {
            await get(tx, actor, id);
            await validate(tx, tenantId, body, id);
            await tx
              .update(w)
              .set({ ...columnsOf(body), updatedAt: new Date() })
              .where(and(eq(w.tenantId, tenantId), eq(w.id, id)));
            return get(tx, actor, id);
          }),
        { onDuplicate: nameTaken },
      );
    },

    async remove(actor, id) {
      const tenantId = requireTenant(actor);
      await db.transaction(async (tx) => {
        await get(tx, actor, id);
        await tx.delete(w).where(and(eq(w.tenantId, tenantId), eq(w.id, id)));
      });
    },
  };
}
