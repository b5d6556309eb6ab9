import type { z } from 'zod';
import {
  ErrorCode,
  type WidgetCatalogueItem,
  type WidgetCategory,
  type WidgetType,
  type widgetSaveSchema,
  type widgetTypeSaveSchema,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { refusingConflicts } from '../../db/refusing-conflicts.js';
import { AppError, notFound } from '../../errors.js';
import { requireTenant, type Actor } from '../../core/actor.js';
import { invalidField } from '../../core/refusals.js';
import {
  createWidgetCatalogueRepository,
  type WidgetCatalogueRepository,
} from './widget-catalogue.repository.js';
import { isAiWidgetType, widgetDefaultConfig } from './widget-default-config.js';

// Parsed save bodies: the schemas' defaults are filled in.
type TypeBody = z.output<typeof widgetTypeSaveSchema>;
type WidgetBody = z.output<typeof widgetSaveSchema>;

const typeNameExists = () =>
  new AppError(409, ErrorCode.WidgetTypeNameExists, [
    { Path: 'Name', Message: 'A widget type with this name already exists' },
  ]);
const widgetTitleExists = () =>
  new AppError(409, ErrorCode.WidgetTitleExists, [
    { Path: 'Title', Message: 'A widget with this title already exists' },
  ]);
const systemEntry = () => new AppError(403, ErrorCode.WidgetSystemEntry);

/** The record, else 404; a system record (no tenant) is the server's: 403 WidgetSystemEntry (2504). */
function ownRecord<T extends { IsSystem: boolean }>(record: T | undefined): T {
  if (!record) throw notFound();
  if (record.IsSystem) throw systemEntry();
  return record;
}

/**
 * The widget catalogue (reports spec §3, §6; docs/widgets-catalogue.md): lists of the system entries and the
 * caller's tenant's own, and the tenant's own widget types and widgets created and changed (report:manage).
 * System entries cannot be changed (403, 2504); names and titles are unique per tenant regardless of case (409).
 */
export function createWidgetCatalogueService({ db }: { db: Db }) {
  const reads = createWidgetCatalogueRepository(db);

  /** Runs `work` in one transaction; a unique index tripped by a concurrent save gives `onDuplicate`. */
  const write = <T>(
    onDuplicate: () => Error,
    work: (repository: WidgetCatalogueRepository) => Promise<T>,
  ): Promise<T> =>
    refusingConflicts(() => db.transaction((tx) => work(createWidgetCatalogueRepository(tx))), {
      onDuplicate,
    });

  /** The widget's Config as stored, checked against the kind of its type; type and category must be visible. */
  async function widgetValues(repository: WidgetCatalogueRepository, tenantId: number, body: WidgetBody) {
    const type = await repository.type(tenantId, body.WidgetTypeId);
    if (!type) throw invalidField('WidgetTypeId', 'Unknown widget type');
    if (!(await repository.categoryVisible(tenantId, body.WidgetCategoryId))) {
      throw invalidField('WidgetCategoryId', 'Unknown widget category');
    }
    return {
      title: body.Title,
      description: body.Description,
      widgetTypeId: type.Id,
      widgetCategoryId: body.WidgetCategoryId,
      isEnabled: body.IsEnabled,
      config: JSON.stringify(widgetDefaultConfig(body.Config, type.Kind)),
    };
  }

  async function loadWidget(repository: WidgetCatalogueRepository, tenantId: number, id: number) {
    const widget = await repository.widget(tenantId, id);
    if (!widget) throw new Error('saved widget not found');
    return widget;
  }

  async function loadType(repository: WidgetCatalogueRepository, tenantId: number, id: number) {
    const type = await repository.type(tenantId, id);
    if (!type) throw new Error('saved widget type not found');
    return type;
  }

  return {
    types: (actor: Actor): Promise<WidgetType[]> => reads.types(actor.tenantId),
    categories: (actor: Actor): Promise<WidgetCategory[]> => reads.categories(actor.tenantId),
    widgets: (actor: Actor): Promise<WidgetCatalogueItem[]> => reads.widgets(actor.tenantId),

    async type(actor: Actor, id: number): Promise<WidgetType> {
      const type = await reads.type(actor.tenantId, id);
      if (!type) throw notFound();
      return type;
    },

    async widget(actor: Actor, id: number): Promise<WidgetCatalogueItem> {
      const widget = await reads.widget(actor.tenantId, id);
      if (!widget) throw notFound();
      return widget;
    },

    createType(actor: Actor, body: TypeBody): Promise<WidgetType> {
      const tenantId = requireTenant(actor);
      return write(typeNameExists, async (repository) => {
        if (await repository.typeNameTaken(tenantId, body.Name)) throw typeNameExists();
        const id = await repository.insertType({
          tenantId,
          name: body.Name,
          kind: body.Kind,
          isAiWidgetType: isAiWidgetType(body.Kind, body.IsAIWidgetType),
        });
        return loadType(repository, tenantId, id);
      });
    },

    /** The kind of a type widgets use cannot change (400, 2508): their Configs draw that kind. */
    updateType(actor: Actor, id: number, body: TypeBody): Promise<WidgetType> {
      const tenantId = requireTenant(actor);
      return write(typeNameExists, async (repository) => {
        const current = ownRecord(await repository.type(tenantId, id));
        if (body.Kind !== current.Kind && (await repository.widgetsOfType(id)) > 0) {
          throw new AppError(400, ErrorCode.WidgetTypeInUse, [
            { Path: 'Kind', Message: 'Widgets use this widget type' },
          ]);
        }
        if (await repository.typeNameTaken(tenantId, body.Name, id)) throw typeNameExists();
        await repository.updateType(tenantId, id, {
          name: body.Name,
          kind: body.Kind,
          isAiWidgetType: isAiWidgetType(body.Kind, body.IsAIWidgetType),
        });
        return loadType(repository, tenantId, id);
      });
    },

    createWidget(actor: Actor, body: WidgetBody): Promise<WidgetCatalogueItem> {
      const tenantId = requireTenant(actor);
      return write(widgetTitleExists, async (repository) => {
        const values = await widgetValues(repository, tenantId, body);
        if (await repository.widgetTitleTaken(tenantId, body.Title)) throw widgetTitleExists();
        const id = await repository.insertWidget({ tenantId, ...values });
        return loadWidget(repository, tenantId, id);
      });
    },

    updateWidget(actor: Actor, id: number, body: WidgetBody): Promise<WidgetCatalogueItem> {
      const tenantId = requireTenant(actor);
      return write(widgetTitleExists, async (repository) => {
        ownRecord(await repository.widget(tenantId, id));
        const values = await widgetValues(repository, tenantId, body);
        if (await repository.widgetTitleTaken(tenantId, body.Title, id)) throw widgetTitleExists();
        await repository.updateWidget(tenantId, id, values);
        return loadWidget(repository, tenantId, id);
      });
    },
  };
}

/**
 * The catalogue entry a report widget names (reports spec §6), as the caller sees it: undefined when the caller's
 * catalogue does not hold it. The report widget service refuses unknown (2506) and, on add, locked (2507) widgets.
 */
export function catalogueWidget(
  executor: Executor,
  actor: Actor,
  widgetId: number,
): Promise<WidgetCatalogueItem | undefined> {
  return createWidgetCatalogueRepository(executor).widget(actor.tenantId, widgetId);
}
