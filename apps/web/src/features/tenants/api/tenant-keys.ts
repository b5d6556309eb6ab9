/** The tenants grid's endpoint and the query key of one tenant (the list is a grid: `gridQueryKey`). */
export const TENANTS_ENDPOINT = '/api/tenants';

export const tenantKeys = {
  tenant: (id: number) => ['tenants', id] as const,
};
