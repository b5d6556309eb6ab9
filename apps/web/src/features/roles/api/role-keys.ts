/** The roles grid's endpoint and the query keys of a single role and the scope list (grids use `gridQueryKey`). */
export const ROLES_ENDPOINT = '/api/identity/roles';

export const roleKeys = {
  role: (id: number) => ['roles', id] as const,
};
