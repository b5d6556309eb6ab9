import { eq } from 'drizzle-orm';
import { CONSOLE_CLIENT_ID } from '@loupe/contracts';
import { users } from '../db/schema/index.js';
import type { TestApp } from './test-app.js';

/** Helpers of the account API tests (not a test file itself). */
export function accountTestKit(t: () => TestApp) {
  return {
    /** A demo-tenant user who signs in with Demo1234! (admin's hash), with some account columns set. */
    async createUser(userName: string, columns: Partial<typeof users.$inferInsert> = {}) {
      const [admin] = await t().database.db.select().from(users).where(eq(users.userName, 'admin'));
      const [row] = await t()
        .database.db.insert(users)
        .values({
          tenantId: t().tenantId,
          userName,
          fullName: `${userName} Person`,
          email: `${userName}@example.test`,
          language: 'en',
          passwordHash: admin!.passwordHash,
          ...columns,
        })
        .returning();
      return row!;
    },

    async user(userName: string) {
      const [row] = await t().database.db.select().from(users).where(eq(users.userName, userName));
      return row!;
    },

    postJson(url: string, body: unknown, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
      return t().app.inject({ method: 'POST', url, payload: body as object, headers, remoteAddress });
    },

    /** `POST /token` with the password grant and any extra fields (otp, recovery_code, captcha_*). */
    passwordGrant(
      username: string,
      password: string,
      extra: Record<string, string> = {},
      remoteAddress = '127.0.0.1',
    ) {
      return t().app.inject({
        method: 'POST',
        url: '/token',
        remoteAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded', language: 'en' },
        payload: new URLSearchParams({
          grant_type: 'password',
          username,
          password,
          client_id: CONSOLE_CLIENT_ID,
          ...extra,
        }).toString(),
      });
    },
  };
}

/** The token at the end of a mailed link (`…/resetPassword/<token>`, `…/confirm-email/<token>`). */
export function linkToken(text: string, path: '/resetPassword/' | '/confirm-email/'): string {
  const match = new RegExp(`https?://\\S+${path}([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1]!;
}
