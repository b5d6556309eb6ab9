import { userFilterSchema, type UserFilter, type UserFilterSave } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { filterKeys } from './filter-query-keys';

/*
 * Saving, renaming and deleting the caller's saved filters (reports spec §7). A name already used on the page is
 * refused with 400 12001, which the name field shows.
 */

/** `POST /api/users/filter/`: 201 with the saved filter. */
function createUserFilter(body: UserFilterSave): Promise<UserFilter> {
  return apiRequest({
    path: '/api/users/filter/',
    method: 'POST',
    body,
    schema: userFilterSchema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

/** `PUT /api/users/filter/{id}`: a new name (or Config) for a saved filter; answers the saved filter. */
function updateUserFilter({ id, body }: { id: number; body: UserFilterSave }): Promise<UserFilter> {
  return apiRequest({
    path: `/api/users/filter/${id}`,
    method: 'PUT',
    body,
    schema: userFilterSchema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

/** `DELETE /api/users/filter/{id}`: 204. */
async function deleteUserFilter(id: number): Promise<void> {
  await apiRequest({ path: `/api/users/filter/${id}`, method: 'DELETE', schema: z.unknown() });
}

function useInvalidateSaved(page: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: filterKeys.saved(page) });
}

export function useCreateUserFilter(page: string) {
  const invalidate = useInvalidateSaved(page);
  return useMutation({ mutationFn: createUserFilter, onSuccess: invalidate });
}

export function useUpdateUserFilter(page: string) {
  const invalidate = useInvalidateSaved(page);
  return useMutation({ mutationFn: updateUserFilter, onSuccess: invalidate });
}

export function useDeleteUserFilter(page: string) {
  const invalidate = useInvalidateSaved(page);
  return useMutation({ mutationFn: deleteUserFilter, onSuccess: invalidate });
}
