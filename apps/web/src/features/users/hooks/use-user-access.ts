import { hasAnyScope } from '@loupe/contracts';
import { useBootstrap } from '@/lib/bootstrap';
import type { UserKindInfo } from '../user-kind';

export type UserAccess = {
  /** May create, edit, activate and deactivate records of the kind. */
  canWrite: boolean;
  /** May put a user in a tenant (a tenantless caller or an alterna:manage holder; else the server says 14005). */
  mayChooseTenant: boolean;
  /** The signed-in user's id: nobody deactivates themselves. */
  actorId: number | undefined;
  /** The caller's tenant; null for a tenantless (Alterna) caller. */
  actorTenantId: number | null;
};

/** What the signed-in user may do on the users or test-users screens, from the bootstrap's scopes. */
export function useUserAccess(kind: UserKindInfo): UserAccess {
  const user = useBootstrap().data?.User;
  const scopes = user?.Scopes ?? [];
  return {
    canWrite: hasAnyScope(scopes, kind.writeScopes),
    mayChooseTenant:
      kind.hasTenant &&
      hasAnyScope(scopes, ['user:manage']) &&
      (user?.TenantId === null || hasAnyScope(scopes, ['alterna:manage'])),
    actorId: user?.Id,
    actorTenantId: user?.TenantId ?? null,
  };
}
