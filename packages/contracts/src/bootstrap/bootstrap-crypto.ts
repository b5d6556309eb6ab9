import type { SealedBootstrap } from './bootstrap.schema.js';

// Web Crypto runs the same in Node 20 and in the browser, so server and console share this file.
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const SALT = encoder.encode('loupe-bootstrap-v1');

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The AES-256-GCM key for one sign-in: HKDF-SHA-256 over the caller's access token. Only the holder of the
 * token that fetched the payload can open it.
 */
async function deriveKey(accessToken: string) {
  const material = await crypto.subtle.importKey('raw', encoder.encode(accessToken), 'HKDF', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: SALT, info: encoder.encode('bootstrap') },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export async function sealBootstrap(payload: unknown, accessToken: string): Promise<SealedBootstrap> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await deriveKey(accessToken);
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    key,
    encoder.encode(JSON.stringify(payload)),
  );
  return { Iv: toBase64(iv), Data: toBase64(new Uint8Array(data)) };
}

/** Opens a sealed bootstrap payload; throws when the token is not the one it was sealed for. */
export async function openBootstrap<T = unknown>(sealed: SealedBootstrap, accessToken: string): Promise<T> {
  const key = await deriveKey(accessToken);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(sealed.Iv) },
    key,
    fromBase64(sealed.Data),
  );
  return JSON.parse(decoder.decode(plain)) as T;
}
