import { hasAnyScope } from '@loupe/contracts';
import { useBootstrap } from '@/lib/bootstrap';

/** Whether the signed-in user may change clients (client:manage); client:read only reads them. */
export function useCanManageClients(): boolean {
  const user = useBootstrap().data?.User;
  return user !== undefined && hasAnyScope(user.Scopes, ['client:manage']);
}
