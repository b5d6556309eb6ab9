import { eq, isNull, type Column, type SQL } from 'drizzle-orm';

/**
 * The rows of exactly one tenant; `null` is the tenantless rows (an Alterna caller's installation-wide roles,
 * clients and configuration sections).
 */
export const tenantIs = (column: Column, tenantId: number | null): SQL =>
  tenantId === null ? isNull(column) : eq(column, tenantId);

/**
 * The rows a caller of `tenantId` sees where a tenantless (Alterna) caller sees every tenant's: no condition for
 * `null`, else the caller's tenant.
 */
export const ownTenantOrAll = (column: Column, tenantId: number | null): SQL | undefined =>
  tenantId === null ? undefined : eq(column, tenantId);
