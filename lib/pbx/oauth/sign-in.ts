/**
 * A sign-in attempt on the authorization page: CSRF check, lock-out check,
 * credentials, then an authorization code. Returns what the page must do next.
 */
import type { AuthorizationRequest } from './authorization-request';
import type { OAuthContext } from './context';
import { callbackLocation, issueAuthorizationCode } from './issue-authorization-code';
import type { SignInCsrf } from './sign-in-csrf';
import type { SignInThrottle } from './sign-in-throttle';

export interface SignInAttempt {
  authorization: AuthorizationRequest;
  username: string;
  password: string;
  csrfToken: string | undefined;
  csrfNonce: string | undefined;
  clientAddress: string;
}

export type SignInOutcome =
  | { kind: 'redirect'; location: string; userId: string }
  | { kind: 'form'; status: 400 | 401 | 403 | 429; message: string; retryAfterSeconds: number | null };

export interface SignInDeps {
  context: OAuthContext;
  csrf: SignInCsrf;
  throttle: SignInThrottle;
}

export async function attemptSignIn({ context, csrf, throttle }: SignInDeps, attempt: SignInAttempt): Promise<SignInOutcome> {
  if (!csrf.verify(attempt.csrfNonce, attempt.csrfToken)) {
    return form(403, 'This sign-in form has expired. Please sign in again.');
  }
  const username = attempt.username.trim();
  if (username === '' || attempt.password === '') return form(400, 'Enter your username and password.');

  const { authorization } = attempt;
  const throttleKey = [authorization.client.companyId, username.toLowerCase(), attempt.clientAddress].join('\n');
  const lockedMs = throttle.lockedFor(throttleKey);
  if (lockedMs > 0) return lockedOut(lockedMs);

  const user = await context.directory.signIn(authorization.client.companyId, username, attempt.password);
  if (!user) {
    const lockoutMs = throttle.recordFailure(throttleKey);
    return lockoutMs > 0 ? lockedOut(lockoutMs) : form(401, 'The username or password is incorrect.');
  }
  throttle.recordSuccess(throttleKey);
  const code = issueAuthorizationCode(context, authorization, user);
  return { kind: 'redirect', location: callbackLocation(authorization, code), userId: user.id };
}

function form(status: 400 | 401 | 403, message: string): SignInOutcome {
  return { kind: 'form', status, message, retryAfterSeconds: null };
}

function lockedOut(lockedMs: number): SignInOutcome {
  const minutes = Math.ceil(lockedMs / 60_000);
  return {
    kind: 'form',
    status: 429,
    message: `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfterSeconds: Math.ceil(lockedMs / 1000),
  };
}
