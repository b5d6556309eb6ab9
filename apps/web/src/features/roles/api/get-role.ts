import { roleSchema } from '@loupe/contracts';
import { useRecordQuery } from '@/components/admin-page/record-api';
import { ROLES_ENDPOINT, roleKeys } from './role-keys';

/** `GET /api/identity/roles/{id}`: the role with its scopes and user count (404 when not in the tenant). */
export function useRole(id: number | undefined) {
  return useRecordQuery(ROLES_ENDPOINT, id, roleSchema, roleKeys.role);
}
