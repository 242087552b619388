import { Writable } from 'node:stream';
import type { Session } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import { describe, expect, it, vi } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { createLogger } from '@/lib/log';
import { createAuthOptions } from './auth-options';
import type { SessionClaims, TokenResponse } from './schemas';
import type { RefreshAccessToken, RefreshResult } from './token-refresh';

const START = Date.UTC(2026, 10, 21, 9, 0, 0);

type Answer = RefreshResult | { kind: 'refreshed'; tokens: TokenResponse };

/** The token endpoint's answer; a refresh is received at the moment it is asked for unless the test says otherwise. */
function setup(answer: Answer = { kind: 'unavailable', reason: 'not expected' }) {
  const clock = createManualClock(START);
  const refresh = vi.fn<RefreshAccessToken>(async () =>
    answer.kind === 'refreshed' && !('receivedAt' in answer) ? { ...answer, receivedAt: clock.now() } : answer,
  );
  const endLiveSessions = vi.fn<(userId: string) => void>();
  const options = createAuthOptions({
    telephony: { baseUrl: 'http://pbx.test', clientId: 'wallboard-demo', clientSecret: 'secret' },
    secret: 'test-secret',
    secureCookies: false,
    fetch: () => Promise.reject(new Error('no network in unit tests')),
    now: clock.now,
    refresh,
    endLiveSessions,
    logger: createLogger('silent', new Writable({ write: (_chunk, _encoding, done) => done() })),
  });
  const callbacks = options.callbacks ?? {};
  const jwt = (params: { token: JWT; user?: unknown; account?: unknown }) =>
    callbacks.jwt!(params as Parameters<NonNullable<typeof callbacks.jwt>>[0]) as Promise<SessionClaims>;
  const session = (token: JWT) =>
    callbacks.session!({ session: { expires: '2026-12-21T09:00:00.000Z' } as Session, token } as Parameters<
      NonNullable<typeof callbacks.session>
    >[0]);
  return { clock, refresh, endLiveSessions, options, jwt, session };
}

const signedIn: SessionClaims = {
  userId: '5101',
  name: 'Alice Chen',
  role: 'agent',
  extension: '101',
  accessToken: 'at-1',
  refreshToken: 'rt-1',
  accessTokenExpiresAt: START + 3_599_000,
  refreshAt: START + 3_539_000,
};

