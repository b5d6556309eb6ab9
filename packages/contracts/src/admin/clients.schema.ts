import { z } from 'zod';

// Filled in by the clients slice.
export const _clientsPlaceholder = z.never();
