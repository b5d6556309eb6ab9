import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Seals short secrets the server must read back (an FTP password) with AES-256-GCM under a 32-byte key, e.g.
 * `signer.deriveKey('ftp-password')`: every node derives the same key from the signing secret, and a row copied
 * out of the database is useless without it. A sealed text is `v1.` + base64url(iv | tag | ciphertext); the
 * tag makes a changed row fail to open rather than give a wrong password.
 */
export type SecretBox = {
  seal(plain: string): string;
  /** The plain text; throws when the text was not sealed with this key or was changed. */
  open(sealed: string): string;
};

const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createSecretBox(key: Uint8Array): SecretBox {
  if (key.length !== 32) throw new Error('a secret box needs a 32-byte key');
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed) {
      if (!sealed.startsWith(VERSION)) throw new Error('not a sealed secret');
      const bytes = Buffer.from(sealed.slice(VERSION.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
