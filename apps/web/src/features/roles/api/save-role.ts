import { roleSchema, type Role, type RoleInput } from '@loupe/contracts';
import {
  saveRecord,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '@/components/admin-page/record-api';
import { ROLES_ENDPOINT, roleKeys } from './role-keys';

type SaveRoleRequest = SaveRecordRequest<RoleInput>;

/**
 * `POST /api/identity/roles` (no id) or `PUT /api/identity/roles/{id}`: the saved role, or 400 with 10010 (name
 * exists), 10006 (Alterna role's scopes), 3333; 403 with 10008 (Alterna level); 409 with 10003 (power users).
 */
function saveRole(request: SaveRoleRequest): Promise<Role> {
  return saveRecord(ROLES_ENDPOINT, roleSchema, request);
}

export function useSaveRole() {
  return useSaveRecordMutation(saveRole, { endpoint: ROLES_ENDPOINT, recordKey: roleKeys.role });
}
