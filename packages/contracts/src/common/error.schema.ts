import { z } from 'zod';

/** The body of every failed API call (ARCHITECTURE §3). `SupportId` is the request id in the server log. */
export const errorResponseSchema = z.object({
  Code: z.number().int(),
  Message: z.string(),
  SupportId: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
