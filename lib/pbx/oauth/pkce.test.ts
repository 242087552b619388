import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OAuthError } from './errors';
import { checkPkce, isS256Challenge } from './pkce';

// RFC 7636 Appendix B.
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

function descriptionOf(run: () => void): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof OAuthError && error.code === 'invalid_grant') return error.description;
    throw error;
  }
}

describe('checkPkce', () => {
  it('passes when the verifier matches the RFC 7636 example challenge', () => {
    expect(descriptionOf(() => checkPkce(CHALLENGE, VERIFIER))).toBeUndefined();
  });

  it('passes when neither side used PKCE', () => {
    expect(descriptionOf(() => checkPkce(null, undefined))).toBeUndefined();
  });

  it('fails when the verifier does not match', () => {
    expect(descriptionOf(() => checkPkce(CHALLENGE, `${VERIFIER.slice(0, -1)}Y`))).toBe('PKCE verification failed');
  });

  it('fails when the verifier is the challenge itself (a plain method downgrade)', () => {
    expect(descriptionOf(() => checkPkce(CHALLENGE, CHALLENGE))).toBe('PKCE verification failed');
  });

  it('fails when the verifier is shorter than RFC 7636 allows, even if its hash matches', () => {
    const short = 'a'.repeat(42);
    const challenge = createHash('sha256').update(short).digest('base64url');
    expect(descriptionOf(() => checkPkce(challenge, short))).toBe('PKCE verification failed');
  });

  it('fails when the code had a challenge and no verifier comes', () => {
    expect(descriptionOf(() => checkPkce(CHALLENGE, undefined))).toBe(
      'code_verifier is required: the authorization request had a code_challenge',
    );
  });

  it('fails when a verifier comes for a code without a challenge', () => {
    expect(descriptionOf(() => checkPkce(null, VERIFIER))).toBe(
      'code_verifier was sent but the authorization request had no code_challenge',
    );
  });
});

describe('isS256Challenge', () => {
  it.each([
    [CHALLENGE, true],
    [CHALLENGE.slice(1), false],
    [`${CHALLENGE}=`, false],
    ['+'.repeat(43), false],
  ])('says %s is an S256 challenge: %s', (challenge, expected) => {
    expect(isS256Challenge(challenge)).toBe(expected);
  });
});
