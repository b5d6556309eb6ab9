import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** One mail: plain text for every client, HTML for those that show it. */
type MailMessage = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  close(): void;
};

type MailerOptions = {
  /** `smtp://host:port` (or `smtps://user:pass@host:port`); unset: mails are logged, not sent. */
  smtpUrl: string | undefined;
  from: string;
  logger: FastifyBaseLogger;
};

/** Sends mail over SMTP with nodemailer (ARCHITECTURE §4). */
export function createMailer({ smtpUrl, from, logger }: MailerOptions): Mailer {
  if (!smtpUrl) {
    return {
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
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close() {
      transport.close();
    },
  };
}
