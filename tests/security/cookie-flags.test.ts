/**
 * The flags of every cookie next-auth sets for the wallboard, read from the
 * Set-Cookie headers next-auth itself writes (its Node handler, driven with a
 * stand-in request and response) under our auth options, for an https and an
 * http public URL: HttpOnly, SameSite=Lax, Path=/ always; Secure and the
 * __Secure-/__Host- prefixes only over https. No server is started. The last
 * test checks that an https PUBLIC_URL is what turns the secure settings on.
 */
import NextAuth from 'next-auth';
import { encode } from 'next-auth/jwt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { createLogger } from '@/lib/log';
import { createAuthOptions } from '@/lib/auth/auth-options';
import type { SessionClaims } from '@/lib/auth/schemas';

const SECRET = 'cookie-flags-test-secret-0123456789abcdef';
const NOW = Date.UTC(2026, 10, 21, 9, 0, 0);

interface Exchange {
  status: number;
  location: string | undefined;
  body: unknown;
  setCookies: string[];
}

/** One request through next-auth's Node handler (next-auth/next NextAuthApiHandler) with our options. */
async function callNextAuth(
  secureCookies: boolean,
  request: { method: 'GET' | 'POST'; route: string[]; cookies?: Record<string, string>; body?: Record<string, string> },
): Promise<Exchange> {
  const clock = createManualClock(NOW);
  const options = createAuthOptions({
    telephony: { baseUrl: 'http://pbx.test', clientId: 'wallboard-demo', clientSecret: 'secret' },
    secret: SECRET,
    secureCookies,
    fetch: () => Promise.reject(new Error('no network in this test')),
    now: clock.now,
    refresh: () => Promise.reject(new Error('no refresh expected')),
    endLiveSessions: () => {},
    logger: createLogger('silent'),
  });
  const headers = new Map<string, unknown>();
  const exchange: Exchange = { status: 200, location: undefined, body: undefined, setCookies: [] };
  const res = {
    status(code: number) {
      exchange.status = code;
      return res;
    },
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), value);
      return res;
    },
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    end: () => {},
    json: (body: unknown) => void (exchange.body = body),
    send: (body: unknown) => void (exchange.body = body),
  };
  const req = {
    method: request.method,
    query: { nextauth: request.route },
    cookies: request.cookies ?? {},
    headers: { host: 'wallboard.example.com' },
    body: request.body,
  };
  await (NextAuth as unknown as (req: unknown, res: unknown, options: unknown) => Promise<void>)(req, res, options);
  const setCookie = headers.get('set-cookie');
  exchange.setCookies = setCookie === undefined ? [] : ([] as string[]).concat(setCookie as string | string[]);
  exchange.location = headers.get('location') as string | undefined;
  return exchange;
}

interface ParsedCookie {
  name: string;
  value: string;
  attributes: Map<string, string>;
}

function parseSetCookie(header: string): ParsedCookie {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const separator = pair.indexOf('=');
  return {
    name: pair.slice(0, separator),
    value: pair.slice(separator + 1),
    attributes: new Map(
      attributes.map((attribute) => {
        const [key = '', ...value] = attribute.split('=');
        return [key.toLowerCase(), value.join('=')] as const;
      }),
    ),
  };
}

function cookieNamed(exchange: Exchange, name: string): ParsedCookie {
  const found = exchange.setCookies.map(parseSetCookie).filter((cookie) => cookie.name === name);
  expect(found.map((cookie) => cookie.name), `Set-Cookie headers: ${exchange.setCookies.join(' | ')}`).toEqual([name]);
  return found[0]!;
}

const claims: SessionClaims = {
  userId: '5001',
  name: 'Sam Rivera',
  role: 'supervisor',
  extension: '200',
  accessToken: 'at-1',
  refreshToken: 'rt-1',
  accessTokenExpiresAt: NOW + 3_599_000,
  refreshAt: NOW + 3_539_000,
};

const SCHEMES = [
  {
    scheme: 'https',
    publicUrl: 'https://wallboard.example.com',
    secure: true,
    names: {
      csrf: '__Host-next-auth.csrf-token',
      callback: '__Secure-next-auth.callback-url',
      state: '__Secure-next-auth.state',
      pkce: '__Secure-next-auth.pkce.code_verifier',
      session: '__Secure-next-auth.session-token',
    },
  },
  {
    scheme: 'http',
    publicUrl: 'http://localhost:3000',
    secure: false,
    names: {
      csrf: 'next-auth.csrf-token',
      callback: 'next-auth.callback-url',
      state: 'next-auth.state',
      pkce: 'next-auth.pkce.code_verifier',
      session: 'next-auth.session-token',
    },
  },
] as const;

afterEach(() => {
  vi.unstubAllEnvs();
});

