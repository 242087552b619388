import type { AuthenticateHandshake, SocketGrant } from '@/lib/realtime/events';
import type { Store } from '@/lib/store';
import { hashDisplayToken } from './display-token';
import { HandshakeAuthSchema } from './schemas';
import { parseCookieHeader, readSessionCookie } from './session-cookie';
import { readLiveSession } from './session-reader';

interface HandshakeAuthenticatorDeps {
  store: Pick<Store, 'displays'>;
  /** next-auth's secret (env.nextAuthSecret). */
  secret: string;
  now: () => number;
  /** Whether next-auth uses the __Secure- cookie names (public URL is https). */
  secureCookies: boolean;
}

/**
 * Decides who a socket belongs to from what the browser cannot forge: the
 * encrypted next-auth session cookie, or a display token whose hash the store
 * knows. A display token, when sent, is the only credential considered, so a
 * TV in a browser someone is signed in to still gets only the wall.
 */
export function createHandshakeAuthenticator(deps: HandshakeAuthenticatorDeps): AuthenticateHandshake {
  return async ({ headers, auth }) => {
    const parsed = HandshakeAuthSchema.safeParse(auth);
    if (!parsed.success) return null;
    if (parsed.data.displayToken !== undefined) return displayGrant(deps.store, parsed.data.displayToken);
    return userGrant(headers.cookie, deps);
  };
}

async function displayGrant(store: Pick<Store, 'displays'>, displayToken: string): Promise<SocketGrant | null> {
  const display = await store.displays.findByTokenHash(hashDisplayToken(displayToken));
  if (!display || display.revokedAt !== null) return null;
  return { kind: 'display', displayId: display.id, config: display.config };
}

async function userGrant(
  cookieHeader: string | string[] | undefined,
  deps: HandshakeAuthenticatorDeps,
): Promise<SocketGrant | null> {
  const sessionToken = readSessionCookie(parseCookieHeader(cookieHeader), deps.secureCookies);
  if (!sessionToken) return null;
  const claims = await readLiveSession(sessionToken, deps);
  if (!claims) return null;
  return {
    kind: 'user',
    userId: claims.userId,
    name: claims.name,
    role: claims.role,
    extension: claims.extension,
    expiresAt: claims.exp * 1000,
  };
}
