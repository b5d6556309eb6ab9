import { z } from 'zod';

/*
 * zod compiles object parsers with `new Function` when it may, probing for it once. Under the console's
 * Content-Security-Policy (no 'unsafe-eval') that probe is refused and reported as a CSP violation, so zod is told
 * not to try. main.tsx imports this module first: the setting must be in place before any schema is built.
 */
z.config({ jitless: true });
