/**
 * scrypt password hashes (RFC 7914) for the seed's users: hashed once at load,
 * so the plaintext never outlives start-up, and verified in constant time.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Node's defaults (N=2^14, r=8, p=1): about 25 ms per hash here, 16 MiB of memory. */
const COST: Required<Pick<ScryptOptions, 'N' | 'r' | 'p'>> = { N: 16384, r: 8, p: 1 };

export interface PasswordHash {
  salt: Buffer;
  key: Buffer;
  cost: typeof COST;
}

export async function hashPassword(password: string): Promise<PasswordHash> {
  const salt = randomBytes(SALT_LENGTH);
  return { salt, key: await derive(password, salt, COST), cost: COST };
}

export async function verifyPassword(password: string, hash: PasswordHash): Promise<boolean> {
  const candidate = await derive(password, hash.salt, hash.cost);
  return timingSafeEqual(candidate, hash.key);
}

function derive(password: string, salt: Buffer, cost: typeof COST): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, cost, (error, key) => (error ? reject(error) : resolve(key)));
  });
}
