import { describe, expect, it } from 'vitest';
import { createSignInCsrf } from './sign-in-csrf';

const nonce = 'n'.repeat(43);

describe('createSignInCsrf', () => {
  it('verifies the token issued for the cookie nonce', () => {
    const csrf = createSignInCsrf('server-secret');
    expect(csrf.verify(nonce, csrf.tokenFor(nonce))).toBe(true);
  });

  it.each([
    ['the cookie is missing', undefined, (token: string) => token],
    ['the token is missing', nonce, () => undefined],
    ['the token belongs to another nonce', 'm'.repeat(43), (token: string) => token],
    ['the token is altered', nonce, (token: string) => `${token.slice(0, -1)}A`],
  ])('refuses when %s', (_case, cookieNonce, tokenOf) => {
    const csrf = createSignInCsrf('server-secret');
    expect(csrf.verify(cookieNonce, tokenOf(csrf.tokenFor(nonce)))).toBe(false);
  });

  it('refuses a token signed with another server’s secret', () => {
    expect(createSignInCsrf('server-secret').verify(nonce, createSignInCsrf('other-secret').tokenFor(nonce))).toBe(false);
  });

  it.each([['short'], ['has spaces in it and is long enough'], ['x'.repeat(129)]])('does not reuse the cookie value %s as a nonce', (value) => {
    expect(createSignInCsrf('server-secret').usableNonce(value)).toBeUndefined();
  });
});
