import { z } from 'zod';
import { int32IdParam, safeText } from '../input-bounds.js';
import { emailAddress, httpUrl, requiredText } from '../validators.js';

/*
 * Integration sources `/api/integration-sources` (issue 22 item 1; surveys spec §3 "Integration source / workflow",
 * §6 integration:read / integration:manage, §7; docs/integrations.md). A source is a connection to an external
 * system: a generic signed webhook (`Type: "webhook"`) or one of the configuration types by number (1 Slack bot
 * token, 2 Zapier webhook, 3 Zendesk email address, 5 Teams incoming-webhook URL). Secrets (the webhook's signing
 * secret, Slack's bot token, the Zapier and Teams URLs, which carry their credential) are stored encrypted and never
 * answered: a response says `HasSecret` and shows such a URL masked.
 */

/** Who reads integration sources, workflows, deliveries and the lookups. */
export const INTEGRATION_READ_SCOPES = ['integration:read', 'integration:manage'] as const;
/** Who writes them and replays deliveries. */
export const INTEGRATION_MANAGE_SCOPES = ['integration:manage'] as const;

export const INTEGRATION_LIMITS = {
  nameMax: 200,
  urlMax: 2000,
  secretMax: 500,
  channelMax: 200,
  emailMax: 254,
  /** Mapping rows of one workflow. */
  mappingMax: 50,
  fieldNameMax: 100,
  constantMax: 10_000,
  /** Deliveries one range replay may re-send (19213 above). */
  replayMax: 1000,
  /** The widest range replay, in days (19212 above). */
  replayRangeDaysMax: 31,
} as const;

/**
 * What a source does: `listener` only receives events from the outside (no action runs on it), `action` runs
 * workflow actions, `listenerAndAction` both, `export` receives data exports (and actions).
 */
export const INTEGRATION_BEHAVIOUR_TYPES = ['listener', 'action', 'listenerAndAction', 'export'] as const;
export type IntegrationBehaviourType = (typeof INTEGRATION_BEHAVIOUR_TYPES)[number];
/** The behaviours a workflow's source may have (the others get 19205). */
export const INTEGRATION_ACTION_BEHAVIOURS: readonly IntegrationBehaviourType[] = [
  'action',
  'listenerAndAction',
  'export',
];

/** The configuration types by number (surveys spec §3): 1 Slack, 2 Zapier, 3 Zendesk, 5 Teams. */
export const INTEGRATION_CONFIGURATION_TYPES = [1, 2, 3, 5] as const;
export type IntegrationConfigurationType = (typeof INTEGRATION_CONFIGURATION_TYPES)[number];

/** A source's kind as responses name it: the generic webhook or a configuration type's name. */
export const INTEGRATION_SOURCE_KINDS = ['webhook', 'slack', 'zapier', 'zendesk', 'teams'] as const;
export type IntegrationSourceKind = (typeof INTEGRATION_SOURCE_KINDS)[number];

/** The kind of each configuration type number. */
export const INTEGRATION_CONFIGURATION_KINDS: Record<IntegrationConfigurationType, IntegrationSourceKind> = {
  1: 'slack',
  2: 'zapier',
  3: 'zendesk',
  5: 'teams',
};

/** A source's configuration fields (the body keys besides Name and BehaviourType). */
export const INTEGRATION_CONFIGURATION_FIELDS = ['Url', 'Secret', 'Channel', 'Email'] as const;
export type IntegrationConfigurationField = (typeof INTEGRATION_CONFIGURATION_FIELDS)[number];

/**
 * The fields each kind takes: `Required` ones must be given on create (19202; on update an omitted secret or
 * secret URL keeps the stored one), `Secret` ones are write-only.
 */
export const INTEGRATION_KIND_FIELDS: Record<
  IntegrationSourceKind,
  readonly { Field: IntegrationConfigurationField; Required: boolean; Secret: boolean }[]
> = {
  /** A JSON POST to Url signed with Secret (X-Loupe-Signature). */
  webhook: [
    { Field: 'Url', Required: true, Secret: false },
    { Field: 'Secret', Required: true, Secret: true },
  ],
  /** chat.postMessage with the bot token Secret to Channel (a workflow's mapping may name another channel). */
  slack: [
    { Field: 'Secret', Required: true, Secret: true },
    { Field: 'Channel', Required: true, Secret: false },
  ],
  /** A JSON POST to the Zap's catch-hook Url; signed as the webhook when Secret is given. */
  zapier: [
    { Field: 'Url', Required: true, Secret: true },
    { Field: 'Secret', Required: false, Secret: true },
  ],
  /** A ticket mailed to the Zendesk support address Email. */
  zendesk: [{ Field: 'Email', Required: true, Secret: false }],
  /** A MessageCard posted to the Teams incoming-webhook Url. */
  teams: [{ Field: 'Url', Required: true, Secret: true }],
};

