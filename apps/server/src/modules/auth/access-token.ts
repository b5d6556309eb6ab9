import { createHmac, createSecretKey, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
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

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const BASE64URL = /^[A-Za-z0-9_-]*$/;

function decodeJson(part: string): Record<string, unknown> | null {
  if (!BASE64URL.test(part)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Access tokens are compact JWS (RFC 7515/7519) signed with HS256, verifiable by any JOSE library (jose's
 * jwtVerify accepts them; the tests check both ways). Signed and verified here with node:crypto's HMAC on a key
 * object made once: synchronous, a few microseconds, no WebCrypto key import and no libuv threadpool job per
 * request (the threadpool is where argon2 hashes queue during a crowd's sign-ins).
 */
export function createAccessTokenSigner(secret: Uint8Array): AccessTokenSigner {
  const key = createSecretKey(secret);
  const mac = (input: string) => createHmac('sha256', key).update(input).digest();
  return {
    async sign(claims, lifetimeSeconds) {
      const now = Math.floor(Date.now() / 1000);
      const payload = Buffer.from(
        JSON.stringify({
          tid: claims.tid,
          scp: claims.scp,
          cid: claims.cid,
          name: claims.name,
          ver: claims.ver ?? 0,
          ...(claims.sid === undefined ? {} : { sid: claims.sid }),
          sub: claims.sub,
          iss: ISSUER,
          iat: now,
          exp: now + lifetimeSeconds,
          // RFC 7519 jti: two tokens issued for the same session in the same second still differ.
          jti: randomBytes(12).toString('base64url'),
        }),
      ).toString('base64url');
      const input = `${HEADER}.${payload}`;
      return `${input}.${mac(input).toString('base64url')}`;
    },
    async verify(token) {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
      if (!BASE64URL.test(signaturePart)) return null;
      const signature = Buffer.from(signaturePart, 'base64url');
      const expected = mac(`${headerPart}.${payloadPart}`);
      if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
      // The header is checked as jose checks it: HS256 only, and no critical extension this code does not know.
      const header = decodeJson(headerPart);
      if (!header || header.alg !== 'HS256' || header.crit !== undefined || header.b64 !== undefined)
        return null;
      const payload = decodeJson(payloadPart);
      if (!payload || payload.iss !== ISSUER) return null;
      const now = Math.floor(Date.now() / 1000);
      if (typeof payload.exp !== 'number' || payload.exp <= now) return null;
      if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) return null;
      if (payload.iat !== undefined && typeof payload.iat !== 'number') return null;
      if (typeof payload.sub !== 'string' || !Array.isArray(payload.scp)) return null;
      return {
        sub: payload.sub,
        tid: typeof payload.tid === 'number' ? payload.tid : null,
        scp: payload.scp.filter((s): s is string => typeof s === 'string'),
        cid: typeof payload.cid === 'string' ? payload.cid : '',
        name: typeof payload.name === 'string' ? payload.name : '',
        ver: typeof payload.ver === 'number' ? payload.ver : 0,
        ...(typeof payload.sid === 'string' ? { sid: payload.sid } : {}),
      };
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
