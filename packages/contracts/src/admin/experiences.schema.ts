import { z } from 'zod';

// Filled in by the experiences slice.
export const _experiencesPlaceholder = z.never();
