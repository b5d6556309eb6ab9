import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { IntegrationWebhookPayload } from '@loupe/contracts';
import {
  DEFAULT_INTEGRATION_SETTINGS,
  fillPlaceholders,
  mappedData,
  requestOf,
  retryDelayMs,
  signatureOf,
} from './integration-sender.js';

const payload: IntegrationWebhookPayload = {
  IdempotencyKey: '7-3',
  DeliveryId: 11,
  WorkflowId: 3,
  WorkflowName: 'W',
  Event: 'alert.created',
  EventId: 7,
  OccurredAt: '2026-05-01T00:00:00.000Z',
  Data: { Text: 'Hello', Title: 'T' },
  EventData: { AlertId: 5 },
};

describe('integration sender', () => {
  it('signs "t.body" with HMAC-SHA256 in the t=…,v1=… format', () => {
    const body = '{"a":1}';
    const expected = createHmac('sha256', 'secret').update(`1700000000.${body}`).digest('hex');
    expect(signatureOf('secret', body, 1_700_000_000)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('lets the event field win over the constant, and fills placeholders in constants', () => {
    const data = { SurveyTitle: 'NPS', Count: 2, Missing: null };
    expect(
      mappedData(
        [
          { ActionField: 'A', EventField: 'SurveyTitle', Constant: 'not used' },
          { ActionField: 'B', EventField: 'Missing', Constant: 'fallback {{Count}}' },
          { ActionField: 'C', EventField: null, Constant: '{{SurveyTitle}}/{{Unknown}}' },
        ],
        data,
      ),
    ).toEqual({ A: 'NPS', B: 'fallback 2', C: 'NPS/' });
    expect(fillPlaceholders('{{ Obj }}', { Obj: { x: 1 } })).toBe('{"x":1}');
  });

  it('doubles the retry delay per attempt', () => {
    const settings = { ...DEFAULT_INTEGRATION_SETTINGS, retryBaseMs: 1000 };
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(settings, attempt))).toEqual([1000, 2000, 4000, 8000]);
  });

  it('builds the Slack, Teams and Zendesk requests', () => {
    const source = { kind: 'slack' as const, url: null, secret: 'xoxb', channel: '#cx', email: 'z@z.test' };
    const slack = requestOf(source, 'slack.message', payload, DEFAULT_INTEGRATION_SETTINGS);
    expect(slack).toMatchObject({
      url: 'https://slack.com/api/chat.postMessage',
      headers: { authorization: 'Bearer xoxb' },
    });
    const teams = requestOf(
      { ...source, url: 'https://t.test/h' },
      'teams.messageCard',
      payload,
      DEFAULT_INTEGRATION_SETTINGS,
    );
    expect(JSON.parse((teams as { body: string }).body)).toMatchObject({
      '@type': 'MessageCard',
      title: 'T',
      text: 'Hello',
    });
    const zendesk = requestOf(
      source,
      'zendesk.ticket',
      { ...payload, Data: { Subject: 'S', Body: 'B' } },
      DEFAULT_INTEGRATION_SETTINGS,
    );
    expect(zendesk).toEqual({ mail: { to: 'z@z.test', subject: 'S', text: 'B\n\nLoupe delivery 7-3' } });
  });
});