describe.each(SCHEMES)('next-auth cookies with an $scheme public URL', ({ publicUrl, secure, names }) => {
  /** HttpOnly, SameSite=Lax, Path=/, no Domain; Secure exactly when the site is https. */
  function expectFlags(cookie: ParsedCookie) {
    expect(cookie.attributes.has('httponly'), `${cookie.name} HttpOnly`).toBe(true);
    expect(cookie.attributes.get('samesite')?.toLowerCase(), `${cookie.name} SameSite`).toBe('lax');
    expect(cookie.attributes.get('path'), `${cookie.name} Path`).toBe('/');
    expect(cookie.attributes.has('domain'), `${cookie.name} Domain`).toBe(false);
    expect(cookie.attributes.has('secure'), `${cookie.name} Secure`).toBe(secure);
  }

  async function csrf(): Promise<{ token: string; cookie: ParsedCookie }> {
    vi.stubEnv('NEXTAUTH_URL', publicUrl);
    const answer = await callNextAuth(secure, { method: 'GET', route: ['csrf'] });
    return { token: (answer.body as { csrfToken: string }).csrfToken, cookie: cookieNamed(answer, names.csrf) };
  }

  it('sets the CSRF cookie HttpOnly, Lax, on / (with __Host- and Secure over https)', async () => {
    const { token, cookie } = await csrf();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expectFlags(cookie);
  });

  it('sets the state, PKCE verifier and callback cookies of a sign-in with the same flags, and only after a valid CSRF token', async () => {
    const { token, cookie } = await csrf();
    const csrfCookie = { [cookie.name]: decodeURIComponent(cookie.value) };

    const refused = await callNextAuth(secure, { method: 'POST', route: ['signin', 'telephony'], cookies: csrfCookie, body: { csrfToken: 'f'.repeat(64) } });
    expect(refused.location).toBe(`${publicUrl}/api/auth/signin?csrf=true`);
    expect(refused.setCookies.map((header) => parseSetCookie(header).name)).not.toContain(names.state);

    const started = await callNextAuth(secure, {
      method: 'POST',
      route: ['signin', 'telephony'],
      cookies: csrfCookie,
      body: { csrfToken: token, callbackUrl: `${publicUrl}/supervisor` },
    });
    expect(started.location).toMatch(/^http:\/\/pbx\.test\/oauth\/authorize\/\?/);
    const authorize = new URL(started.location!);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${publicUrl}/api/auth/callback/telephony`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    for (const name of [names.state, names.pkce, names.callback]) expectFlags(cookieNamed(started, name));
  });

  it('writes the session cookie back with the same flags when the session is read, and clears it so on sign-out', async () => {
    const sessionToken = await encode({ token: claims, secret: SECRET, maxAge: 30 * 24 * 3600 });
    vi.stubEnv('NEXTAUTH_URL', publicUrl);

    const session = await callNextAuth(secure, { method: 'GET', route: ['session'], cookies: { [names.session]: sessionToken } });
    expect(session.body).toEqual({ user: { userId: '5001', name: 'Sam Rivera', role: 'supervisor', extension: '200' }, expires: expect.any(String) });
    expectFlags(cookieNamed(session, names.session));

    const { token, cookie } = await csrf();
    const signedOut = await callNextAuth(secure, {
      method: 'POST',
      route: ['signout'],
      cookies: { [cookie.name]: decodeURIComponent(cookie.value), [names.session]: sessionToken },
      body: { csrfToken: token },
    });
    const cleared = cookieNamed(signedOut, names.session);
    expect(cleared.value).toBe('');
    expectFlags(cleared);
  });

  it('ignores a session cookie under the other scheme’s name', async () => {
    const sessionToken = await encode({ token: claims, secret: SECRET, maxAge: 3600 });
    vi.stubEnv('NEXTAUTH_URL', publicUrl);
    const otherName = secure ? 'next-auth.session-token' : '__Secure-next-auth.session-token';
    const session = await callNextAuth(secure, { method: 'GET', route: ['session'], cookies: { [otherName]: sessionToken } });
    expect(session.body).toEqual({});
  });
});

describe('the running wallboard’s auth options', () => {
  it.each([
    ['https://wallboard.example.com', true],
    ['http://wallboard.example.com:3000', false],
  ])('use secure cookies exactly when PUBLIC_URL is https (%s)', async (publicUrl, secure) => {
    vi.resetModules();
    vi.stubEnv('NEXTAUTH_URL', '');
    vi.stubEnv('PUBLIC_URL', publicUrl);
    vi.stubEnv('NEXTAUTH_SECRET', SECRET);
    const { secureCookies } = await import('@/lib/auth/server-deps');
    const { authOptions } = await import('@/lib/auth/next-auth-options');
    expect(secureCookies).toBe(secure);
    expect(authOptions.useSecureCookies).toBe(secure);
    // lib/env hands next-auth its origin, which decides the callback URL the cookies go with.
    expect(process.env.NEXTAUTH_URL).toBe(publicUrl);
  });
});
