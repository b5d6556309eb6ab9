import { z } from 'zod';
import { int32Id, int32IdParam } from '../input-bounds.js';
import { INTEGRATION_ACTIONS, INTEGRATION_EVENTS } from './integration-workflows.schema.js';

/*
 * The delivery log `/api/integration-deliveries` (issue 22 item 5; docs/integrations.md): one delivery per event and
 * listening workflow, sent at least once with the same idempotency key; every attempt is logged. Retries back off
 * exponentially on pg-boss; after the last attempt a delivery is `dead` (the dead-letter view is the grid filtered
 * on `Status eq 'dead'`). A replay re-sends the chosen deliveries as a new attempt with the same key.
 */

/** `pending` waits for (another) attempt, `succeeded` got a 2xx, `failed` failed an attempt and will be retried. */
export const INTEGRATION_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'dead'] as const;
export type IntegrationDeliveryStatus = (typeof INTEGRATION_DELIVERY_STATUSES)[number];

/**
 * One row of `GET /api/integration-deliveries` (grid: $filter/$orderby on every field below except the bodies;
 * default order CreatedAt desc). The request and response bodies are cut to 10,000 characters.
 */
export const integrationDeliverySchema = z.object({
  Id: z.number().int(),
  WorkflowId: z.number().int().nullable(),
  WorkflowName: z.string(),
  SourceId: z.number().int().nullable(),
  SourceName: z.string(),
  Event: z.enum(INTEGRATION_EVENTS),
  Action: z.enum(INTEGRATION_ACTIONS),
  Status: z.enum(INTEGRATION_DELIVERY_STATUSES),
  /** Attempts made so far (0 before the first). */
  Attempt: z.number().int(),
  /** The last attempt's HTTP status (null: no answer, or a mail). */
  ResponseStatus: z.number().int().nullable(),
  /** The last attempt's duration. */
  DurationMs: z.number().int().nullable(),
  CreatedAt: z.string(),
  /** When the next retry is due; null unless `failed`. */
  NextAttemptAt: z.string().nullable(),
  IdempotencyKey: z.string(),
  /** What was (or will be) sent: the JSON body, or the mail for Zendesk. */
  RequestBody: z.string(),
  ResponseBody: z.string().nullable(),
  /** The last attempt's failure (network error, non-2xx status, mail error). */
  Error: z.string().nullable(),
});
export type IntegrationDelivery = z.infer<typeof integrationDeliverySchema>;

export const integrationDeliveryParamsSchema = z.object({ id: int32IdParam });

/** One attempt of a delivery (`GET /api/integration-deliveries/{id}/attempts`, oldest first). */
export const integrationDeliveryAttemptSchema = z.object({
  Id: z.number().int(),
  Attempt: z.number().int(),
  /** Whether a replay asked for the attempt. */
  IsReplay: z.boolean(),
  RequestBody: z.string(),
  ResponseStatus: z.number().int().nullable(),
  ResponseBody: z.string().nullable(),
  Error: z.string().nullable(),
  DurationMs: z.number().int(),
  Succeeded: z.boolean(),
  CreatedAt: z.string(),
});
export type IntegrationDeliveryAttempt = z.infer<typeof integrationDeliveryAttemptSchema>;
export const integrationDeliveryAttemptListSchema = z.array(integrationDeliveryAttemptSchema);

/**
 * `POST /api/integration-deliveries/replay`: re-send the deliveries created in [From, To) (ISO date-times), of one
 * workflow when given, in the given statuses (default failed and dead). From before To, at most 31 days apart
 * (19212); at most 1000 deliveries (19213). A pending delivery is skipped (it is being sent).
 */
export const integrationReplayRangeSchema = z.strictObject({
  From: z.iso.datetime({ offset: true }),
  To: z.iso.datetime({ offset: true }),
  WorkflowId: int32Id.nullish().transform((value) => value ?? null),
  Statuses: z
    .array(z.enum(['succeeded', 'failed', 'dead']))
    .min(1)
    .max(3)
    .default(['failed', 'dead']),
});
export type IntegrationReplayRange = z.input<typeof integrationReplayRangeSchema>;

/**
 * The answer of both replays (`POST /api/integration-deliveries/{id}/replay` takes no body; a pending delivery
 * gets 19214): the ids queued for a new attempt.
 */
export const integrationReplayResultSchema = z.object({
  Replayed: z.number().int(),
  DeliveryIds: z.array(z.number().int()),
});
export type IntegrationReplayResult = z.infer<typeof integrationReplayResultSchema>;

/** The webhook signature header and its format `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const INTEGRATION_SIGNATURE_HEADER = 'X-Loupe-Signature';
/** The idempotency key header (also `IdempotencyKey` in every payload). */
export const INTEGRATION_IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * The JSON body of a webhook or Zapier delivery: the mapped fields in `Data`, the whole event in `EventData`. The
 * same `IdempotencyKey` on every attempt and replay (receivers drop repeats by it).
 */
export const integrationWebhookPayloadSchema = z.object({
  IdempotencyKey: z.string(),
  DeliveryId: z.number().int(),
  WorkflowId: z.number().int(),
  WorkflowName: z.string(),
  Event: z.enum(INTEGRATION_EVENTS),
  EventId: z.number().int(),
  OccurredAt: z.string(),
  Data: z.record(z.string(), z.unknown()),
  EventData: z.record(z.string(), z.unknown()),
});
export type IntegrationWebhookPayload = z.infer<typeof integrationWebhookPayloadSchema>;
