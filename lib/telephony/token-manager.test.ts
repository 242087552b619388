import { describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { TelephonyError } from './errors';
import { createFakeFetch, createRecordingLogger, deferred, jsonResponse, type Responder } from './test-support';
import { createTokenManager } from './token-manager';

const SECRET = 'client-secret-xyz';

function setup(respond: Responder) {
  const clock = createManualClock();
  const upstream = createFakeFetch(respond);
  const logger = createRecordingLogger();
  const tokens = createTokenManager({
    baseUrl: 'http://pbx.test',
    clientId: 'wallboard',
    clientSecret: SECRET,
    http: { fetch: upstream.fetch, clock, timeoutMs: 5_000 },
    log: logger.log,
  });
  return { clock, upstream, tokens, logger };
}

function issuing(expiresIn: number | string = 3599): Responder {
  let issued = 0;
  return () => jsonResponse(200, { access_token: `token-${++issued}`, token_type: 'Bearer', scope: '', expires_in: expiresIn });
}

describe('createTokenManager', () => {
  it('posts the client credentials as a form when it needs a token', async () => {
    const { tokens, upstream } = setup(issuing());
    await tokens.accessToken();
    const request = upstream.requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/api/oauth/token/');
    expect(request?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'wallboard',
      client_secret: SECRET,
    });
  });

  it('makes one token request when 20 callers ask at once', async () => {
    const answer = deferred<Response>();
    const { tokens, upstream } = setup(() => answer.promise);
    const callers = Array.from({ length: 20 }, () => tokens.accessToken());
    answer.resolve(jsonResponse(200, { access_token: 'shared', token_type: 'Bearer', expires_in: 3599 }));
    expect(await Promise.all(callers)).toEqual(Array(20).fill('shared'));
    expect(upstream.requests).toHaveLength(1);
    expect(tokens.health()).toEqual({ ok: true, error: null });
  });

  it('reuses the token until 90% of its life and renews it then', async () => {
    const { tokens, upstream, clock } = setup(issuing('3599'));
    expect(await tokens.accessToken()).toBe('token-1');
    clock.advance(3_239_000);
    expect(await tokens.accessToken()).toBe('token-1');
    clock.advance(1_000);
    expect(await tokens.accessToken()).toBe('token-2');
    expect(upstream.requests).toHaveLength(2);
  });

  it('renews 60 s before expiry when that comes sooner than 90% of its life', async () => {
    const { tokens, clock } = setup(issuing(300));
    await tokens.accessToken();
    clock.advance(239_000);
    expect(await tokens.accessToken()).toBe('token-1');
    clock.advance(1_000);
    expect(await tokens.accessToken()).toBe('token-2');
  });

  it('keeps a very short-lived token for half its life when 60 s before expiry is already past', async () => {
    const { tokens, clock } = setup(issuing(60));
    await tokens.accessToken();
    clock.advance(29_000);
    expect(await tokens.accessToken()).toBe('token-1');
    clock.advance(1_000);
    expect(await tokens.accessToken()).toBe('token-2');
  });

  it('asks for a new token when the current one is rejected', async () => {
    const { tokens, upstream } = setup(issuing());
    tokens.reject(await tokens.accessToken());
    expect(await tokens.accessToken()).toBe('token-2');
    expect(upstream.requests).toHaveLength(2);
  });

  it('keeps the newer token when an older one is rejected late', async () => {
    const { tokens } = setup(issuing());
    const old = await tokens.accessToken();
    tokens.reject(old);
    await tokens.accessToken();
    tokens.reject(old);
    expect(await tokens.accessToken()).toBe('token-2');
  });

  it('throws unauthorized with the RFC 6749 error when the client is refused', async () => {
    const { tokens, logger } = setup(() =>
      jsonResponse(401, { error: 'invalid_client', error_description: 'Client authentication failed.' }),
    );
    const error = await tokens.accessToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TelephonyError);
    expect(error).toMatchObject({
      code: 'unauthorized',
      status: 401,
      message: 'token: upstream answered 401: invalid_client (Client authentication failed.)',
    });
    expect(tokens.health()).toEqual({
      ok: false,
      error: 'unauthorized: token: upstream answered 401: invalid_client (Client authentication failed.)',
    });
    expect(logger.text()).not.toContain(SECRET);
  });

  it('throws unauthorized when a bad grant comes back as 400', async () => {
    const { tokens } = setup(() => jsonResponse(400, { error: 'invalid_grant' }));
    await expect(tokens.accessToken()).rejects.toMatchObject({ code: 'unauthorized', status: 400 });
  });

  it('throws rate_limited with the wait when the token endpoint answers 429', async () => {
    const { tokens } = setup(() => jsonResponse(429, { error: 'rate_limited' }, { 'retry-after': '2' }));
    await expect(tokens.accessToken()).rejects.toMatchObject({ code: 'rate_limited', retryAfterMs: 2_000 });
  });

  it('keeps using the old token when its renewal fails before it expires', async () => {
    let fail = false;
    const issue = issuing();
    const { tokens, clock } = setup((request) => (fail ? jsonResponse(503, {}) : issue(request)));
    await tokens.accessToken();
    fail = true;
    clock.advance(3_300_000);
    expect(await tokens.accessToken()).toBe('token-1');
    expect(tokens.health()).toMatchObject({ ok: false, error: 'server_error: token: upstream answered 503' });
    clock.advance(300_000);
    await expect(tokens.accessToken()).rejects.toMatchObject({ code: 'server_error' });
  });

  it('throws timeout when the token endpoint does not answer in time', async () => {
    const { tokens, clock } = setup(() => new Promise<Response>(() => undefined));
    const pending = tokens.accessToken().catch((e: unknown) => e);
    await clock.advanceAsync(5_000);
    expect(await pending).toMatchObject({ code: 'timeout', message: 'token: no answer within 5000 ms' });
  });

  it('throws bad_response when the answer has no access token', async () => {
    const { tokens } = setup(() => jsonResponse(200, { token_type: 'Bearer', expires_in: 3599 }));
    await expect(tokens.accessToken()).rejects.toMatchObject({
      code: 'bad_response',
      message: 'token: unexpected answer (access_token: Invalid input: expected string, received undefined)',
    });
  });
});
