import { eq, isNull, type Column, type SQL } from 'drizzle-orm';
import { ErrorCode } from '@loupe/contracts';
import { badRequest } from '../../errors.js';

/**
 * The configurations a caller sees: their tenant's. A tenantless (Alterna) caller manages the installation-wide
 * sections, stored with no tenant, which bootstrap sends to every tenant unless the tenant has its own.
 */
export const ownedBy = (column: Column, tenantId: number | null): SQL =>
  tenantId === null ? isNull(column) : eq(column, tenantId);

/** 17002, pointing the form at the Section field. */
export const sectionExists = () =>
  badRequest(ErrorCode.ConfigurationSectionExists, [{ Path: 'Section', Message: 'exists' }]);
