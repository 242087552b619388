import { describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { createMemoryTokenStore } from '../oauth/token-store';
import { authenticateBearer } from './bearer-auth';
import { ApiError } from './errors';

function storeWithToken() {
  const clock = createManualClock();
  const tokens = createMemoryTokenStore(clock);
  tokens.putAccessToken('live-token', {
    tokenId: 't1',
    grantId: null,
    clientId: 'app',
    companyId: 'c1',
    userId: null,
    role: null,
    expiresAt: clock.now() + 1_000,
  });
  return { clock, tokens };
}

function failure(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
  }
  throw new Error('expected an ApiError');
}

describe('authenticateBearer', () => {
  it('returns the principal when the token is live', () => {
    const { tokens } = storeWithToken();
    expect(authenticateBearer(tokens, 'Bearer live-token')).toEqual({
      companyId: 'c1',
      clientId: 'app',
      userId: null,
      role: null,
      tokenId: 't1',
    });
    expect(authenticateBearer(tokens, 'bearer  live-token').tokenId).toBe('t1');
  });

  it.each([[undefined], [''], ['Basic abc'], ['live-token']])('challenges without an error code when the header is %s', (header) => {
    const error = failure(() => authenticateBearer(storeWithToken().tokens, header));
    expect(error.status).toBe(401);
    expect(error.message).toBe('Missing access token.');
    expect(error.headers).toEqual({ 'www-authenticate': 'Bearer realm="api"' });
  });

  it.each([['Bearer'], ['Bearer unknown'], ['Bearer live-token extra'], ['Bearer bad"token']])(
    'answers invalid_token when the header is %s',
    (header) => {
      const error = failure(() => authenticateBearer(storeWithToken().tokens, header));
      expect(error.message).toBe('Invalid or expired access token.');
      expect(error.headers).toEqual({ 'www-authenticate': 'Bearer realm="api", error="invalid_token"' });
    },
  );

  it('answers invalid_token once the token has expired', () => {
    const { clock, tokens } = storeWithToken();
    clock.advance(1_000);
    expect(failure(() => authenticateBearer(tokens, 'Bearer live-token')).headers['www-authenticate']).toContain('invalid_token');
  });
});
