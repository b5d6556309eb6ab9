import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { oneTimeTokens, users } from '../../db/schema/index.js';
import { createLogger } from '../../logger.js';
import { linkToken } from '../../test/account-test-helpers.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher.js';
import { createTestApp, openTestDatabase, type TestDatabase } from '../../test/test-app.js';
import { createMailer } from '../../core/mailer.js';
import { LINK_MAIL_QUEUE } from './link-mails.js';

const ADMIN_EMAIL = 'admin@demo-bank.example';

let smtp: SmtpCatcher;
let store: TestDatabase;
let database: DatabaseHandle | undefined;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  // On files (PGlite) or a server (PostgreSQL), so that it can be closed and opened again like a restart.
  store = await openTestDatabase({ files: true });
  database = store.database;
});
afterAll(async () => {
  await database?.close();
  await store?.drop();
  await smtp?.close();
});

const mailerTo = (smtpUrl: string) =>
  createMailer({ smtpUrl, from: 'Loupe <no-reply@loupe.test>', logger: createLogger('silent') });

/** An address where nothing listens: an SMTP connection to it is refused at once. */
async function refusingSmtpUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}

const mailJobs = (handle: DatabaseHandle) =>
  handle.raw<{ state: string }>('SELECT state FROM pgboss.job WHERE name = $1', [LINK_MAIL_QUEUE]);

describe('account mails on the job queue', () => {
  it('sends a mail asked for before the server stopped once it runs again, with a link that works', async () => {
    // The first run cannot reach its SMTP server: the mail job is tried, fails and waits for its retry.
    const first = await createTestApp({
      database: store.database,
      mailer: mailerTo(await refusingSmtpUrl()),
    });
    const asked = await first.app.inject({
      method: 'POST',
      url: '/api/account/forgot-password',
      payload: { Login: 'admin' },
    });
    expect(asked.statusCode).toBe(202);
    await vi.waitFor(async () => expect(await mailJobs(store.database)).toEqual([{ state: 'retry' }]), {
      timeout: 10_000,
      interval: 50,
    });
    await first.close();
    await store.database.close();
    database = undefined;
    expect(smtp.mails).toEqual([]);

    // The restart: the database opened again (from its files), a new server whose SMTP server answers.
    database = await store.reopen();
    // Time passes: the retry is due (pg-boss waits 30-60 s before the first).
    await database.raw('UPDATE pgboss.job SET start_after = now() WHERE name = $1', [LINK_MAIL_QUEUE]);
    const second = await createTestApp({ database, mailer: mailerTo(smtp.url) });
    try {
      await second.app.ready();
      const mail = await smtp.waitForMail(ADMIN_EMAIL, { timeoutMs: 15_000 });
      const token = linkToken(mail.text, '/resetPassword/');
      const check = await second.app.inject({ method: 'GET', url: `/api/account/reset-password/${token}` });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ UserName: 'admin' });

      // The retry gave the first attempt's link (whose token was never mailed) the token it mailed: still one
      // link, and not refused as a second mail within the minute.
      const [admin] = await database.db.select().from(users).where(eq(users.userName, 'admin'));
      const links = await database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, admin!.id));
      expect(links).toHaveLength(1);
      await vi.waitFor(async () => expect(await mailJobs(database!)).toEqual([{ state: 'completed' }]));
      expect(smtp.mails.map((caught) => caught.to)).toEqual([[ADMIN_EMAIL]]);
    } finally {
      await second.close();
    }
  });
});
