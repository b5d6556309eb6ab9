import { z } from 'zod';

// Filled in by the users slice.
export const _usersPlaceholder = z.never();
