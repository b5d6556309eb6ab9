import { widgetTypeSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { WIDGET_TYPES_ENDPOINT, catalogueKeys } from './catalogue-keys';

/** `GET /api/widgetTypes`: the system widget types and the tenant's own, by id. */
function widgetTypesQueryOptions() {
  return queryOptions({
    queryKey: catalogueKeys.types,
    queryFn: ({ signal }) =>
      apiRequest({ path: WIDGET_TYPES_ENDPOINT, schema: z.array(widgetTypeSchema), signal }),
  });
}

export function useWidgetTypes() {
  return useQuery(widgetTypesQueryOptions());
}
