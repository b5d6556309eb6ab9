import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INVITATION_STATES, invitationState } from '@loupe/contracts';
import { classifySmtpError } from './invitation-sender.js';
import { invitationLinks } from '../message-templates/index.js';
import { htmlToText, renderEmail, renderText } from './invitation-render.js';
import { classifyGatewayStatus, gatewayRequest, parseSmsGateway } from './sms-gateway.js';

/* The pure parts of sending (docs/invitations.md): rendering, the outcome rules, the gateway request, the state. */

const links = invitationLinks('https://cx.example.test', 'tok');

describe('rendering', () => {
  it('turns a rich-text body into lines, links as "label (url)", entities decoded', () => {
    expect(
      htmlToText(
        '<p>Hi &amp; welcome</p><p><a href="https://x.test/a">Start</a><br>or <a href="https://x.test/b">https://x.test/b</a></p><ul><li>one</li></ul>',
      ),
    ).toBe('Hi & welcome\nStart (https://x.test/a)\nor https://x.test/b\n- one');
  });

  it('fills an e-mail: HTML escaped and sanitised, text raw, subject on one line', () => {
    const mail = renderEmail(
      {
        Subject: 'Hello {{FullName}}\r\nBcc: x',
        Body: '<p onclick="x()">{{FullName}}</p><script>1</script>{{ExecutionLinkHtml}}',
      },
      { invitee: { FullName: '<b>Ann</b>' }, links, fallbackSubject: 'Survey', language: 'ar' },
    );
    expect(mail.subject).toBe('Hello <b>Ann</b> Bcc: x');
    expect(mail.html).toBe(
      '<!doctype html><html lang="ar" dir="rtl"><body><p>&lt;b&gt;Ann&lt;/b&gt;</p><a href="https://cx.example.test/s/tok">https://cx.example.test/s/tok</a></body></html>',
    );
    expect(mail.text).toBe('<b>Ann</b>\nhttps://cx.example.test/s/tok');
  });

  it('fills an SMS with plain links, the unsubscribe link asking on the page', () => {
    expect(
      renderText(
        { Body: 'Hi {{FullName}} {{ShortExecutionLink}} stop: {{UnsubscribeLinkHtml}}' },
        { invitee: { FullName: 'Ann' }, links },
      ),
    ).toBe('Hi Ann https://cx.example.test/s/tok stop: https://cx.example.test/s/tok/optout');
  });
});

describe('outcomes', () => {
  it('retries SMTP 4xx and connection errors, stops at 5xx', () => {
    const error = (responseCode?: number, code?: string) =>
      Object.assign(new Error('x'), { responseCode, code });
    expect(classifySmtpError(error(550, 'EENVELOPE')).kind).toBe('permanent');
    expect(classifySmtpError(error(451)).kind).toBe('temporary');
    expect(classifySmtpError(error(undefined, 'ECONNREFUSED')).kind).toBe('temporary');
  });

  it('retries a gateway 5xx, 408 and 429, stops at any other 4xx, delivers on 2xx', () => {
    expect(classifyGatewayStatus(202, '').kind).toBe('delivered');
    for (const status of [500, 503, 408, 429])
      expect(classifyGatewayStatus(status, '').kind).toBe('temporary');
    for (const status of [400, 401, 404, 422])
      expect(classifyGatewayStatus(status, 'bad').kind).toBe('permanent');
    expect(classifyGatewayStatus(422, 'x'.repeat(500))).toMatchObject({
      reason: `SMS gateway answered 422: ${'x'.repeat(200)}`,
    });
  });
});

describe('the gateway request', () => {
  const config = parseSmsGateway(
    JSON.stringify({
      Url: 'https://sms.test/send',
      Format: 'form',
      From: 'L',
      Fields: { a: '{{To}}', b: '{{Text}} {{From}}', c: '{{Nope}}' },
      SigningSecret: 's',
    }),
  )!;

  it('fills the fields, signs the body and names the message', () => {
    const request = gatewayRequest(config, { to: '+90', text: 'hi & bye', messageId: '<m1>' });
    expect(request.body).toBe('a=%2B90&b=hi+%26+bye+L&c=');
    expect(request.headers['x-loupe-signature']).toBe(
      `sha256=${createHmac('sha256', 's').update(request.body).digest('hex')}`,
    );
    expect(request.headers['x-loupe-message-id']).toBe('<m1>');
  });

  it('refuses a section that breaks the schema', () => {
    expect(parseSmsGateway('{"Url":"ftp://x","Fields":{}}')).toBeUndefined();
    expect(parseSmsGateway('not json')).toBeUndefined();
    expect(parseSmsGateway(undefined)).toBeUndefined();
  });
});

describe('invitationState', () => {
  const none = {
    sentAt: null,
    deliveredAt: null,
    openedAt: null,
    startedAt: null,
    completedAt: null,
    failedAt: null,
    optedOutAt: null,
    expiresAt: null,
  };
  const now = new Date('2026-06-01T12:00:00Z');
  const past = new Date('2026-05-01T00:00:00Z');
  const future = new Date('2026-07-01T00:00:00Z');

  it('reads the furthest step, ended states first, expiry before the open steps', () => {
    expect(invitationState(none, now)).toBe('Queued');
    expect(invitationState({ ...none, sentAt: past }, now)).toBe('Sent');
    expect(
      invitationState({ ...none, sentAt: past, deliveredAt: past, openedAt: past, expiresAt: future }, now),
    ).toBe('Opened');
    expect(invitationState({ ...none, deliveredAt: past, startedAt: past, expiresAt: past }, now)).toBe(
      'Expired',
    );
    expect(invitationState({ ...none, completedAt: past, expiresAt: past }, now)).toBe('Completed');
    expect(invitationState({ ...none, optedOutAt: past, failedAt: past }, now)).toBe('OptedOut');
    expect(invitationState({ ...none, sentAt: past, failedAt: past }, now)).toBe('Failed');
  });

  it('answers only the contract’s states', () => {
    const times = [null, past, future];
    const seen = new Set<string>();
    for (const startedAt of times)
      for (const failedAt of times)
        for (const expiresAt of times)
          seen.add(invitationState({ ...none, startedAt, failedAt, expiresAt }, now));
    expect([...seen].every((state) => (INVITATION_STATES as readonly string[]).includes(state))).toBe(true);
    expect(seen.size).toBeGreaterThan(3);
  });
});
