import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as a test reads it: envelope recipients, decoded subject and plain-text body. */
export type CaughtMail = { to: string[]; subject: string; text: string; raw: string };

export type SmtpCatcher = {
  /** `smtp://127.0.0.1:<port>`, for createMailer. */
  url: string;
  mails: CaughtMail[];
  /** Resolves with the first mail to `address` after `afterCount` mails, waiting up to `timeoutMs`. */
  waitForMail(address: string, options?: { afterCount?: number; timeoutMs?: number }): Promise<CaughtMail>;
  close(): Promise<void>;
};

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

// Only what nodemailer writes: RFC 2047 encoded words in headers, and base64 or quoted-printable text parts.
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_all, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function plainText(raw: string): string {
  const part = /content-type: text\/plain[^]*?\r?\n\r?\n([^]*?)(?:\r?\n--|$)/i.exec(raw);
  if (!part) return '';
  const headers = raw.slice(0, part.index + part[0].length - part[1]!.length);
  const encoding = /content-transfer-encoding: ([\w-]+)\s*$/im.exec(headers.slice(part.index))?.[1];
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(part[1]!, 'base64').toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') return decodeQuotedPrintable(part[1]!);
  return part[1]!;
}

/** A local SMTP server (no TLS, no authentication) that keeps every mail in memory: the tests' mailbox. */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '';
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject: decodeWords(subject),
          text: plainText(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
