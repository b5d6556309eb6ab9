import { widgetCatalogueItemSchema, widgetCategorySchema, widgetTypeSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/*
 * The widget catalogue's lists (reports spec §3, §7: `GET /widgetTypes`, `/widget-categories`, `/widgets`), one
 * copy for the catalogue pages and the report's widget dialog. A save invalidates the lists under
 * `catalogueKeys.all`.
 */

export const WIDGET_TYPES_ENDPOINT = '/api/widgetTypes';
const WIDGET_CATEGORIES_ENDPOINT = '/api/widget-categories';
export const WIDGETS_ENDPOINT = '/api/widgets';

export const catalogueKeys = {
  all: ['widget-catalogue'] as const,
  types: ['widget-catalogue', 'types'] as const,
  type: (id: number) => ['widget-catalogue', 'type', id] as const,
  categories: ['widget-catalogue', 'categories'] as const,
  widgets: ['widget-catalogue', 'widgets'] as const,
  widget: (id: number) => ['widget-catalogue', 'widget', id] as const,
};

/**
 * How a list is used: the widget dialog shows its own load error with a retry (no error dialog) and reuses the
 * lists for a while (they change only when an administrator edits the catalogue); the catalogue pages refetch.
 */
export type CatalogueListUse = { errorDialog?: boolean; staleTime?: number };

function listQueryOptions<T extends z.ZodType>(
  queryKey: readonly unknown[],
  path: string,
  item: T,
  { errorDialog = true, staleTime }: CatalogueListUse,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      apiRequest({ path, schema: z.array(item), signal, showErrorDialog: errorDialog }),
    ...(staleTime === undefined ? {} : { staleTime }),
  });
}

/** `GET /api/widgetTypes`: the system widget types and the tenant's own, by id. */
export function useWidgetTypes() {
  return useQuery(listQueryOptions(catalogueKeys.types, WIDGET_TYPES_ENDPOINT, widgetTypeSchema, {}));
}

/** `GET /api/widget-categories`: the system categories (9 and 10 the AI ones) and the tenant's own. */
export function useWidgetCategories(use: CatalogueListUse = {}) {
  return useQuery(
    listQueryOptions(catalogueKeys.categories, WIDGET_CATEGORIES_ENDPOINT, widgetCategorySchema, use),
  );
}

/** `GET /api/widgets`: the system widgets and the tenant's own, by category then id, with IsLocked for the caller. */
export function useCatalogueWidgets(use: CatalogueListUse = {}) {
  return useQuery(listQueryOptions(catalogueKeys.widgets, WIDGETS_ENDPOINT, widgetCatalogueItemSchema, use));
}
