import { describe, expect, it } from 'vitest';
import { openBootstrap, sealBootstrap } from './bootstrap-crypto.js';

const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
const payload = {
  Version: '1.9.5',
  User: { UserName: 'admin', Scopes: ['report:read'] },
  Note: 'Türkçe ğüşiöç',
};

function flipFirstByte(base64: string): string {
  const bytes = Buffer.from(base64, 'base64');
  bytes[0] = bytes[0]! ^ 0x01;
  return bytes.toString('base64');
}

describe('sealBootstrap / openBootstrap', () => {
  it('opens with the same token to the same payload', async () => {
    const sealed = await sealBootstrap(payload, token);
    expect(sealed.Data).not.toContain('admin');
    await expect(openBootstrap(sealed, token)).resolves.toEqual(payload);
  });

  it('uses a fresh 12-byte IV each time', async () => {
    const first = await sealBootstrap(payload, token);
    const second = await sealBootstrap(payload, token);
    expect(Buffer.from(first.Iv, 'base64')).toHaveLength(12);
    expect(first.Iv).not.toBe(second.Iv);
    expect(first.Data).not.toBe(second.Data);
  });

  it('refuses another token', async () => {
    const sealed = await sealBootstrap(payload, token);
    await expect(openBootstrap(sealed, `${token}x`)).rejects.toThrow();
  });

  it('refuses tampered data or a tampered IV', async () => {
    const sealed = await sealBootstrap(payload, token);
    await expect(openBootstrap({ ...sealed, Data: flipFirstByte(sealed.Data) }, token)).rejects.toThrow();
    await expect(openBootstrap({ ...sealed, Iv: flipFirstByte(sealed.Iv) }, token)).rejects.toThrow();
  });
});
