import { createHmac } from 'node:crypto';
import { smsGatewayConfigSchema, type SmsGatewayConfig } from '@loupe/contracts';

/*
 * The generic HTTP SMS gateway of the service configuration section `SmsGateway` (docs/invitations.md): one POST
 * per message, its fields templated over {{To}}, {{Text}}, {{From}} and {{MessageId}}, sent as JSON or as a
 * form, with the section's headers and, when a signing secret is set, `X-Loupe-Signature: sha256=<hex HMAC>` of
 * the body.
 */

/** What one try of a message came to: accepted, worth another try, or refused for good. */
export type SendOutcome =
  | { kind: 'delivered'; providerId: string | null }
  | { kind: 'temporary'; reason: string }
  | { kind: 'permanent'; reason: string };

const GATEWAY_TIMEOUT_MS = 15_000;
/** The longest gateway answer read, for a reason to record. */
const ANSWER_EXCERPT = 200;

/** The section as stored, checked; undefined when it is missing or broken. */
export function parseSmsGateway(json: string | undefined): SmsGatewayConfig | undefined {
  if (json === undefined) return undefined;
  try {
    const parsed = smsGatewayConfigSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (_token, name: string) => values[name] ?? '');

/** The request a message makes: URL, headers and body (separate from the call, so a test can read it). */
export function gatewayRequest(
  config: SmsGatewayConfig,
  message: { to: string; text: string; messageId: string },
): { url: string; headers: Record<string, string>; body: string } {
  const values = { To: message.to, Text: message.text, From: config.From, MessageId: message.messageId };
  const fields = Object.fromEntries(
    Object.entries(config.Fields).map(([name, template]) => [name, fill(template, values)]),
  );
  const body = config.Format === 'json' ? JSON.stringify(fields) : new URLSearchParams(fields).toString();
  const headers: Record<string, string> = {
    ...config.Headers,
    'content-type':
      config.Format === 'json' ? 'application/json; charset=utf-8' : 'application/x-www-form-urlencoded',
    // A gateway that keeps ids can drop a message it already took (a retry after a lost answer).
    'x-loupe-message-id': message.messageId,
  };
  if (config.SigningSecret) {
    headers['x-loupe-signature'] =
      `sha256=${createHmac('sha256', config.SigningSecret).update(body).digest('hex')}`;
  }
  return { url: config.Url, headers, body };
}

/** A gateway answer as an outcome: 2xx accepted; 408, 429 and 5xx tried again; any other 4xx refused for good. */
export function classifyGatewayStatus(status: number, answer: string): SendOutcome {
  if (status >= 200 && status < 300) return { kind: 'delivered', providerId: null };
  const reason = `SMS gateway answered ${status}${answer ? `: ${answer.slice(0, ANSWER_EXCERPT)}` : ''}`;
  if (status === 408 || status === 429 || status >= 500) return { kind: 'temporary', reason };
  return { kind: 'permanent', reason };
}

/** Sends one message to the gateway. */
export async function sendSms(
  config: SmsGatewayConfig,
  message: { to: string; text: string; messageId: string },
): Promise<SendOutcome> {
  const request = gatewayRequest(config, message);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
    });
  } catch (error) {
    return { kind: 'temporary', reason: `SMS gateway unreachable: ${(error as Error).message}` };
  }
  const answer = await response.text().catch(() => '');
  return classifyGatewayStatus(response.status, answer.trim());
}
