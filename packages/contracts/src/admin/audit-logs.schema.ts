import { z } from 'zod';

// Filled in by the audit-logs slice.
export const _auditlogsPlaceholder = z.never();
