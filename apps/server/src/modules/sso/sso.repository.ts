import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** The users single sign-on can match: by the stored provider subject, else by email. */
export function createSsoRepository(db: Db) {
  const columns = { id: users.id, isActive: users.isActive, ssoSubject: users.ssoSubject };
  return {
    /** Up to two users per lookup, so the caller can tell one match from several. */
    usersBySubject: (subject: string) =>
      db.select(columns).from(users).where(eq(users.ssoSubject, subject)).orderBy(asc(users.id)).limit(2),

    usersByEmail: (email: string) =>
      db
        .select(columns)
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        .orderBy(asc(users.id))
        .limit(2),

    /** Remembers the subject for the next sign-in, unless the user got another one meanwhile. */
    async bindSubject(userId: number, subject: string): Promise<void> {
      await db
        .update(users)
        .set({ ssoSubject: subject, updatedAt: new Date() })
        .where(and(eq(users.id, userId), isNull(users.ssoSubject)));
    },
  };
}

export type SsoRepository = ReturnType<typeof createSsoRepository>;
