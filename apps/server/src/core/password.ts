import os from 'node:os';
import { argon2id, hash, verify } from 'argon2';
import pLimit from 'p-limit';

/*
 * argon2 runs on libuv's threadpool (an N-API async worker), never on the event loop; each hash or verify also
 * spawns its own threads for the 4 lanes and takes 64 MiB. The threadpool (UV_THREADPOOL_SIZE, default 4) is
 * shared with WebCrypto, DNS and file reads; when jose signed and verified every access token through WebCrypto,
 * 200 sign-ins at once queued 200 argon2 jobs ahead of every token signature, so every sign-in answered only when
 * the last hash was done and every authenticated request waited too (bench/RESULTS.md, "Throughput"; tokens now use
 * node:crypto's HMAC on the event loop, access-token.ts). At most this many argon2 jobs
 * run at once, the rest wait in order here, so the threadpool keeps threads free for everything else; more at
 * once would not be faster anyway, each job already uses several cores.
 */
const THREADPOOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE) || 4;
const ARGON2_CONCURRENCY = Math.max(1, Math.min(os.availableParallelism(), THREADPOOL_SIZE - 2));
const argon2Slot = pLimit(ARGON2_CONCURRENCY);

/** argon2id with the library's defaults (64 MiB, 3 passes), above OWASP's minimum. */
export function hashPassword(password: string): Promise<string> {
  return argon2Slot(() => hash(password, { type: argon2id }));
}

// Verified against when the user does not exist, so an unknown name costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password-Aa1');
    const dummy = await dummyHash;
    await argon2Slot(() => verify(dummy, password));
    return false;
  }
  try {
    return await argon2Slot(() => verify(storedHash, password));
  } catch {
    return false;
  }
}
