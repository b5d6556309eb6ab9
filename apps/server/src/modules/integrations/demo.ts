import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  integrationSourceSaveSchema,
  integrationWorkflowSaveSchema,
  type IntegrationSourceSave,
  type IntegrationWorkflowSave,
} from '@loupe/contracts';
import type { Actor } from '../../core/actor.js';
import { createSecretBox } from '../../core/secret-box.js';
import type { Db } from '../../db/client.js';
import { integrationSources, integrationWorkflows } from '../../db/schema/index.js';
import { createIntegrationSourceService } from './integration-sources.service.js';
import { createIntegrationWorkflowService } from './integration-workflows.service.js';

/*
 * The demo's integrations (docs/integrations.md "Demo", docs/demo-data.md): a Zendesk source mailing tickets to a
 * demo address with an ACTIVE workflow on alert.created, so every alert the running console raises makes a real
 * delivery through the server's mailer; and a webhook, a Slack and a Teams source, each with an INACTIVE workflow,
 * so the lists and forms show each kind without the demo calling the internet. Written through the module's own
 * services (their checks, the sealing of secrets), each source and workflow once, found again by its name.
 */

/** The address the demo's Zendesk tickets are mailed to (a reserved `.example` domain). */
export const DEMO_ZENDESK_EMAIL = 'destek@demo-bank.example';

type DemoIntegration = {
  source: Omit<IntegrationSourceSave, 'Secret'> & { Secret?: () => string };
  workflow: Omit<IntegrationWorkflowSave, 'SourceId'>;
};

/** A random credential, sealed by the service: the demo's sources never name a real one. */
const demoSecret = (prefix: string) => () => `${prefix}${randomBytes(18).toString('base64url')}`;

const DEMO_INTEGRATIONS: readonly DemoIntegration[] = [
  {
    source: {
      Name: 'Zendesk support',
      BehaviourType: 'action',
      ConfigurationType: 3,
      Email: DEMO_ZENDESK_EMAIL,
    },
    workflow: {
      Name: 'Alerts to Zendesk',
      IsActive: true,
      Event: 'alert.created',
      Action: 'zendesk.ticket',
      Mapping: [
        { ActionField: 'Subject', EventField: 'AlertTitle' },
        {
          ActionField: 'Body',
          Constant:
            'Alert {{AlertId}}: {{AlertTitle}}\nStatus {{Status}}, due {{DueAt}} (survey {{SurveyId}}, session {{SessionId}}).\n{{AlertDetailLink}}',
        },
        { ActionField: 'Priority', Constant: 'normal' },
      ],
    },
  },
  {
    source: {
      Name: 'CRM webhook',
      BehaviourType: 'action',
      Type: 'webhook',
      Url: 'https://crm.demo-bank.example/loupe/events',
      Secret: demoSecret('whsec_'),
    },
    workflow: {
      Name: 'Completed sessions to the CRM',
      IsActive: false,
      Event: 'session.completed',
      Action: 'webhook.post',
      Mapping: [
        { ActionField: 'sessionId', EventField: 'SessionId' },
        { ActionField: 'survey', EventField: 'SurveyTitle' },
        { ActionField: 'completedAt', EventField: 'CompletedAt' },
      ],
    },
  },
  {
    source: {
      Name: 'Slack CX channel',
      BehaviourType: 'action',
      ConfigurationType: 1,
      Secret: demoSecret('xoxb-demo-'),
      Channel: '#cx-alerts',
    },
    workflow: {
      Name: 'Alerts to Slack',
      IsActive: false,
      Event: 'alert.created',
      Action: 'slack.message',
      Mapping: [{ ActionField: 'Text', Constant: 'New alert: {{AlertTitle}} {{AlertDetailLink}}' }],
    },
  },
  {
    source: {
      Name: 'Teams CX team',
      BehaviourType: 'action',
      ConfigurationType: 5,
      Url: 'https://teams.demo-bank.example/webhookb2/cx-alerts',
    },
    workflow: {
      Name: 'Alert status changes to Teams',
      IsActive: false,
      Event: 'alert.status_changed',
      Action: 'teams.messageCard',
      Mapping: [
        { ActionField: 'Title', EventField: 'AlertTitle' },
        { ActionField: 'Text', Constant: 'Status {{OldStatus}} → {{Status}}: {{AlertDetailLink}}' },
        { ActionField: 'ThemeColor', Constant: '0076D7' },
      ],
    },
  },
];

/**
 * Seeds the tenant's demo integrations (see above) with `secretKey`, the key the module seals secrets with, and
 * answers how many sources and workflows it created (none at a later start).
 */
export async function seedDemoIntegrations(
  db: Db,
  tenantId: number,
  secretKey: Uint8Array,
): Promise<{ sources: number; workflows: number }> {
  const sources = createIntegrationSourceService({ db, box: createSecretBox(secretKey) });
  const workflows = createIntegrationWorkflowService({ db });
  // The services ask only for the tenant; nothing here goes through a route, so nothing is audited.
  const actor: Actor = {
    userId: 0,
    tenantId,
    userName: 'demo',
    scopes: ['integration:manage'],
    clientId: 'demo',
  };
  const created = { sources: 0, workflows: 0 };
  for (const [order, demo] of DEMO_INTEGRATIONS.entries()) {
    const [existing] = await db
      .select({ id: integrationSources.id })
      .from(integrationSources)
      .where(and(eq(integrationSources.tenantId, tenantId), eq(integrationSources.name, demo.source.Name)));
    let sourceId = existing?.id;
    if (sourceId === undefined) {
      const { Secret, ...source } = demo.source;
      const body = integrationSourceSaveSchema.parse({ ...source, Secret: Secret?.() });
      sourceId = (await sources.create(actor, body)).Id;
      created.sources += 1;
    }
    const [workflow] = await db
      .select({ id: integrationWorkflows.id })
      .from(integrationWorkflows)
      .where(
        and(eq(integrationWorkflows.tenantId, tenantId), eq(integrationWorkflows.name, demo.workflow.Name)),
      );
    if (workflow) continue;
    const body = integrationWorkflowSaveSchema.parse({ Order: order, ...demo.workflow, SourceId: sourceId });
    await workflows.create(actor, body);
    created.workflows += 1;
  }
  return created;
}
