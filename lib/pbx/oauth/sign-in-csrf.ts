/**
 * CSRF protection of the sign-in form: a signed double-submit cookie (OWASP).
 * The browser holds a random nonce in an HttpOnly cookie and the form carries
 * HMAC(secret, nonce); a cross-site page can read neither, so it cannot forge
 * a sign-in (login CSRF) into a victim's browser.
 */
import { createHmac } from 'node:crypto';
import { constantEquals } from './constant-equals';

export const CSRF_COOKIE = 'pbx_signin_nonce';
const NONCE = /^[A-Za-z0-9_-]{16,128}$/;

export interface SignInCsrf {
  /** The hidden field's value for this nonce. */
  tokenFor(nonce: string): string;
  verify(nonce: string | undefined, token: string | undefined): boolean;
  /** The cookie's nonce if it is one we could have issued. */
  usableNonce(nonce: string | undefined): string | undefined;
}

export function createSignInCsrf(secret: string): SignInCsrf {
  const tokenFor = (nonce: string) => createHmac('sha256', secret).update(nonce).digest('base64url');
  const usableNonce = (nonce: string | undefined) => (nonce !== undefined && NONCE.test(nonce) ? nonce : undefined);
  return {
    tokenFor,
    usableNonce,
    verify(nonce, token) {
      const usable = usableNonce(nonce);
      return usable !== undefined && token !== undefined && constantEquals(tokenFor(usable), token);
    },
  };
}
