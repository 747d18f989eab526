import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library default) with its recommended memory and time costs. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let unusedHash: Promise<string> | undefined;

/**
 * Spends the same work as a real check when there is no account to check against, so the
 * answer time of a sign-in does not tell whether an e-mail address is registered.
 */
export async function verifyAgainstNoAccount(password: string): Promise<void> {
  unusedHash ??= hashPassword(randomBytes(24).toString('base64url'));
  await verifyPassword(await unusedHash, password);
}
