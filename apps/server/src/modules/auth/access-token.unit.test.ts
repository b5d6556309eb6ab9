import { randomBytes } from 'node:crypto';
import { SignJWT, UnsecuredJWT, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAccessTokenSigner } from './access-token.js';

const secret = randomBytes(48);
const signer = createAccessTokenSigner(secret);
const claims = { sub: '7', tid: 3, scp: ['report:read'], cid: 'console', name: 'ayse', ver: 2, sid: 'f1' };

function joseToken(payload: Record<string, unknown>, key: Uint8Array = secret, alg = 'HS256') {
  const now = Math.floor(Date.now() / 1000);
  const base = { tid: 3, scp: ['report:read'], cid: 'console', name: 'ayse', ver: 2, sub: '7', iss: 'loupe' };
  return new SignJWT({ ...base, iat: now, exp: now + 60, ...payload })
    .setProtectedHeader({ alg, typ: 'JWT' })
    .sign(key);
}

describe('access tokens (HS256 through node:crypto)', () => {
  it('signs tokens jose verifies, with the same claims', async () => {
    const token = await signer.sign(claims, 60);
    const { payload, protectedHeader } = await jwtVerify(token, secret, {
      issuer: 'loupe',
      algorithms: ['HS256'],
    });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({ ...claims, iss: 'loupe' });
    expect(payload.exp! - payload.iat!).toBe(60);
    expect(await signer.verify(token)).toEqual(claims);
  });

  it("verifies jose's tokens", async () => {
    expect(await signer.verify(await joseToken({ sid: 'f1' }))).toEqual(claims);
  });

  it('refuses forged, altered, expired, foreign and unsigned tokens', async () => {
    const token = await signer.sign(claims, 60);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const other = createAccessTokenSigner(randomBytes(48));
    const altered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), scp: ['*'] }),
    ).toString('base64url');
    const refused = [
      '',
      'a.b',
      `${header}.${payload}`,
      `${header}.${payload}.`,
      `${header}.${altered}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -2)}`,
      `${header}.${payload}.${signature}x`,
      await other.sign(claims, 60),
      await signer.sign(claims, -1),
      await signer.sign(claims, 0),
      new UnsecuredJWT({ ...claims, iss: 'loupe', exp: 2_000_000_000 }).encode(),
      await joseToken({ iss: 'someone-else' }),
      await joseToken({ exp: undefined }),
      await joseToken({ nbf: Math.floor(Date.now() / 1000) + 60 }),
      await joseToken({}, secret, 'HS512'),
    ];
    for (const candidate of refused) expect(await signer.verify(candidate), candidate).toBeNull();
  });

  it('refuses a valid signature over a header with another algorithm or a critical extension', async () => {
    const withHeader = async (header: Record<string, unknown>) => {
      const token = await signer.sign(claims, 60);
      const payload = token.split('.')[1]!;
      const head = Buffer.from(JSON.stringify(header)).toString('base64url');
      const { createHmac } = await import('node:crypto');
      const mac = createHmac('sha256', secret).update(`${head}.${payload}`).digest('base64url');
      return `${head}.${payload}.${mac}`;
    };
    expect(await signer.verify(await withHeader({ alg: 'HS256' }))).toEqual(claims);
    expect(await signer.verify(await withHeader({ alg: 'none' }))).toBeNull();
    expect(await signer.verify(await withHeader({ alg: 'HS256', crit: ['exp'], exp: 1 }))).toBeNull();
    expect(await signer.verify(await withHeader({ alg: 'HS256', b64: false, crit: ['b64'] }))).toBeNull();
  });
});