describe('createAuthOptions jwt callback', () => {
  it('keeps tokens and the person when sign-in completes', async () => {
    const { jwt } = setup();
    const token = await jwt({
      token: { name: 'Alice Chen', sub: '5101' },
      user: { id: '5101', name: 'Alice Chen', role: 'agent', extension: '101' },
      account: { provider: 'telephony', access_token: 'at-1', refresh_token: 'rt-1', expires_at: START / 1000 + 3599, user_id: '5101' },
    });
    expect(token).toEqual(signedIn);
  });

  it('refreshes half-way through the lifetime when the access token lives only 30 seconds', async () => {
    const { jwt, clock, refresh } = setup({
      kind: 'refreshed',
      tokens: { access_token: 'at-2', expires_in: 30, scope: 'Call Center User' },
    });
    const token = await jwt({
      token: {},
      user: { id: '5101', name: 'Alice Chen', role: 'agent', extension: '101' },
      account: { access_token: 'at-1', refresh_token: 'rt-1', expires_at: START / 1000 + 30 },
    });
    expect(token.refreshAt).toBe(START + 15_000);
    clock.advance(14_999);
    expect(await jwt({ token })).toEqual(token);
    expect(refresh).not.toHaveBeenCalled();
    clock.advance(1);
    expect(await jwt({ token })).toMatchObject({ accessToken: 'at-2', accessTokenExpiresAt: START + 45_000, refreshAt: START + 30_000 });
  });

  it('leaves the token alone when it is not due for a refresh', async () => {
    const { jwt, clock, refresh } = setup();
    clock.advance(3_538_999);
    expect(await jwt({ token: { ...signedIn } })).toEqual(signedIn);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('keeps the rotated refresh token when the service sends a new one', async () => {
    const { jwt, clock, refresh } = setup({
      kind: 'refreshed',
      tokens: { access_token: 'at-2', refresh_token: 'rt-2', expires_in: 3599, scope: 'Call Center User' },
    });
    clock.advance(3_539_000);
    const token = await jwt({ token: { ...signedIn } });
    expect(refresh).toHaveBeenCalledWith('rt-1');
    expect(token).toEqual({
      ...signedIn,
      accessToken: 'at-2',
      refreshToken: 'rt-2',
      accessTokenExpiresAt: START + 3_539_000 + 3_599_000,
      refreshAt: START + 3_539_000 + 3_539_000,
    });
  });

  it('keeps the old refresh token when the service does not rotate it', async () => {
    const { jwt, clock } = setup({ kind: 'refreshed', tokens: { access_token: 'at-2', expires_in: 3599, scope: 'Call Center User' } });
    clock.advance(3_600_000);
    expect(await jwt({ token: { ...signedIn } })).toMatchObject({ accessToken: 'at-2', refreshToken: 'rt-1' });
  });

  it('times the new token from when the service answered when the answer is replayed to a later request', async () => {
    const { jwt, clock } = setup({
      kind: 'refreshed',
      tokens: { access_token: 'at-2', expires_in: 3599, scope: 'Call Center User' },
      receivedAt: START + 3_539_000,
    });
    clock.advance(3_545_000);
    expect(await jwt({ token: { ...signedIn } })).toMatchObject({
      accessToken: 'at-2',
      accessTokenExpiresAt: START + 3_539_000 + 3_599_000,
    });
  });

  it('follows a role change when the refreshed scope differs', async () => {
    const { jwt, clock } = setup({ kind: 'refreshed', tokens: { access_token: 'at-2', expires_in: 3599, scope: 'Office Manager' } });
    clock.advance(3_600_000);
    expect(await jwt({ token: { ...signedIn } })).toMatchObject({ role: 'supervisor' });
  });

  it('marks the token errored and ends live sockets when the service refuses the refresh', async () => {
    const { jwt, clock, endLiveSessions } = setup({ kind: 'refused', error: 'invalid_grant' });
    clock.advance(3_600_000);
    expect(await jwt({ token: { ...signedIn } })).toMatchObject({ error: 'RefreshAccessTokenError' });
    expect(endLiveSessions).toHaveBeenCalledWith('5101');
  });

  it('marks the token errored when the refreshed scope is one the wallboard does not admit', async () => {
    const { jwt, clock } = setup({ kind: 'refreshed', tokens: { access_token: 'at-2', expires_in: 3599, scope: 'Reseller' } });
    clock.advance(3_600_000);
    expect(await jwt({ token: { ...signedIn } })).toMatchObject({ error: 'RefreshAccessTokenError' });
  });

  it('keeps the session and tries again later when the service is unavailable', async () => {
    const { jwt, clock, endLiveSessions } = setup({ kind: 'unavailable', reason: 'status 503' });
    clock.advance(3_600_000);
    expect(await jwt({ token: { ...signedIn } })).toEqual(signedIn);
    expect(endLiveSessions).not.toHaveBeenCalled();
  });

  it('does not try again when the token is already errored', async () => {
    const { jwt, clock, refresh, endLiveSessions } = setup();
    clock.advance(3_600_000);
    const errored = { ...signedIn, error: 'RefreshAccessTokenError' as const };
    expect(await jwt({ token: errored })).toEqual(errored);
    expect(refresh).not.toHaveBeenCalled();
    expect(endLiveSessions).not.toHaveBeenCalled();
  });

  it('ends the session when the access token expired and there is no refresh token', async () => {
    const { jwt, clock, refresh } = setup();
    clock.advance(3_599_000);
    expect(await jwt({ token: { ...signedIn, refreshToken: null } })).toMatchObject({ error: 'RefreshAccessTokenError' });
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('createAuthOptions session callback', () => {
  it('exposes only userId, name, role and extension when the session is live', async () => {
    const { session } = setup();
    const result = await session({ ...signedIn, exp: 1, iat: 1, jti: 'x' });
    expect(result).toEqual({
      user: { userId: '5101', name: 'Alice Chen', role: 'agent', extension: '101' },
      expires: '2026-12-21T09:00:00.000Z',
    });
    expect(JSON.stringify(result)).not.toMatch(/at-1|rt-1/);
  });

  it('throws so next-auth clears the cookie when the token is errored', async () => {
    const { session } = setup();
    await expect(async () => session({ ...signedIn, error: 'RefreshAccessTokenError' })).rejects.toThrow(
      'The telephony service refused to refresh this session',
    );
  });
});

describe('createAuthOptions signIn callback', () => {
  it.each([
    ['admits a person', { id: '5101', name: 'Alice Chen', role: 'agent', extension: '101' }, true],
    ['refuses a person whose scope has no wallboard role', { id: '9', name: 'Reseller', role: null, extension: null }, false],
  ])('%s when the profile says so', async (_label, user, allowed) => {
    const { options } = setup();
    const signIn = options.callbacks!.signIn!;
    expect(await signIn({ user, account: null } as unknown as Parameters<typeof signIn>[0])).toBe(allowed);
  });
});

describe('createAuthOptions signOut event', () => {
  it('ends the person’s live sockets when they sign out', async () => {
    const { options, endLiveSessions } = setup();
    await options.events!.signOut!({ token: { ...signedIn }, session: {} as Session });
    expect(endLiveSessions).toHaveBeenCalledWith('5101');
  });
});

describe('createAuthOptions provider', () => {
  it('uses the authorization code flow with state, PKCE and client_secret_post when configured', () => {
    const { options } = setup();
    expect(options.providers[0]).toMatchObject({
      id: 'telephony',
      type: 'oauth',
      authorization: { url: 'http://pbx.test/oauth/authorize/' },
      token: 'http://pbx.test/api/oauth/token/',
      checks: ['state', 'pkce'],
      client: { token_endpoint_auth_method: 'client_secret_post' },
    });
  });
});
