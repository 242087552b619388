import { describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { createMemoryTokenStore, type AccessTokenRecord, type RefreshTokenRecord } from './token-store';

function accessToken(expiresAt: number, grantId: string | null = 'g1'): AccessTokenRecord {
  return { tokenId: 't', grantId, clientId: 'app', companyId: 'c', userId: 'u', role: 'Basic User', expiresAt };
}

function refreshToken(expiresAt: number, grantId = 'g1'): RefreshTokenRecord {
  return { grantId, clientId: 'app', companyId: 'c', userId: 'u', expiresAt, rotated: false };
}

describe('createMemoryTokenStore', () => {
  it('finds a record by its secret until it expires', () => {
    const clock = createManualClock();
    const store = createMemoryTokenStore(clock);
    store.putAccessToken('secret', accessToken(clock.now() + 1_000));
    expect(store.getAccessToken('secret')?.tokenId).toBe('t');
    expect(store.getAccessToken('other')).toBeUndefined();
    clock.advance(999);
    expect(store.getAccessToken('secret')).toBeDefined();
    clock.advance(1);
    expect(store.getAccessToken('secret')).toBeUndefined();
  });

  it('revokes every code and token of a grant and leaves other grants alone', () => {
    const clock = createManualClock();
    const store = createMemoryTokenStore(clock);
    const later = clock.now() + 60_000;
    store.putCode('code', {
      grantId: 'g1',
      clientId: 'app',
      companyId: 'c',
      userId: 'u',
      redirectUri: 'http://x/cb',
      codeChallenge: null,
      expiresAt: later,
      redeemed: true,
    });
    store.putAccessToken('access-1', accessToken(later));
    store.putRefreshToken('refresh-1', refreshToken(later));
    store.putAccessToken('access-2', accessToken(later, 'g2'));
    store.putAccessToken('company', accessToken(later, null));

    store.revokeGrant('g1');
    expect(store.getCode('code')).toBeUndefined();
    expect(store.getAccessToken('access-1')).toBeUndefined();
    expect(store.getRefreshToken('refresh-1')).toBeUndefined();
    expect(store.getAccessToken('access-2')).toBeDefined();
    expect(store.getAccessToken('company')).toBeDefined();
  });

  it('purges exactly the expired records', () => {
    const clock = createManualClock();
    const store = createMemoryTokenStore(clock);
    store.putAccessToken('short', accessToken(clock.now() + 1_000));
    store.putRefreshToken('short-refresh', refreshToken(clock.now() + 1_000));
    store.putAccessToken('long', accessToken(clock.now() + 5_000));
    clock.advance(1_000);
    expect(store.purgeExpired()).toBe(2);
    expect(store.purgeExpired()).toBe(0);
    expect(store.getAccessToken('long')).toBeDefined();
  });
});
