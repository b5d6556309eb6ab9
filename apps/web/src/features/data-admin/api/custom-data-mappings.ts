import { customDataMappingsSchema, type CustomDataMappings } from '@loupe/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { bootstrapQueryKey } from '@/lib/bootstrap';

const PATH = '/api/custom-data-mappings';
const customDataKey = ['custom-data-mappings'] as const;

/** `GET /api/custom-data-mappings`: the tenant's ten slot names (the slots' keys when never named). */
function customDataMappingsQueryOptions() {
  return queryOptions({
    queryKey: customDataKey,
    queryFn: ({ signal }) => apiRequest({ path: PATH, schema: customDataMappingsSchema, signal }),
  });
}

export function useCustomDataMappings() {
  return useQuery(customDataMappingsQueryOptions());
}

/** `PUT /api/custom-data-mappings`: the saved names, or 400 3333 naming the refused slots. */
function saveCustomDataMappings(body: CustomDataMappings): Promise<CustomDataMappings> {
  return apiRequest({
    path: PATH,
    method: 'PUT',
    body,
    schema: customDataMappingsSchema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

/** After a save every screen names the slots anew: bootstrap's CustomDataMappings is read again. */
export function useSaveCustomDataMappings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCustomDataMappings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(customDataKey, saved);
      await queryClient.invalidateQueries({ queryKey: bootstrapQueryKey });
    },
  });
}
