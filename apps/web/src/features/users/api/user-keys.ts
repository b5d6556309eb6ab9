import type { UserKind } from '../user-kind';

/** Query keys of the users feature; the grids use `gridQueryKey(endpoint)`. */
export const userKeys = {
  user: (kind: UserKind, id: number) => ['users', kind, id] as const,
  roleChoices: (tenantId: number | null | 'own') => ['users', 'roleChoices', tenantId] as const,
  restrictions: (list: 'channels' | 'products' | 'employees') => ['users', 'restrictions', list] as const,
};
