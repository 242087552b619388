/**
 * The life of our session JWT's claims: made at sign-in, refreshed ahead of the
 * access token's expiry, marked errored when the service refuses the refresh.
 * Pure apart from the injected refresh function.
 */
import { z } from 'zod';
import { roleFromScope } from './role';
import { RoleSchema, type SessionClaims } from './schemas';
import type { RefreshAccessToken } from './token-refresh';

/** What the provider's profile() returned and next-auth hands the jwt callback as `user`. */
export const SignInUser = z.object({
  id: z.string().min(1),
  name: z.string(),
  role: RoleSchema,
  extension: z.string().nullable(),
});

/** The token fields next-auth copies from the token response into `account`. */
const SignInAccount = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  /** Seconds since the epoch, as openid-client computes it from expires_in. */
  expires_at: z.number(),
});

const MAX_REFRESH_MARGIN_MS = 60_000;

/**
 * Refresh a minute before expiry, or half-way through a lifetime shorter than two
 * minutes (the sandbox can issue 30-second tokens).
 */
function refreshAtFor(issuedAt: number, expiresAt: number): number {
  const lifetime = Math.max(0, expiresAt - issuedAt);
  return expiresAt - Math.min(MAX_REFRESH_MARGIN_MS, lifetime / 2);
}

export function claimsFromSignIn(user: unknown, account: unknown, now: number): SessionClaims {
  const person = SignInUser.parse(user);
  const tokens = SignInAccount.parse(account);
  const accessTokenExpiresAt = tokens.expires_at * 1000;
  return {
    userId: person.id,
    name: person.name,
    role: person.role,
    extension: person.extension,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? null,
    accessTokenExpiresAt,
    refreshAt: refreshAtFor(now, accessTokenExpiresAt),
  };
}

function needsRefresh(claims: SessionClaims, now: number): boolean {
  return claims.error === undefined && now >= claims.refreshAt;
}

/**
 * Returns the claims with a fresh access token when one is due. A refused refresh
 * (or a due token without a refresh token) ends the session; a transient failure
 * keeps the claims so the next request tries again.
 */
export async function refreshIfDue(
  claims: SessionClaims,
  deps: { now: () => number; refresh: RefreshAccessToken },
): Promise<SessionClaims> {
  if (!needsRefresh(claims, deps.now())) return claims;
  if (claims.refreshToken === null) {
    return deps.now() >= claims.accessTokenExpiresAt ? { ...claims, error: 'RefreshAccessTokenError' } : claims;
  }
  const result = await deps.refresh(claims.refreshToken);
  if (result.kind === 'unavailable') return claims;
  if (result.kind === 'refused') return { ...claims, error: 'RefreshAccessTokenError' };
  const role = roleFromScope(result.tokens.scope);
  // The service may have changed the person's role since sign-in; a role we do not admit ends the session.
  if (role === null) return { ...claims, error: 'RefreshAccessTokenError' };
  const issuedAt = result.receivedAt;
  const accessTokenExpiresAt = issuedAt + result.tokens.expires_in * 1000;
  return {
    ...claims,
    role,
    accessToken: result.tokens.access_token,
    refreshToken: result.tokens.refresh_token ?? claims.refreshToken,
    accessTokenExpiresAt,
    refreshAt: refreshAtFor(issuedAt, accessTokenExpiresAt),
  };
}
