/** The clients grid's endpoint and the query keys of a single client and the scope list (grids use `gridQueryKey`). */
export const CLIENTS_ENDPOINT = '/api/clients';

export const clientKeys = {
  client: (id: string) => ['clients', id] as const,
};
