import { encode } from 'next-auth/jwt';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DisplayConfig } from '@/lib/realtime/events';
import { type DisplayStore, createMemoryStore } from '@/lib/store';
import { generateDisplayToken, hashDisplayToken } from './display-token';
import { createHandshakeAuthenticator } from './handshake';
import type { SessionClaims } from './schemas';

const SECRET = 'handshake-test-secret-0123456789abcdef';
const CONFIG: DisplayConfig = { name: 'Floor 2', queues: ['Sales'], views: ['queues'], rotateSeconds: 20 };

function claims(overrides: Partial<SessionClaims> = {}): SessionClaims {
  return {
    userId: '5101',
    name: 'Alice Chen',
    role: 'agent',
    extension: '101',
    accessToken: 'at-1',
    refreshToken: 'rt-1',
    accessTokenExpiresAt: Date.now() + 3_600_000,
    refreshAt: Date.now() + 3_540_000,
    ...overrides,
  };
}

async function sessionCookie(token: SessionClaims, maxAge = 3600): Promise<string> {
  return encode({ token, secret: SECRET, maxAge });
}

describe('createHandshakeAuthenticator', () => {
  let displays: DisplayStore;
  let now: number;
  const authenticate = (headers: Record<string, string | string[] | undefined>, auth: unknown, secureCookies = false) =>
    createHandshakeAuthenticator({ store: { displays }, secret: SECRET, now: () => now, secureCookies })({ headers, auth });

  beforeEach(() => {
    displays = createMemoryStore().displays;
    now = Date.now();
  });

  it('grants the signed-in user when the session cookie is valid', async () => {
    const jwt = await sessionCookie(claims());
    const grant = await authenticate({ cookie: `theme=dark; next-auth.session-token=${jwt}` }, { view: 'agent' });
    expect(grant).toMatchObject({ kind: 'user', userId: '5101', name: 'Alice Chen', role: 'agent', extension: '101' });
    expect(grant?.kind === 'user' && grant.expiresAt).toBeGreaterThan(now + 3_500_000);
    expect(grant).not.toHaveProperty('accessToken');
  });

  it('joins the chunks when next-auth split the session cookie', async () => {
    const jwt = await sessionCookie(claims({ role: 'supervisor', userId: '5001', name: 'Sam Rivera' }));
    const middle = Math.floor(jwt.length / 2);
    const cookie = `next-auth.session-token.1=${jwt.slice(middle)}; next-auth.session-token.0=${jwt.slice(0, middle)}`;
    expect(await authenticate({ cookie }, { view: 'supervisor' })).toMatchObject({ kind: 'user', userId: '5001', role: 'supervisor' });
  });

  it('reads the __Secure- cookie when the site is served over https', async () => {
    const jwt = await sessionCookie(claims());
    expect(await authenticate({ cookie: `__Secure-next-auth.session-token=${jwt}` }, { view: 'wall' }, true)).toMatchObject({ kind: 'user' });
    expect(await authenticate({ cookie: `next-auth.session-token=${jwt}` }, { view: 'wall' }, true)).toBeNull();
  });

  it('refuses the session when its expiry has passed', async () => {
    const jwt = await sessionCookie(claims(), 60);
    now += 61_000;
    expect(await authenticate({ cookie: `next-auth.session-token=${jwt}` }, { view: 'agent' })).toBeNull();
  });

  it('refuses the session when the refresh was refused and the token is marked errored', async () => {
    const jwt = await sessionCookie(claims({ error: 'RefreshAccessTokenError' }));
    expect(await authenticate({ cookie: `next-auth.session-token=${jwt}` }, { view: 'agent' })).toBeNull();
  });

  it('refuses the session when the cookie was encrypted with another secret', async () => {
    const jwt = await encode({ token: claims(), secret: 'another-secret-entirely-0123456789' });
    expect(await authenticate({ cookie: `next-auth.session-token=${jwt}` }, { view: 'agent' })).toBeNull();
  });

  it('refuses the socket when there is no cookie and no display token', async () => {
    expect(await authenticate({}, { view: 'wall' })).toBeNull();
  });

  it('grants the display its configuration when the display token is known', async () => {
    const token = generateDisplayToken();
    await displays.create({ id: 'd1', tokenHash: hashDisplayToken(token), config: CONFIG, createdAt: now, lastSeenAt: null, status: null, revokedAt: null });
    expect(await authenticate({}, { view: 'wall', displayToken: token })).toEqual({ kind: 'display', displayId: 'd1', config: CONFIG });
  });

  it('refuses the display token when the display was revoked', async () => {
    const token = generateDisplayToken();
    await displays.create({ id: 'd1', tokenHash: hashDisplayToken(token), config: CONFIG, createdAt: now, lastSeenAt: null, status: null, revokedAt: now });
    expect(await authenticate({}, { view: 'wall', displayToken: token })).toBeNull();
  });

  it('refuses the display token when no display has its hash', async () => {
    expect(await authenticate({}, { view: 'wall', displayToken: generateDisplayToken() })).toBeNull();
  });

  it('considers only the display token when a signed-in browser also sends one', async () => {
    const jwt = await sessionCookie(claims({ role: 'supervisor' }));
    const grant = await authenticate({ cookie: `next-auth.session-token=${jwt}` }, { view: 'supervisor', displayToken: generateDisplayToken() });
    expect(grant).toBeNull();
  });

  it.each([
    ['no auth at all', undefined],
    ['a string', 'wall'],
    ['an unknown view', { view: 'admin' }],
    ['a display token of the wrong shape', { view: 'wall', displayToken: 'short' }],
    ['a display token that is not a string', { view: 'wall', displayToken: 42 }],
  ])('refuses the socket when auth is %s', async (_label, auth) => {
    const jwt = await sessionCookie(claims());
    expect(await authenticate({ cookie: `next-auth.session-token=${jwt}` }, auth)).toBeNull();
  });
});
