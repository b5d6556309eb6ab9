import { describe, expect, it } from 'vitest';
import {
  INTEGRATION_DELIVERY_STATUSES,
  integrationDeliveryAttemptSchema,
  integrationReplayRangeSchema,
  integrationReplayResultSchema,
  integrationWebhookPayloadSchema,
  type IntegrationReplayRange,
  type IntegrationReplayResult,
} from './integration-deliveries.schema.js';
import {
  actionIntegrationConfigurationSchema,
  INTEGRATION_BEHAVIOUR_TYPES,
  INTEGRATION_CONFIGURATION_FIELDS,
  INTEGRATION_CONFIGURATION_KINDS,
  INTEGRATION_CONFIGURATION_TYPES,
  INTEGRATION_KIND_FIELDS,
  integrationSourceSaveSchema,
  type ActionIntegrationConfiguration,
} from './integration-sources.schema.js';
import {
  INTEGRATION_ACTION_DEFINITIONS,
  INTEGRATION_ACTIONS,
  integrationActionListSchema,
  integrationMappingSchema,
  integrationWorkflowSaveSchema,
  type IntegrationActionList,
} from './integration-workflows.schema.js';

describe('integration contracts', () => {
  it('names a kind for every configuration type and only known fields for every kind', () => {
    expect(Object.keys(INTEGRATION_CONFIGURATION_KINDS).map(Number)).toEqual([
      ...INTEGRATION_CONFIGURATION_TYPES,
    ]);
    for (const fields of Object.values(INTEGRATION_KIND_FIELDS))
      for (const { Field } of fields) expect(INTEGRATION_CONFIGURATION_FIELDS).toContain(Field);
    const form: ActionIntegrationConfiguration = {
      Type: '1',
      Kind: 'slack',
      ConfigurationType: 1,
      Fields: [...INTEGRATION_KIND_FIELDS.slack],
    };
    expect(actionIntegrationConfigurationSchema.parse(form)).toEqual(form);
  });

  it('reads a source body: blanks are null, a bad URL or type is refused, the secret is write-only text', () => {
    const parsed = integrationSourceSaveSchema.parse({
      Name: ' Hook ',
      Type: 'webhook',
      Url: 'https://a.test/h',
      Secret: '',
      Email: '',
    });
    expect(parsed).toMatchObject({
      BehaviourType: 'action',
      Type: 'webhook',
      ConfigurationType: null,
      Secret: null,
      Email: null,
    });
    expect(INTEGRATION_BEHAVIOUR_TYPES).toContain(parsed.BehaviourType);
    expect(integrationSourceSaveSchema.safeParse({ Name: 'x', ConfigurationType: 4 }).success).toBe(false);
    expect(
      integrationSourceSaveSchema.safeParse({ Name: 'x', Type: 'webhook', Url: 'ftp://a.test' }).success,
    ).toBe(false);
    expect(
      integrationSourceSaveSchema.safeParse({ Name: 'x', Type: 'webhook', Secret: 'a\u0000b' }).success,
    ).toBe(false);
  });

  it('requires the action field of a mapping row, and defaults a workflow to active, order 0, no mapping', () => {
    expect(integrationMappingSchema.safeParse({ ActionField: '', Constant: 'x' }).success).toBe(false);
    expect(integrationMappingSchema.parse({ ActionField: 'Text', EventField: '' })).toEqual({
      ActionField: 'Text',
      EventField: null,
      Constant: null,
    });
    expect(
      integrationWorkflowSaveSchema.parse({
        Name: 'W',
        SourceId: 1,
        Event: 'alert.created',
        Action: 'webhook.post',
      }),
    ).toMatchObject({ IsActive: true, Order: 0, Mapping: [] });
    const actions: IntegrationActionList = INTEGRATION_ACTIONS.map((Action) => ({
      Action,
      ...INTEGRATION_ACTION_DEFINITIONS[Action],
      SourceKinds: [...INTEGRATION_ACTION_DEFINITIONS[Action].SourceKinds],
      Fields: [...INTEGRATION_ACTION_DEFINITIONS[Action].Fields],
    }));
    expect(integrationActionListSchema.parse(actions)).toHaveLength(INTEGRATION_ACTIONS.length);
  });

  it('reads the replay and log shapes', () => {
    const range: IntegrationReplayRange = { From: '2026-05-01T00:00:00Z', To: '2026-05-02T00:00:00+03:00' };
    expect(integrationReplayRangeSchema.parse(range)).toMatchObject({
      WorkflowId: null,
      Statuses: ['failed', 'dead'],
    });
    expect(integrationReplayRangeSchema.safeParse({ ...range, Statuses: ['pending'] }).success).toBe(false);
    const result: IntegrationReplayResult = { Replayed: 1, DeliveryIds: [4] };
    expect(integrationReplayResultSchema.parse(result)).toEqual(result);
    expect(INTEGRATION_DELIVERY_STATUSES).toEqual(['pending', 'succeeded', 'failed', 'dead']);
    const attempt = {
      Id: 1,
      Attempt: 1,
      IsReplay: false,
      RequestBody: '{}',
      ResponseStatus: 500,
      ResponseBody: null,
      Error: 'HTTP 500',
      DurationMs: 3,
      Succeeded: false,
      CreatedAt: '2026-05-01T00:00:00.000Z',
    };
    expect(integrationDeliveryAttemptSchema.parse(attempt)).toEqual(attempt);
    const payload = {
      IdempotencyKey: '1-2',
      DeliveryId: 3,
      WorkflowId: 2,
      WorkflowName: 'W',
      Event: 'session.completed',
      EventId: 1,
      OccurredAt: '2026-05-01T00:00:00.000Z',
      Data: {},
      EventData: { SessionId: 9 },
    };
    expect(integrationWebhookPayloadSchema.parse(payload)).toEqual(payload);
  });
});
