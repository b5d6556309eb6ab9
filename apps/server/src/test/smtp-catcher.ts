import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail } from './mime.js';

/** A mail the server sent, as a test reads it (API tests in process, browser tests from `GET /messages`). */
export type CaughtMail = {
  id: number;
  /** Envelope recipients (lower case), which is where the mail really went. */
  to: string[];
  from: string;
  /** Decoded subject. */
  subject: string;
  /** The plain-text and HTML parts, decoded. */
  text: string;
  html: string;
  /** The whole message as it arrived. */
  raw: string;
  receivedAt: string;
};

export type SmtpCatcherOptions = {
  /** Port to listen on (127.0.0.1); 0 or absent picks a free one. */
  smtpPort?: number;
  /** When given, `GET /messages[?to=address]` on this port lists the mails as JSON, for other processes. */
  httpPort?: number;
  /**
   * Refuses a recipient with this SMTP code and text (e.g. 550 unknown user, 451 try later); undefined accepts.
   * Read at each RCPT TO, so a test may change its answer between attempts.
   */
  refuse?: (address: string) => { code: number; message: string } | undefined;
  /** Answers each mail this many milliseconds after it arrived, as a slow mail server does (default 0). */
  delayMs?: number;
};

export type SmtpCatcher = {
  /** `smtp://127.0.0.1:<port>`, for createMailer or SMTP_URL. */
  url: string;
  mails: CaughtMail[];
  /** Resolves with the first mail to `address` after `afterCount` mails, waiting up to `timeoutMs`. */
  waitForMail(address: string, options?: { afterCount?: number; timeoutMs?: number }): Promise<CaughtMail>;
  close(): Promise<void>;
};

type Listening = {
  once(event: 'error', listener: (error: Error) => void): unknown;
  listen(port: number, host: string, callback: () => void): unknown;
};

function listen(server: Listening, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

/**
 * A local SMTP server that accepts every mail (no TLS, no authentication) and keeps it in memory: the tests'
 * mailbox. With `httpPort`, also a tiny HTTP endpoint on 127.0.0.1 that lists what arrived.
 */
export async function startSmtpCatcher({
  smtpPort = 0,
  httpPort,
  refuse,
  delayMs = 0,
}: SmtpCatcherOptions = {}): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refuse?.(address.address.toLowerCase());
      if (!refusal) return callback();
      return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const { from, subject, text, html } = parseMail(raw);
        mails.push({
          id: mails.length + 1,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          from,
          subject,
          text,
          html,
          raw,
          receivedAt: new Date().toISOString(),
        });
        if (delayMs > 0) setTimeout(callback, delayMs);
        else callback();
      });
    },
  });
  await listen(smtp, smtpPort);
  const { port } = smtp.server.address() as AddressInfo;

  let api: http.Server | undefined;
  if (httpPort !== undefined) {
    api = http.createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (request.method === 'GET' && url.pathname === '/messages') {
        const to = url.searchParams.get('to')?.toLowerCase();
        const body = JSON.stringify(to ? mails.filter((mail) => mail.to.includes(to)) : mails);
        response.writeHead(200, { 'content-type': 'application/json' }).end(body);
        return;
      }
      response.writeHead(404).end();
    });
    try {
      await listen(api, httpPort);
    } catch (error) {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      throw error;
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitForMail(address, { afterCount = 0, timeoutMs = 5000 } = {}) {
      const wanted = address.toLowerCase();
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.slice(afterCount).find((candidate) => candidate.to.includes(wanted));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      if (api) await new Promise<void>((resolve) => api.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
