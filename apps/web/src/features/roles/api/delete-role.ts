import { deleteRecord, useDeleteRecordMutation } from '@/components/admin-page/record-api';
import { ROLES_ENDPOINT, roleKeys } from './role-keys';

/** `DELETE /api/identity/roles/{id}`: 204, or 400 with 10007 (held by users) or 10005 (Alterna level); 404. */
function deleteRole(id: number): Promise<void> {
  return deleteRecord(ROLES_ENDPOINT, id);
}

export function useDeleteRole() {
  return useDeleteRecordMutation(deleteRole, { endpoint: ROLES_ENDPOINT, recordKey: roleKeys.role });
}
