import { describe, expect, it } from 'vitest';
import { safeCallbackPath, signInErrorMessage } from './sign-in-page';

describe('safeCallbackPath', () => {
  it.each([
    ['http://localhost:3000/supervisor', '/supervisor'],
    ['http://localhost:3000/agent?tab=calls', '/agent?tab=calls'],
    ['/supervisor', '/supervisor'],
    [undefined, '/'],
    ['https://evil.example/steal', '/'],
    ['//evil.example/steal', '/'],
    ['http://localhost:3001/other-port', '/'],
    ['javascript:alert(1)', '/'],
  ])('returns the same-origin path when given %j', (value, path) => {
    expect(safeCallbackPath(value, 'http://localhost:3000')).toBe(path);
  });
});

describe('signInErrorMessage', () => {
  it('explains a refused role when next-auth reports AccessDenied', () => {
    expect(signInErrorMessage('AccessDenied')).toBe(
      'Your phone system account has no wallboard role. Ask your administrator for a call centre role.',
    );
  });

  it('asks to try again when the OAuth callback failed', () => {
    expect(signInErrorMessage('OAuthCallback')).toBe('Sign-in did not complete. Please try again.');
  });

  it('shows nothing when there is no error', () => {
    expect(signInErrorMessage(undefined)).toBeNull();
  });
});
