import { createHmac } from 'node:crypto';
import {
  fillPlaceholders as fillTextPlaceholders,
  INTEGRATION_IDEMPOTENCY_HEADER,
  INTEGRATION_SIGNATURE_HEADER,
  type IntegrationAction,
  type IntegrationMapping,
  type IntegrationSourceKind,
  type IntegrationWebhookPayload,
} from '@loupe/contracts';
import { escapeHtml, type Mailer } from '../../core/mailer.js';
import type { SecretBox } from '../../core/secret-box.js';
import { postOutbound } from './outbound-http.js';

/*
 * One attempt of one delivery (docs/integrations.md "Actions"): a signed JSON POST (webhook, Zapier), Slack's
 * chat.postMessage, a Teams MessageCard, or a Zendesk ticket by mail. Nothing here writes to the database; the
 * worker logs what an attempt answers.
 */

/** Text kept of a request or response body in the log. */
export const LOGGED_BODY_MAX = 10_000;

export type IntegrationSettings = {
  /** Slack's Web API base URL (tests point it at a local receiver). */
  slackBaseUrl: string;
  /** Attempts before a delivery is dead (the first one included). */
  maxAttempts: number;
  /** The first retry's delay; each later one waits twice as long. */
  retryBaseMs: number;
  /** How long one HTTP attempt may take. */
  requestTimeoutMs: number;
  /** How often each node looks for undispatched outbox rows; 0: never (the minute schedule still does). */
  outboxPollMs: number;
  /** Whether a delivery may reach this machine or its private network (outbound-http.ts); off by default. */
  allowPrivateAddresses: boolean;
};

export const DEFAULT_INTEGRATION_SETTINGS: IntegrationSettings = {
  slackBaseUrl: 'https://slack.com/api',
  maxAttempts: 5,
  retryBaseMs: 30_000,
  requestTimeoutMs: 10_000,
  outboxPollMs: 1_000,
  allowPrivateAddresses: false,
};

/** The delay before retry `attempt` + 1 after attempt `attempt` failed: base · 2^(attempt − 1). */
export const retryDelayMs = (settings: IntegrationSettings, attempt: number) =>
  settings.retryBaseMs * 2 ** Math.max(0, attempt - 1);

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the source's secret. */
export function signatureOf(secret: string, body: string, unixSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

/** `{{Field}}` in a constant, filled from the event's data (an unknown field reads empty). */
export function fillPlaceholders(text: string, data: Record<string, unknown>): string {
  const values = Object.fromEntries(Object.entries(data).map(([name, value]) => [name, textOf(value)]));
  return fillTextPlaceholders(text, values, { html: false });
}

/** An event field as text: a string as is, a number or boolean written out, anything else as JSON. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * The action's fields from the mapping: the event field's value when the event carries it (the event field wins
 * over a constant), else the constant with its placeholders filled.
 */
export function mappedData(
  mapping: IntegrationMapping[],
  eventData: Record<string, unknown>,
): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const entry of mapping) {
    const fromEvent = entry.EventField === null ? undefined : eventData[entry.EventField];
    if (fromEvent !== undefined && fromEvent !== null) data[entry.ActionField] = fromEvent;
    else if (entry.Constant !== null) data[entry.ActionField] = fillPlaceholders(entry.Constant, eventData);
    else data[entry.ActionField] = null;
  }
  return data;
}

/** What an alert rule's "integration" action sends to a source of each kind (no workflow, no mapping of its own). */
export const ALERT_ACTION_DEFAULTS: Record<
  IntegrationSourceKind,
  { action: IntegrationAction; mapping: IntegrationMapping[] }
> = (() => {
  const text = 'Alert #{{AlertId}} {{AlertTitle}}: status {{Status}}. {{AlertDetailLink}}';
  const constant = (ActionField: string, Constant: string): IntegrationMapping => ({
    ActionField,
    EventField: null,
    Constant,
  });
  const webhook = { action: 'webhook.post' as const, mapping: [] };
  return {
    webhook,
    zapier: webhook,
    slack: { action: 'slack.message', mapping: [constant('Text', text)] },
    teams: {
      action: 'teams.messageCard',
      mapping: [constant('Title', 'Loupe alert: {{AlertTitle}}'), constant('Text', text)],
    },
    zendesk: {
      action: 'zendesk.ticket',
      mapping: [constant('Subject', 'Loupe alert #{{AlertId}}: {{AlertTitle}}'), constant('Body', text)],
    },
  };
})();

/** A source as the sender needs it, its secrets opened. */
export type SendingSource = {
  kind: IntegrationSourceKind;
  url: string | null;
  secret: string | null;
  channel: string | null;
  email: string | null;
};

export type AttemptResult = {
  ok: boolean;
  requestBody: string;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
};

const cut = (text: string) => (text.length > LOGGED_BODY_MAX ? text.slice(0, LOGGED_BODY_MAX) : text);

