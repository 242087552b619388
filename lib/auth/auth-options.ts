/**
 * next-auth configuration as a function of its dependencies, so the callbacks
 * run in tests with a fake token endpoint and a manual clock.
 */
import type { NextAuthOptions, Session } from 'next-auth';
import type { Logger } from '@/lib/log';
import { SessionClaims } from './schemas';
import { claimsFromSignIn, refreshIfDue, SignInUser } from './session-claims';
import { createTelephonyProvider } from './telephony-provider';
import type { RefreshAccessToken } from './token-refresh';
import { viewerFromClaims } from './viewer-claims';

export interface AuthOptionsDeps {
  telephony: { baseUrl: string; clientId: string; clientSecret: string };
  secret: string;
  /** True when the public URL is https: cookies get Secure and the __Secure-/__Host- prefixes. */
  secureCookies: boolean;
  fetch: typeof fetch;
  now: () => number;
  refresh: RefreshAccessToken;
  /** Ends the person's live sockets: on sign-out and when the service refuses the refresh. */
  endLiveSessions: (userId: string) => void;
  logger: Logger;
}

/** Thrown from the session callback so next-auth clears the cookie and answers with no session. */
class SessionEndedError extends Error {
  constructor() {
    super('The telephony service refused to refresh this session');
    this.name = 'SessionEndedError';
  }
}

export const SIGN_IN_PATH = '/signin';

export function createAuthOptions(deps: AuthOptionsDeps): NextAuthOptions {
  return {
    secret: deps.secret,
    useSecureCookies: deps.secureCookies,
    providers: [createTelephonyProvider({ ...deps.telephony, fetch: deps.fetch })],
    session: { strategy: 'jwt' },
    // Errors (a refused sign-in, a failed callback) land on the sign-in page, which explains them.
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    callbacks: {
      // A scope the wallboard does not admit leaves role null: next-auth answers AccessDenied.
      signIn: ({ user }) => SignInUser.safeParse(user).success,
      async jwt({ token, user, account }) {
        if (account && user) return claimsFromSignIn(user, account, deps.now());
        const claims = SessionClaims.parse(token);
        const next = await refreshIfDue(claims, deps);
        if (next.error && !claims.error) {
          deps.logger.info({ userId: claims.userId }, 'the telephony service refused the refresh token; session ended');
          deps.endLiveSessions(claims.userId);
        }
        return next;
      },
      session({ session, token }): Session {
        const claims = SessionClaims.parse(token);
        if (claims.error) throw new SessionEndedError();
        // Only these four fields reach the browser; the tokens stay in the encrypted cookie.
        return { user: viewerFromClaims(claims), expires: session.expires };
      },
    },
    events: {
      signOut({ token }) {
        const claims = SessionClaims.safeParse(token);
        if (claims.success) deps.endLiveSessions(claims.data.userId);
      },
    },
    logger: {
      error(code, metadata) {
        const error = metadata instanceof Error ? metadata : metadata.error;
        if (error instanceof SessionEndedError) return;
        deps.logger.error({ nextAuthCode: code, err: error }, 'next-auth error');
      },
      warn(code) {
        deps.logger.warn({ nextAuthCode: code }, 'next-auth warning');
      },
      debug(code) {
        deps.logger.debug({ nextAuthCode: code }, 'next-auth debug');
      },
    },
  };
}
