import { decode } from 'next-auth/jwt';
import { z } from 'zod';
import { SessionClaims } from './schemas';

/** Claims as read back from a cookie: next-auth's encode always sets exp (seconds, from the session maxAge). */
const StoredSessionClaims = SessionClaims.extend({ exp: z.number() });
type StoredSessionClaims = z.infer<typeof StoredSessionClaims>;

/**
 * Decrypts a next-auth session JWT and returns its claims while the session is
 * live: readable with our secret, not marked errored, not past its expiry.
 * Never refreshes: callers here (socket handshakes, server components) cannot
 * write the cookie back, and a refresh whose rotated refresh token is lost would
 * end the session at the next request.
 */
export async function readLiveSession(
  sessionToken: string,
  deps: { secret: string; now: () => number },
): Promise<StoredSessionClaims | null> {
  let payload: unknown;
  try {
    payload = await decode({ token: sessionToken, secret: deps.secret });
  } catch {
    return null;
  }
  const claims = StoredSessionClaims.safeParse(payload);
  if (!claims.success || claims.data.error || claims.data.exp * 1000 <= deps.now()) return null;
  return claims.data;
}
