import { describe, expect, it } from 'vitest';
import { formatExpires, formatTokenResponse } from './token-response';

describe('formatExpires', () => {
  it('writes UTC with six fractional digits and no zone suffix', () => {
    expect(formatExpires(Date.UTC(2026, 10, 21, 10, 0, 0, 123))).toBe('2026-11-21T10:00:00.123000');
  });
});

describe('formatTokenResponse', () => {
  const base = { accessToken: 'at', scope: 'Company', lifetimeSeconds: 3600, expiresAt: Date.UTC(2026, 10, 21, 10), userId: null };

  it('reports an hour as 3599 seconds and leaves out refresh_token when there is none', () => {
    expect(formatTokenResponse({ ...base, refreshToken: null })).toEqual({
      access_token: 'at',
      scope: 'Company',
      token_type: 'Bearer',
      expires_in: 3599,
      expires: '2026-11-21T10:00:00.000000',
      user_id: null,
    });
  });

  it('includes the refresh token and user id of a user grant', () => {
    expect(formatTokenResponse({ ...base, refreshToken: 'rt', userId: '5001' })).toMatchObject({ refresh_token: 'rt', user_id: '5001' });
  });
});
