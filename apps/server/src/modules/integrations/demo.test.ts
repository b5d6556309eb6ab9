import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationSource, IntegrationWorkflow } from '@loupe/contracts';
import { loadConfig } from '../../config.js';
import { createMailer } from '../../core/mailer.js';
import { createSecretBox } from '../../core/secret-box.js';
import { integrationSources, integrationWorkflows } from '../../db/schema/index.js';
import { createLogger } from '../../logger.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { DEMO_ZENDESK_EMAIL, seedDemoIntegrations } from './demo.js';
import { emitIntegrationEvent } from './index.js';

/*
 * The demo's integrations (docs/integrations.md "Demo"): seeded once through the module's services, read back
 * through the API as the screens read them; a second start adds nothing; the active Zendesk workflow mails a created
 * alert as a ticket to the demo address (a local SMTP catcher).
 */

let t: TestApp;
let smtp: SmtpCatcher;
let token: string;
let key: Uint8Array;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: 'Loupe <no-reply@loupe.test>',
    logger: createLogger('silent'),
  });
  t = await createTestApp({
    mailer,
    config: { ...loadConfig(), integrations: { outboxPollMs: 20 } },
  });
  await t.app.ready();
  token = (await t.signIn('admin')).access_token;
  key = t.signer.deriveKey('integration-secret');
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('demo integrations', () => {
  it('creates a Zendesk source with an active alert workflow and three inactive ones, once', async () => {
    expect(await seedDemoIntegrations(t.database.db, t.tenantId, key)).toEqual({ sources: 4, workflows: 4 });

    const sources = (await t.call('GET', '/api/integration-sources', { token })).json<IntegrationSource[]>();
    const byName = new Map(sources.map((source) => [source.Name, source]));
    // One workflow each: the count is the source's own (it once counted by the workflow's id).
    expect(sources.map((source) => source.WorkflowCount)).toEqual([1, 1, 1, 1]);
    expect(byName.get('Zendesk support')).toMatchObject({
      Kind: 'zendesk',
      ConfigurationType: 3,
      Email: DEMO_ZENDESK_EMAIL,
    });
    expect(byName.get('CRM webhook')).toMatchObject({ Kind: 'webhook', Type: 'webhook', HasSecret: true });
    expect(byName.get('Slack CX channel')).toMatchObject({
      Kind: 'slack',
      ConfigurationType: 1,
      Channel: '#cx-alerts',
      HasSecret: true,
    });
    // The Teams URL is sealed (it carries its credential) and answered masked.
    expect(byName.get('Teams CX team')).toMatchObject({
      Kind: 'teams',
      ConfigurationType: 5,
      Url: 'https://teams.demo-bank.example/…',
    });
    // The secrets are sealed with the module's key.
    const [crm] = await t.database.db
      .select({ sealed: integrationSources.secretSealed })
      .from(integrationSources)
      .where(eq(integrationSources.name, 'CRM webhook'));
    expect(createSecretBox(key).open(crm!.sealed!)).toMatch(/^whsec_/);

    const workflows = (await t.call('GET', '/api/integration-workflows', { token })).json<
      IntegrationWorkflow[]
    >();
    expect(
      workflows.map(({ Name, SourceName, Event, Action, IsActive }) => ({
        Name,
        SourceName,
        Event,
        Action,
        IsActive,
      })),
    ).toEqual([
      {
        Name: 'Alerts to Zendesk',
        SourceName: 'Zendesk support',
        Event: 'alert.created',
        Action: 'zendesk.ticket',
        IsActive: true,
      },
      {
        Name: 'Completed sessions to the CRM',
        SourceName: 'CRM webhook',
        Event: 'session.completed',
        Action: 'webhook.post',
        IsActive: false,
      },
      {
        Name: 'Alerts to Slack',
        SourceName: 'Slack CX channel',
        Event: 'alert.created',
        Action: 'slack.message',
        IsActive: false,
      },
      {
        Name: 'Alert status changes to Teams',
        SourceName: 'Teams CX team',
        Event: 'alert.status_changed',
        Action: 'teams.messageCard',
        IsActive: false,
      },
    ]);
    expect(workflows[0]!.Mapping).toContainEqual({
      ActionField: 'Subject',
      EventField: 'AlertTitle',
      Constant: null,
    });

    // A second start adds nothing.
    expect(await seedDemoIntegrations(t.database.db, t.tenantId, key)).toEqual({ sources: 0, workflows: 0 });
    expect(await t.database.db.$count(integrationSources, eq(integrationSources.tenantId, t.tenantId))).toBe(
      4,
    );
    expect(
      await t.database.db.$count(integrationWorkflows, eq(integrationWorkflows.tenantId, t.tenantId)),
    ).toBe(4);
  });

  it('mails a created alert to the demo Zendesk address, its subject the alert title', async () => {
    await emitIntegrationEvent(t.database.db, {
      tenantId: t.tenantId,
      event: 'alert.created',
      data: { AlertId: 7, AlertRuleId: 1, AlertTitle: 'NPS detractor at a branch', Status: 1, SurveyId: 2 },
    });
    const mail = await smtp.waitForMail(DEMO_ZENDESK_EMAIL, { timeoutMs: 15_000 });
    expect(mail.subject).toBe('NPS detractor at a branch');
    expect(mail.text).toContain('Alert 7: NPS detractor at a branch');
  });
});
