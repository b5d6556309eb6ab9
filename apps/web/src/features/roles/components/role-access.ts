import { SecurityLevel, hasAnyScope } from '@loupe/contracts';
import { useBootstrap } from '@/lib/bootstrap';

/** What the signed-in user may do here: change roles (role:manage), and Alterna-level roles (an Alterna user). */
export function useRoleAccess(): { canManage: boolean; isAlterna: boolean } {
  const user = useBootstrap().data?.User;
  return {
    canManage: user !== undefined && hasAnyScope(user.Scopes, ['role:manage']),
    isAlterna: user?.SecurityLevel === SecurityLevel.Alterna,
  };
}
