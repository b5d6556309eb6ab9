import { hasAnyScope } from '@loupe/contracts';
import { useBootstrap } from '@/lib/bootstrap';

/** Whether the signed-in user may create, change and delete datasets (dataset:manage); dataset:read only reads. */
export function useCanManageDatasets(): boolean {
  return hasAnyScope(useBootstrap().data?.User.Scopes ?? [], ['dataset:manage']);
}

/** Whether the signed-in user may create, change and delete annotators (annotation:manage). */
export function useCanManageAnnotators(): boolean {
  return hasAnyScope(useBootstrap().data?.User.Scopes ?? [], ['annotation:manage']);
}
