/** Proof Key for Code Exchange (RFC 7636), S256 only. */
import { createHash } from 'node:crypto';
import { constantEquals } from './constant-equals';
import { OAuthError } from './errors';

/** RFC 7636 §4.1: 43 to 128 unreserved characters; also the form of an S256 challenge's input. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** RFC 7636 §4.2: BASE64URL(SHA256(verifier)) is always 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

export function isS256Challenge(challenge: string): boolean {
  return S256_CHALLENGE.test(challenge);
}

/**
 * Checks the token request's code_verifier against the challenge the code was
 * issued with (RFC 7636 §4.6). A verifier without a challenge is refused too,
 * so PKCE cannot be stripped from one side of the flow and not the other.
 */
export function checkPkce(codeChallenge: string | null, codeVerifier: string | undefined): void {
  if (codeChallenge === null) {
    if (codeVerifier !== undefined) {
      throw new OAuthError('invalid_grant', 'code_verifier was sent but the authorization request had no code_challenge');
    }
    return;
  }
  if (codeVerifier === undefined) {
    throw new OAuthError('invalid_grant', 'code_verifier is required: the authorization request had a code_challenge');
  }
  if (!VERIFIER.test(codeVerifier) || !constantEquals(s256(codeVerifier), codeChallenge)) {
    throw new OAuthError('invalid_grant', 'PKCE verification failed');
  }
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}
