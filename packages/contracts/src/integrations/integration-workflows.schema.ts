import { z } from 'zod';
import { int32Id, int32IdParam, safeText } from '../input-bounds.js';
import { requiredText } from '../validators.js';
import {
  INTEGRATION_LIMITS,
  INTEGRATION_SOURCE_KINDS,
  type IntegrationSourceKind,
} from './integration-sources.schema.js';

/*
 * Integration workflows `/api/integration-workflows` (issue 22 items 2–4; surveys spec §3, §4 "workflow active or
 * inactive", §5 "Integration mapping"; docs/integrations.md): when the tenant's core emits `Event`, every active
 * workflow listening to it runs `Action` on its source with the fields its mapping builds from the event.
 */

/** The events the core emits (from the outbox, in the transaction of the change). */
export const INTEGRATION_EVENTS = [
  'session.completed',
  'comment.scored',
  'alert.created',
  'alert.status_changed',
  'invitation.failed',
  'import.processed',
] as const;
export type IntegrationEvent = (typeof INTEGRATION_EVENTS)[number];

/** The fields of each event's data (a mapping's `EventField`; a constant's `{{Field}}` placeholders). */
export const INTEGRATION_EVENT_FIELDS: Record<IntegrationEvent, readonly string[]> = {
  'session.completed': [
    'SessionId',
    'SurveyId',
    'SurveyTitle',
    'FlowId',
    'InviteeId',
    'CompletedAt',
    'AnswerCount',
  ],
  'comment.scored': ['AnswerId', 'SessionId', 'SurveyId', 'QuestionId', 'Text', 'Sentiment', 'ScoredAt'],
  'alert.created': [
    'AlertId',
    'AlertRuleId',
    'AlertTitle',
    'Status',
    'SessionId',
    'SurveyId',
    'OwnerUserId',
    'OwnerRoleId',
    'DueAt',
    'CreatedAt',
    'AlertDetailLink',
  ],
  'alert.status_changed': [
    'AlertId',
    'AlertRuleId',
    'AlertTitle',
    'OldStatus',
    'Status',
    'ChangedByUserId',
    'ChangedAt',
    'AlertDetailLink',
  ],
  'invitation.failed': ['InvitationId', 'SurveyId', 'InviteeId', 'Channel', 'Error', 'FailedAt'],
  'import.processed': ['ImportId', 'Name', 'Status', 'RowCount', 'ErrorCount', 'ProcessedAt'],
};

/** Every event carries these too. */
export const INTEGRATION_COMMON_EVENT_FIELDS = ['EventId', 'Event', 'OccurredAt', 'TenantId'] as const;

/** The actions a workflow runs (`GET /api/integration-actions`). */
export const INTEGRATION_ACTIONS = [
  'webhook.post',
  'slack.message',
  'teams.messageCard',
  'zendesk.ticket',
] as const;
export type IntegrationAction = (typeof INTEGRATION_ACTIONS)[number];

type ActionField = { Field: string; Required: boolean };

/**
 * What each action needs: the source kinds it runs on and its fields. `webhook.post` takes any field names
 * (`AnyField`): the mapping builds the payload's `Data`.
 */
export const INTEGRATION_ACTION_DEFINITIONS: Record<
  IntegrationAction,
  { SourceKinds: readonly IntegrationSourceKind[]; AnyField: boolean; Fields: readonly ActionField[] }
> = {
  'webhook.post': { SourceKinds: ['webhook', 'zapier'], AnyField: true, Fields: [] },
  'slack.message': {
    SourceKinds: ['slack'],
    AnyField: false,
    Fields: [
      { Field: 'Text', Required: true },
      { Field: 'Channel', Required: false },
    ],
  },
  'teams.messageCard': {
    SourceKinds: ['teams'],
    AnyField: false,
    Fields: [
      { Field: 'Title', Required: true },
      { Field: 'Text', Required: true },
      { Field: 'ThemeColor', Required: false },
    ],
  },
  'zendesk.ticket': {
    SourceKinds: ['zendesk'],
    AnyField: false,
    Fields: [
      { Field: 'Subject', Required: true },
      { Field: 'Body', Required: true },
      { Field: 'RequesterEmail', Required: false },
      { Field: 'Priority', Required: false },
    ],
  },
};

/** `GET /api/integration-actions`: every action with its source kinds and fields. */
export const integrationActionListSchema = z.array(
  z.object({
    Action: z.enum(INTEGRATION_ACTIONS),
    SourceKinds: z.array(z.enum(INTEGRATION_SOURCE_KINDS)),
    AnyField: z.boolean(),
    Fields: z.array(z.object({ Field: z.string(), Required: z.boolean() })),
  }),
);
export type IntegrationActionList = z.infer<typeof integrationActionListSchema>;

const fieldName = safeText(INTEGRATION_LIMITS.fieldNameMax).trim();

/**
 * One mapping row: the action field (required) takes the event field's value, else the constant (the event field
 * wins when both are given; 19207 when neither). A constant may hold `{{EventField}}` placeholders.
 */
export const integrationMappingSchema = z.strictObject({
  ActionField: requiredText().pipe(fieldName),
  EventField: fieldName.nullish().transform((value) => (value ? value : null)),
  Constant: safeText(INTEGRATION_LIMITS.constantMax, { multiline: true })
    .nullish()
    .transform((value) => value ?? null),
});
export type IntegrationMapping = z.output<typeof integrationMappingSchema>;

/**
 * `POST /api/integration-workflows` and `PUT /api/integration-workflows/{id}`. The source must be the tenant's
 * (3333 on SourceId) and run actions (19205); the action must suit the source's kind (19206); event fields must be
 * the event's (19208), action fields the action's (19209), each once (19211), the required ones all mapped (19210).
 * Names are unique per tenant (19204).
 */
export const integrationWorkflowSaveSchema = z.strictObject({
  Name: requiredText().pipe(safeText(INTEGRATION_LIMITS.nameMax)),
  Order: z.number().int().min(0).max(10_000).default(0),
  IsActive: z.boolean().default(true),
  SourceId: int32Id,
  Event: z.enum(INTEGRATION_EVENTS),
  Action: z.enum(INTEGRATION_ACTIONS),
  Mapping: z.array(integrationMappingSchema).max(INTEGRATION_LIMITS.mappingMax).default([]),
});
export type IntegrationWorkflowSave = z.input<typeof integrationWorkflowSaveSchema>;

export const integrationWorkflowParamsSchema = z.object({ id: int32IdParam });

/** One workflow as the list and the form read it. */
export const integrationWorkflowSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Order: z.number().int(),
  IsActive: z.boolean(),
  SourceId: z.number().int(),
  SourceName: z.string(),
  Event: z.enum(INTEGRATION_EVENTS),
  Action: z.enum(INTEGRATION_ACTIONS),
  Mapping: z.array(
    z.object({ ActionField: z.string(), EventField: z.string().nullable(), Constant: z.string().nullable() }),
  ),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type IntegrationWorkflow = z.infer<typeof integrationWorkflowSchema>;

/** `GET /api/integration-workflows`: the tenant's workflows by Order, then Name (at most 1000). */
export const integrationWorkflowListSchema = z.array(integrationWorkflowSchema);
