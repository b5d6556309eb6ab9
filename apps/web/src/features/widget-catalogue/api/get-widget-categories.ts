import { widgetCategorySchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { WIDGET_CATEGORIES_ENDPOINT, catalogueKeys } from './catalogue-keys';

/** `GET /api/widget-categories`: the system categories (9 and 10 the AI ones) and the tenant's own. */
function widgetCategoriesQueryOptions() {
  return queryOptions({
    queryKey: catalogueKeys.categories,
    queryFn: ({ signal }) =>
      apiRequest({ path: WIDGET_CATEGORIES_ENDPOINT, schema: z.array(widgetCategorySchema), signal }),
  });
}

export function useWidgetCategories() {
  return useQuery(widgetCategoriesQueryOptions());
}
