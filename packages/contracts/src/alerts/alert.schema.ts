import { z } from 'zod';

/** Who reads the unread-alert count (the top bar's bell): any one of these scopes (shell spec §6). */
export const ALERT_COUNT_SCOPES = ['alert:read', 'alert:manage', 'alert:readall'] as const;

/** `GET /api/alerts/count?alertOperatorStatus=0`: 0 counts unread alerts (the bell), 1 read ones. */
export const alertCountQuerySchema = z.object({
  alertOperatorStatus: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(0), z.literal(1)]))
    .default(0),
});

/** The answer: a bare JSON number. */
export const alertCountSchema = z.number().int().nonnegative();
