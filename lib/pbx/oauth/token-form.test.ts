import { describe, expect, it } from 'vitest';
import { OAuthError } from './errors';
import { AuthorizationCodeForm, parseTokenForm, toTokenForm } from './token-form';

function descriptionOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof OAuthError) return error.description;
  }
  throw new Error('expected an OAuthError');
}

describe('toTokenForm', () => {
  it('drops empty values, which RFC 6749 §3.1 treats as absent', () => {
    expect(toTokenForm({ grant_type: 'client_credentials', scope: '' })).toEqual({ grant_type: 'client_credentials' });
  });

  it('refuses a repeated parameter', () => {
    expect(descriptionOf(() => toTokenForm({ code: ['a', 'b'] }))).toBe("parameter 'code' must not be repeated");
  });
});

describe('parseTokenForm', () => {
  it('returns the grant’s parameters and ignores unknown ones', () => {
    const form = { grant_type: 'authorization_code', code: 'c', redirect_uri: 'r', extra: 'x' };
    expect(parseTokenForm(AuthorizationCodeForm, form)).toEqual({ grant_type: 'authorization_code', code: 'c', redirect_uri: 'r' });
  });

  it('names the first missing parameter', () => {
    expect(descriptionOf(() => parseTokenForm(AuthorizationCodeForm, { grant_type: 'authorization_code', code: 'c' }))).toBe(
      "missing required parameter 'redirect_uri'",
    );
  });
});