const optionalText = (max: number) =>
  safeText(max)
    .trim()
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * `POST /api/integration-sources` and `PUT /api/integration-sources/{id}`: exactly one of `Type: "webhook"` and
 * `ConfigurationType` (19202 when both or neither), and the fields the kind needs (`INTEGRATION_KIND_FIELDS`;
 * 19202 with the field when missing). Fields the kind does not take are ignored and not stored. On update an
 * omitted (null) `Secret` — and for Zapier and Teams an omitted `Url` — keeps the stored value. Names are unique
 * per tenant (19201). Changing the kind of a source that workflows use is refused (19215).
 */
export const integrationSourceSaveSchema = z.strictObject({
  Name: requiredText().pipe(safeText(INTEGRATION_LIMITS.nameMax)),
  BehaviourType: z.enum(INTEGRATION_BEHAVIOUR_TYPES).default('action'),
  Type: z
    .literal('webhook')
    .nullish()
    .transform((value) => value ?? null),
  ConfigurationType: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(5)])
    .nullish()
    .transform((value) => value ?? null),
  Url: z
    .string()
    .trim()
    .max(INTEGRATION_LIMITS.urlMax)
    .pipe(httpUrl())
    .nullish()
    .or(z.literal(''))
    .transform((value) => (value ? value : null)),
  Secret: optionalText(INTEGRATION_LIMITS.secretMax),
  Channel: optionalText(INTEGRATION_LIMITS.channelMax),
  Email: z
    .string()
    .trim()
    .max(INTEGRATION_LIMITS.emailMax)
    .pipe(emailAddress())
    .nullish()
    .or(z.literal(''))
    .transform((value) => (value ? value : null)),
});
export type IntegrationSourceSave = z.input<typeof integrationSourceSaveSchema>;

export const integrationSourceParamsSchema = z.object({ id: int32IdParam });

/** One source as the list and the form read it (never its secrets). */
export const integrationSourceSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  BehaviourType: z.enum(INTEGRATION_BEHAVIOUR_TYPES),
  /** The kind: 'webhook' or the configuration type's name. */
  Kind: z.enum(INTEGRATION_SOURCE_KINDS),
  /** 'webhook' for the generic webhook, else null. */
  Type: z.literal('webhook').nullable(),
  /** 1, 2, 3 or 5; null for the generic webhook. */
  ConfigurationType: z.number().int().nullable(),
  /** The webhook's URL; a Zapier or Teams URL masked to its origin and "/…" (the rest is a credential). */
  Url: z.string().nullable(),
  Channel: z.string().nullable(),
  Email: z.string().nullable(),
  /** Whether a secret (signing secret or bot token) is stored. */
  HasSecret: z.boolean(),
  /** Workflows that run on the source. */
  WorkflowCount: z.number().int(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type IntegrationSource = z.infer<typeof integrationSourceSchema>;

/** `GET /api/integration-sources`: the tenant's sources by name (at most 1000). */
export const integrationSourceListSchema = z.array(integrationSourceSchema);

/**
 * `GET /api/integration-sources-for-workflow`: the sources a workflow may run on (behaviour action,
 * listenerAndAction or export), by name.
 */
export const integrationSourcesForWorkflowSchema = z.array(
  z.object({
    Id: z.number().int(),
    Name: z.string(),
    Kind: z.enum(INTEGRATION_SOURCE_KINDS),
    ConfigurationType: z.number().int().nullable(),
    BehaviourType: z.enum(INTEGRATION_BEHAVIOUR_TYPES),
  }),
);

/** `GET /api/action-integration-configuration/{type}`: `type` 1, 2, 3, 5 or "webhook". */
export const actionIntegrationConfigurationParamsSchema = z.object({
  type: z.enum(['1', '2', '3', '5', 'webhook']),
});

/** The configuration form of one kind: the fields it takes (`INTEGRATION_KIND_FIELDS`). */
export const actionIntegrationConfigurationSchema = z.object({
  Type: z.string(),
  Kind: z.enum(INTEGRATION_SOURCE_KINDS),
  ConfigurationType: z.number().int().nullable(),
  Fields: z.array(
    z.object({
      Field: z.enum(INTEGRATION_CONFIGURATION_FIELDS),
      Required: z.boolean(),
      Secret: z.boolean(),
    }),
  ),
});
export type ActionIntegrationConfiguration = z.infer<typeof actionIntegrationConfigurationSchema>;
