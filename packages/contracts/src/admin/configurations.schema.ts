import { z } from 'zod';

// Filled in by the configurations slice.
export const _configurationsPlaceholder = z.never();
