/**
 * Where issued codes and tokens live. Only SHA-256 digests of the secrets are
 * kept, so a dump of the store cannot be replayed. Every record expires on the
 * injected clock: an expired record reads as absent and purgeExpired() frees it.
 *
 * The interface is synchronous so that reading and updating a record (redeeming
 * a code, rotating a refresh token) cannot interleave with another request.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '@/lib/clock';
import type { Principal } from '../principal';

/** An authorization code (RFC 6749 §4.1.2), bound to everything the token request must repeat. */
interface AuthorizationCodeRecord {
  /** Shared by every token issued from this code, so a replay can revoke them all (RFC 6749 §4.1.2). */
  grantId: string;
  clientId: string;
  companyId: string;
  userId: string;
  redirectUri: string;
  /** RFC 7636 S256 challenge, or null when the client sent none. */
  codeChallenge: string | null;
  expiresAt: number;
  redeemed: boolean;
}

export interface AccessTokenRecord extends Principal {
  /** Null for client credentials, which have no grant to revoke. */
  grantId: string | null;
  expiresAt: number;
}

export interface RefreshTokenRecord {
  grantId: string;
  clientId: string;
  companyId: string;
  userId: string;
  expiresAt: number;
  /** Set once a rotation replaced this token; presenting it again is reuse. */
  rotated: boolean;
}

export interface TokenStore {
  putCode(code: string, record: AuthorizationCodeRecord): void;
  getCode(code: string): AuthorizationCodeRecord | undefined;
  putAccessToken(token: string, record: AccessTokenRecord): void;
  getAccessToken(token: string): AccessTokenRecord | undefined;
  putRefreshToken(token: string, record: RefreshTokenRecord): void;
  getRefreshToken(token: string): RefreshTokenRecord | undefined;
  /** Removes every code and token of a grant. */
  revokeGrant(grantId: string): void;
  /** Frees expired records; returns how many. */
  purgeExpired(): number;
}

export function createMemoryTokenStore(clock: Clock): TokenStore {
  const codes = new Map<string, AuthorizationCodeRecord>();
  const accessTokens = new Map<string, AccessTokenRecord>();
  const refreshTokens = new Map<string, RefreshTokenRecord>();
  const all = [codes, accessTokens, refreshTokens];

  function read<T extends { expiresAt: number }>(map: Map<string, T>, secret: string): T | undefined {
    const record = map.get(digest(secret));
    return record && clock.now() < record.expiresAt ? record : undefined;
  }

  return {
    putCode: (code, record) => void codes.set(digest(code), record),
    getCode: (code) => read(codes, code),
    putAccessToken: (token, record) => void accessTokens.set(digest(token), record),
    getAccessToken: (token) => read(accessTokens, token),
    putRefreshToken: (token, record) => void refreshTokens.set(digest(token), record),
    getRefreshToken: (token) => read(refreshTokens, token),
    revokeGrant(grantId) {
      for (const map of all) {
        for (const [key, record] of map) if (record.grantId === grantId) map.delete(key);
      }
    },
    purgeExpired() {
      const now = clock.now();
      let purged = 0;
      for (const map of all) {
        for (const [key, record] of map) {
          if (record.expiresAt > now) continue;
          map.delete(key);
          purged++;
        }
      }
      return purged;
    },
  };
}

function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
