import { z } from 'zod';

// Filled in by the tenants slice.
export const _tenantsPlaceholder = z.never();
