import { hasAnyScope } from '@loupe/contracts';
import { useBootstrap } from '@/lib/bootstrap';

/** Whether the signed-in user may change configurations (config:manage); config:read alone only views. */
export function useCanManageConfig(): boolean {
  const scopes = useBootstrap().data?.User.Scopes ?? [];
  return hasAnyScope(scopes, ['config:manage']);
}
