import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/**
 * One mail: plain text for every client, HTML for those that show it. `headers` are added as they are (e.g.
 * List-Unsubscribe); `messageId` sets the Message-ID, so that a message tried again keeps its id.
 */
type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  messageId?: string;
  /** Files attached to the mail (an email report's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};

export type Mailer = {
  /** False without SMTP_URL: `send` then only logs. */
  readonly configured: boolean;
  /** Resolves once the SMTP server accepted the mail; rejects with nodemailer's error (`responseCode`, `code`). */
  send(message: MailMessage): Promise<void>;
  close(): void;
};

type MailerOptions = {
  /** `smtp://host:port` (or `smtps://user:pass@host:port`); unset: mails are logged, not sent. */
  smtpUrl: string | undefined;
  from: string;
  logger: FastifyBaseLogger;
  /** Keep up to this many SMTP connections open and reuse them (bulk sending); default one per mail. */
  pool?: number;
};

/** Text made safe inside a mail's HTML (element content and quoted attributes). */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Sends mail over SMTP with nodemailer (ARCHITECTURE §4). */
export function createMailer({ smtpUrl, from, logger, pool }: MailerOptions): Mailer {
  if (!smtpUrl) {
    return {
      configured: false,
      async send(message) {
        // Without SMTP the log is the only way to follow a mailed link on a development machine.
        logger.warn(
          { to: message.to, subject: message.subject, text: message.text },
          'SMTP_URL unset: mail not sent',
        );
      },
      close() {},
    };
  }
  const transport = pool
    ? nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: pool, maxMessages: Infinity })
    : nodemailer.createTransport(smtpUrl);
  return {
    configured: true,
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close() {
      transport.close();
    },
  };
}