/** Opens a sealed secret; null when there is none or it no longer opens (the key changed). */
export function openSecret(box: SecretBox, sealed: string | null): string | null {
  if (sealed === null) return null;
  try {
    return box.open(sealed);
  } catch {
    return null;
  }
}

type Request = { url: string; body: string; headers: Record<string, string> };

/** The request a webhook-like action sends, or the mail a Zendesk ticket is. */
export function requestOf(
  source: SendingSource,
  action: IntegrationAction,
  payload: IntegrationWebhookPayload,
  settings: IntegrationSettings,
): Request | { mail: { to: string; subject: string; text: string } } {
  const data = payload.Data;
  const json = { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'Loupe-Integrations/1' };
  switch (action) {
    case 'webhook.post':
      return {
        url: source.url ?? '',
        body: JSON.stringify(payload),
        headers: { ...json, [INTEGRATION_IDEMPOTENCY_HEADER]: payload.IdempotencyKey },
      };
    case 'slack.message':
      return {
        url: `${settings.slackBaseUrl.replace(/\/+$/, '')}/chat.postMessage`,
        body: JSON.stringify({
          channel: textOf(data.Channel) || source.channel,
          text: textOf(data.Text),
          metadata: {
            event_type: 'loupe_delivery',
            event_payload: { idempotency_key: payload.IdempotencyKey },
          },
        }),
        headers: { ...json, authorization: `Bearer ${source.secret ?? ''}` },
      };
    case 'teams.messageCard':
      return {
        url: source.url ?? '',
        body: JSON.stringify({
          '@type': 'MessageCard',
          '@context': 'https://schema.org/extensions',
          summary: textOf(data.Title),
          title: textOf(data.Title),
          text: textOf(data.Text),
          themeColor: textOf(data.ThemeColor) || '0076D7',
        }),
        headers: { ...json, [INTEGRATION_IDEMPOTENCY_HEADER]: payload.IdempotencyKey },
      };
    case 'zendesk.ticket': {
      const lines = [textOf(data.Body)];
      if (data.Priority) lines.push('', `Priority: ${textOf(data.Priority)}`);
      if (data.RequesterEmail) lines.push(`Requester: ${textOf(data.RequesterEmail)}`);
      lines.push('', `Loupe delivery ${payload.IdempotencyKey}`);
      return { mail: { to: source.email ?? '', subject: textOf(data.Subject), text: lines.join('\n') } };
    }
  }
}

/** Sends one attempt and reports what happened; never throws. */
export async function sendAttempt(
  deps: { mailer: Mailer; settings: IntegrationSettings },
  source: SendingSource,
  action: IntegrationAction,
  payload: IntegrationWebhookPayload,
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const request = requestOf(source, action, payload, deps.settings);
  if ('mail' in request) {
    const { mail } = request;
    const requestBody = `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`;
    if (!deps.mailer.configured) return fail(requestBody, 'SMTP is not configured (SMTP_URL)', elapsed());
    try {
      await deps.mailer.send({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(mail.text)}</pre>`,
        headers: { [INTEGRATION_IDEMPOTENCY_HEADER]: payload.IdempotencyKey },
        messageId: `<${payload.IdempotencyKey}@loupe.integrations>`,
      });
      return {
        ok: true,
        requestBody,
        responseStatus: null,
        responseBody: null,
        error: null,
        durationMs: elapsed(),
      };
    } catch (error) {
      return fail(requestBody, error instanceof Error ? error.message : String(error), elapsed());
    }
  }
  const headers = { ...request.headers };
  if ((action === 'webhook.post' || action === 'teams.messageCard') && source.secret)
    headers[INTEGRATION_SIGNATURE_HEADER] = signatureOf(
      source.secret,
      request.body,
      Math.floor(Date.now() / 1000),
    );
  try {
    const response = await postOutbound(request.url, headers, request.body, {
      timeoutMs: deps.settings.requestTimeoutMs,
      allowPrivate: deps.settings.allowPrivateAddresses,
      maxBodyChars: LOGGED_BODY_MAX,
    });
    const text = cut(response.body);
    let ok = response.status >= 200 && response.status < 300;
    let error = ok ? null : `HTTP ${response.status}`;
    if (ok && action === 'slack.message') {
      // Slack answers 200 with { ok: false, error } when it refuses the message.
      const answer = safeJson(text) as { ok?: unknown; error?: unknown } | undefined;
      if (answer?.ok !== true) {
        ok = false;
        error = `Slack: ${typeof answer?.error === 'string' ? answer.error : 'not ok'}`;
      }
    }
    return {
      ok,
      requestBody: request.body,
      responseStatus: response.status,
      responseBody: text,
      error,
      durationMs: elapsed(),
    };
  } catch (error) {
    const reason =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    return fail(request.body, reason, elapsed());
  }
}

function fail(requestBody: string, error: string, durationMs: number): AttemptResult {
  return { ok: false, requestBody, responseStatus: null, responseBody: null, error: cut(error), durationMs };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
