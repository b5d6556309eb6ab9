import { hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { AccessTokenClaims } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { serverSecrets } from '../../db/schema/index.js';

const ISSUER = 'loupe';
const SECRET_NAME = 'access-token-hs256';

export type AccessTokenSigner = {
  sign(claims: AccessTokenClaims, lifetimeSeconds: number): Promise<string>;
  /** The claims of a valid token, or null for a missing, forged or expired one. */
  verify(token: string): Promise<AccessTokenClaims | null>;
  /**
   * A 32-byte key for another purpose (e.g. sealing the single sign-on cookie), derived from the signing secret
   * with HKDF-SHA256, so that every API node derives the same key and the signing key itself is never reused.
   */
  deriveKey(purpose: string): Uint8Array;
};

export function createAccessTokenSigner(secret: Uint8Array): AccessTokenSigner {
  return {
    async sign(claims, lifetimeSeconds) {
      return new SignJWT({ tid: claims.tid, scp: claims.scp, cid: claims.cid, name: claims.name })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
        .sign(secret);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || !Array.isArray(payload.scp)) return null;
        return {
          sub: payload.sub,
          tid: typeof payload.tid === 'number' ? payload.tid : null,
          scp: payload.scp.filter((s): s is string => typeof s === 'string'),
          cid: typeof payload.cid === 'string' ? payload.cid : '',
          name: typeof payload.name === 'string' ? payload.name : '',
        };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
    deriveKey(purpose) {
      return new Uint8Array(hkdfSync('sha256', secret, new Uint8Array(0), `loupe:${purpose}`, 32));
    },
  };
}

/**
 * The signing key: TOKEN_SECRET when set, otherwise one generated on first start and kept in the database so
 * that every API node behind a load balancer signs and verifies with the same key.
 */
export async function loadSigningSecret(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
  if (!row) throw new Error('signing secret missing after insert');
  return new TextEncoder().encode(row.value);
}
