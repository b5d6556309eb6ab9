import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.js';

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('opens what it sealed; the same text seals differently each time', () => {
    const sealed = box.seal('Ftp-Secret-1 ğüşİ');
    expect(box.open(sealed)).toBe('Ftp-Secret-1 ğüşİ');
    expect(box.seal('Ftp-Secret-1 ğüşİ')).not.toBe(sealed);
    expect(sealed).not.toContain('Ftp-Secret');
  });

  it('refuses a changed text and another key', () => {
    const sealed = box.seal('password');
    const last = sealed.at(-1) === 'A' ? 'B' : 'A';
    expect(() => box.open(sealed.slice(0, -1) + last)).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open('plain text')).toThrow('not a sealed secret');
    expect(() => createSecretBox(randomBytes(16))).toThrow();
  });
});
