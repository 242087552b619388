/**
 * Display tokens: 32 random bytes, base64url. Only their SHA-256 (hex) is ever
 * stored, so a leaked database does not let anyone impersonate a TV.
 */
import { createHash, randomBytes } from 'node:crypto';

export function generateDisplayToken(random: (size: number) => Buffer = randomBytes): string {
  return random(32).toString('base64url');
}

export function hashDisplayToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
