import { INTEGRATION_MANAGE_SCOPES, hasAnyScope } from '@loupe/contracts';
import { useBootstrap } from '@/lib/bootstrap';

/** Whether the signed-in user may change sources and workflows and replay deliveries (integration:manage). */
export function useCanManageIntegrations(): boolean {
  const user = useBootstrap().data?.User;
  return user !== undefined && hasAnyScope(user.Scopes, INTEGRATION_MANAGE_SCOPES);
}
