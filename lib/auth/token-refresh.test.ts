import { describe, expect, it, vi } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { createSharedRefresher, type RefreshResult, requestTokenRefresh, type TokenEndpoint } from './token-refresh';

function endpointAnswering(respond: (body: URLSearchParams) => Response | Promise<Response>) {
  const requests: Array<{ url: string; body: URLSearchParams; headers: Headers }> = [];
  const endpoint: TokenEndpoint = {
    url: 'http://pbx.test/api/oauth/token/',
    clientId: 'wallboard-demo',
    clientSecret: 'wallboard-demo-secret-change-me',
    now: () => 1_000,
    fetch: async (input, init) => {
      const body = new URLSearchParams(String(init?.body));
      requests.push({ url: String(input), body, headers: new Headers(init?.headers) });
      return respond(body);
    },
  };
  return { endpoint, requests };
}

describe('requestTokenRefresh', () => {
  it('posts the RFC 6749 §6 form with client_secret_post when asked to refresh', async () => {
    const { endpoint, requests } = endpointAnswering(() =>
      Response.json({ access_token: 'at-2', refresh_token: 'rt-2', expires_in: 3599, scope: 'Call Center User', token_type: 'Bearer' }),
    );
    const result = await requestTokenRefresh(endpoint, 'rt-1');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('http://pbx.test/api/oauth/token/');
    expect(requests[0]?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(requests[0]?.body ?? [])).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'rt-1',
      client_id: 'wallboard-demo',
      client_secret: 'wallboard-demo-secret-change-me',
    });
    expect(result).toEqual({
      kind: 'refreshed',
      tokens: { access_token: 'at-2', refresh_token: 'rt-2', expires_in: 3599, scope: 'Call Center User' },
      receivedAt: 1_000,
    });
  });

  it('reports a refusal when the service answers invalid_grant', async () => {
    const { endpoint } = endpointAnswering(() =>
      Response.json({ error: 'invalid_grant', error_description: 'The refresh token has expired.' }, { status: 400 }),
    );
    expect(await requestTokenRefresh(endpoint, 'rt-1')).toEqual({ kind: 'refused', error: 'invalid_grant' });
  });

  it.each([
    ['a 503', () => new Response('down', { status: 503 }), 'status 503'],
    ['a 429', () => Response.json({ error: 'rate_limited' }, { status: 429 }), 'status 429'],
    ['a 200 without an access token', () => Response.json({ expires_in: 10, scope: 'x' }), 'malformed token response'],
  ])('reports the service unavailable when it answers %s', async (_label, respond, reason) => {
    const { endpoint } = endpointAnswering(respond);
    expect(await requestTokenRefresh(endpoint, 'rt-1')).toEqual({ kind: 'unavailable', reason });
  });

  it('reports the service unavailable when the request fails', async () => {
    const { endpoint } = endpointAnswering(() => {
      throw new TypeError('fetch failed');
    });
    expect(await requestTokenRefresh(endpoint, 'rt-1')).toEqual({ kind: 'unavailable', reason: 'TypeError' });
  });
});

describe('createSharedRefresher', () => {
  const refreshed: RefreshResult = {
    kind: 'refreshed',
    tokens: { access_token: 'at-2', refresh_token: 'rt-2', expires_in: 60, scope: 'Call Center User' },
    receivedAt: 0,
  };

  it('sends one request when two callers refresh the same token at once', async () => {
    const refresh = vi.fn(async () => refreshed);
    const shared = createSharedRefresher({ refresh, now: createManualClock().now });
    const [first, second] = await Promise.all([shared('rt-1'), shared('rt-1')]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(first).toEqual(refreshed);
    expect(second).toEqual(refreshed);
  });

  it('replays the answer when a second request presents the spent token within ten seconds', async () => {
    const clock = createManualClock();
    const refresh = vi.fn(async () => refreshed);
    const shared = createSharedRefresher({ refresh, now: clock.now });
    await shared('rt-1');
    clock.advance(9_999);
    expect(await shared('rt-1')).toEqual(refreshed);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('asks the service again when the earlier answer is ten seconds old', async () => {
    const clock = createManualClock();
    const refresh = vi.fn(async () => refreshed);
    const shared = createSharedRefresher({ refresh, now: clock.now });
    await shared('rt-1');
    clock.advance(10_000);
    await shared('rt-1');
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('asks the service again when the earlier attempt failed for a transient reason', async () => {
    const refresh = vi
      .fn<(token: string) => Promise<RefreshResult>>()
      .mockResolvedValueOnce({ kind: 'unavailable', reason: 'status 503' })
      .mockResolvedValueOnce(refreshed);
    const shared = createSharedRefresher({ refresh, now: createManualClock().now });
    expect(await shared('rt-1')).toEqual({ kind: 'unavailable', reason: 'status 503' });
    expect(await shared('rt-1')).toEqual(refreshed);
  });
});
