import { hash, verify } from '@node-rs/argon2';

// argon2id with the library defaults (m=19456 KiB, t=2, p=1): about 27 ms here.
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
