import {
  GRID_MAX_TOP,
  gridPageSchema,
  widgetCatalogueItemSchema,
  widgetCategorySchema,
  type WidgetCatalogueItem,
  type WidgetCategory,
} from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z, type ZodType } from 'zod';
import { apiRequest } from '@/lib/api-client';

/*
 * The widget catalogue the widget dialog chooses from (reports spec §7: `GET /widgetTypes`, `/widget-categories`,
 * `/widgets`). The lists change only when an administrator edits the catalogue, so they are reused for five
 * minutes. A list answered as a grid page (`{ Items, Count }`) is read as its items, so the dialog works with
 * either shape; every row is asked for.
 */

const widgetCatalogueKeys = {
  all: ['widget-catalogue'] as const,
  widgets: ['widget-catalogue', 'widgets'] as const,
  categories: ['widget-catalogue', 'categories'] as const,
};

const CATALOGUE_STALE_TIME = 5 * 60_000;

/** A list, or a grid page of it, read as the list. */
function listOf<T extends ZodType>(item: T) {
  return z
    .union([z.array(item), gridPageSchema(item)])
    .transform((answer) => (Array.isArray(answer) ? answer : answer.Items) as z.infer<T>[]);
}

function getList<T extends ZodType>(path: string, item: T, signal?: AbortSignal): Promise<z.infer<T>[]> {
  return apiRequest({
    path: `${path}?${new URLSearchParams({ $top: String(GRID_MAX_TOP) }).toString()}`,
    schema: listOf(item),
    signal,
    // The dialog says the catalogue could not be loaded, with a retry.
    showErrorDialog: false,
  });
}

/** `GET /api/widgets`: the catalogue entries, with IsLocked for the caller and each default Config. */
function getWidgetCatalogue(signal?: AbortSignal): Promise<WidgetCatalogueItem[]> {
  return getList('/api/widgets', widgetCatalogueItemSchema, signal);
}

/** `GET /api/widget-categories`. */
function getWidgetCategories(signal?: AbortSignal): Promise<WidgetCategory[]> {
  return getList('/api/widget-categories', widgetCategorySchema, signal);
}

function widgetCatalogueQueryOptions() {
  return queryOptions({
    queryKey: widgetCatalogueKeys.widgets,
    queryFn: ({ signal }) => getWidgetCatalogue(signal),
    staleTime: CATALOGUE_STALE_TIME,
  });
}

function widgetCategoriesQueryOptions() {
  return queryOptions({
    queryKey: widgetCatalogueKeys.categories,
    queryFn: ({ signal }) => getWidgetCategories(signal),
    staleTime: CATALOGUE_STALE_TIME,
  });
}

export function useWidgetCatalogue(enabled = true) {
  return useQuery({ ...widgetCatalogueQueryOptions(), enabled });
}

export function useWidgetCategories(enabled = true) {
  return useQuery({ ...widgetCategoriesQueryOptions(), enabled });
}
