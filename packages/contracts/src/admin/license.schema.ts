import { z } from 'zod';

// Filled in by the license slice.
export const _licensePlaceholder = z.never();
