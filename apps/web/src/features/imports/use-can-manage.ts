import { hasAnyScope, type Scope } from '@loupe/contracts';
import { useBootstrap } from '@/lib/bootstrap';

/** Whether the signed-in user holds `scope` (the server checks again; this only hides what it would refuse). */
export function useCanManage(scope: Scope): boolean {
  return hasAnyScope(useBootstrap().data?.User.Scopes ?? [], [scope]);
}
