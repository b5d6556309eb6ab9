import { widgetCatalogueItemSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { WIDGETS_ENDPOINT, catalogueKeys } from './catalogue-keys';

/** `GET /api/widgets`: the system widgets and the tenant's own, by category then id, with IsLocked for the caller. */
function catalogueWidgetsQueryOptions() {
  return queryOptions({
    queryKey: catalogueKeys.widgets,
    queryFn: ({ signal }) =>
      apiRequest({ path: WIDGETS_ENDPOINT, schema: z.array(widgetCatalogueItemSchema), signal }),
  });
}

export function useCatalogueWidgets() {
  return useQuery(catalogueWidgetsQueryOptions());
}
