import { argon2id, hash, verify } from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes), above OWASP's minimum. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { type: argon2id });
}

// Verified against when the user does not exist, so an unknown name costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password-Aa1');
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
