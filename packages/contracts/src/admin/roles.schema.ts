import { z } from 'zod';

// Filled in by the roles slice.
export const _rolesPlaceholder = z.never();
