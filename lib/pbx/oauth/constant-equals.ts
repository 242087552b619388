import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * String equality in time independent of where the strings differ. Both sides
 * are hashed first so that timingSafeEqual gets equal lengths and the length of
 * the secret does not leak either.
 */
export function constantEquals(a: string, b: string): boolean {
  return timingSafeEqual(sha256(a), sha256(b));
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
