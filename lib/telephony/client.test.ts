import { describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { createTelephonyClient, type TelephonyClientOptions } from './client';
import { TelephonyError } from './errors';
import { createFakeFetch, createRecordingLogger, jsonResponse, type Responder, type SeenRequest } from './test-support';

const SECRET = 'client-secret-xyz';
const POST_URI = 'https://wallboard.example/api/webhooks/telephony/path-secret';

const statsEntry = {
  queue: 'sales',
  calls_waiting: 1,
  avg_wait: 12,
  max_wait: 12,
  num_agents: 3,
  available_agents: 1,
  unavailable_agents: 0,
};

const subscriptionWire = {
  id: '4000000000000001',
  post_uri: POST_URI,
  expires: '2026-11-22T09:00:00.000000',
  events: { type: 'calls' },
};

/** A service whose token endpoint issues token-1, token-2, ... and whose API answers `api`. */
function setup(api: Responder, options: Partial<TelephonyClientOptions> = {}) {
  const clock = createManualClock();
  let issued = 0;
  const upstream = createFakeFetch((request) => {
    if (request.path === '/api/oauth/token/') {
      return jsonResponse(200, { access_token: `token-${++issued}`, token_type: 'Bearer', expires_in: 3599 });
    }
    return api(request);
  });
  const logger = createRecordingLogger();
  const client = createTelephonyClient({
    baseUrl: 'http://pbx.test/',
    clientId: 'wallboard',
    clientSecret: SECRET,
    fetch: upstream.fetch,
    clock,
    timeoutMs: 5_000,
    log: logger.log,
    ...options,
  });
  const apiRequests = () => upstream.requests.filter((r) => r.path !== '/api/oauth/token/');
  const tokenRequests = () => upstream.requests.filter((r) => r.path === '/api/oauth/token/');
  return { client, clock, upstream, logger, apiRequests, tokenRequests };
}

async function failure(promise: Promise<unknown>): Promise<TelephonyError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof TelephonyError)) throw new Error(`expected a TelephonyError, got ${String(error)}`);
  return error;
}

describe('fetchStats', () => {
  it('returns normalised stats when the service answers 201 as in the spec example', async () => {
    const { client, apiRequests } = setup(() => jsonResponse(201, [statsEntry]));
    expect(await client.fetchStats()).toEqual([
      {
        queue: 'sales',
        callsWaiting: 1,
        avgWaitSeconds: 12,
        maxWaitSeconds: 12,
        numAgents: 3,
        availableAgents: 1,
        unavailableAgents: 0,
      },
    ]);
    const [request] = apiRequests();
    expect(request?.path).toBe('/api/call_queues/stats/live/');
    expect(request?.headers.get('accept')).toBe('application/vnd.service.v1.4.0+json');
    expect(request?.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('asks for the configured version when one is given', async () => {
    const { client, apiRequests } = setup(() => jsonResponse(200, []), { versions: { stats: '1.10.0' } });
    await client.fetchStats();
    expect(apiRequests()[0]?.headers.get('accept')).toBe('application/vnd.service.v1.10.0+json');
  });

  it('makes one token request when 20 stats reads start together', async () => {
    const { client, tokenRequests } = setup(() => jsonResponse(200, [statsEntry]));
    await Promise.all(Array.from({ length: 20 }, () => client.fetchStats()));
    expect(tokenRequests()).toHaveLength(1);
  });

  it('renews the token once and retries once when the API answers 401', async () => {
    const { client, apiRequests, tokenRequests } = setup((request) =>
      request.headers.get('authorization') === 'Bearer token-1'
        ? jsonResponse(401, { status: 401, message: 'Invalid or expired access token.' })
        : jsonResponse(200, [statsEntry]),
    );
    expect(await client.fetchStats()).toHaveLength(1);
    expect(apiRequests().map((r) => r.headers.get('authorization'))).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(tokenRequests()).toHaveLength(2);
  });

  it('throws unauthorized without retrying again when the renewed token gets 401 too', async () => {
    const { client, apiRequests, tokenRequests } = setup(() =>
      jsonResponse(401, { status: 401, message: 'Invalid or expired access token.' }),
    );
    const error = await failure(client.fetchStats());
    expect(error).toMatchObject({
      code: 'unauthorized',
      status: 401,
      message: 'stats: upstream answered 401: Invalid or expired access token.',
    });
    expect(apiRequests()).toHaveLength(2);
    expect(tokenRequests()).toHaveLength(2);
  });

  it('throws rate_limited with the wait when the service answers 429 with Retry-After seconds', async () => {
    const { client } = setup(() => jsonResponse(429, { status: 429, message: 'Too many requests.' }, { 'retry-after': '12' }));
    expect(await failure(client.fetchStats())).toMatchObject({ code: 'rate_limited', retryAfterMs: 12_000 });
  });

  it('throws rate_limited with the wait when Retry-After is an HTTP date', async () => {
    const { client } = setup(() =>
      jsonResponse(429, { status: 429, message: 'Too many requests.' }, { 'retry-after': 'Sat, 21 Nov 2026 09:01:00 GMT' }),
    );
    expect(await failure(client.fetchStats())).toMatchObject({ code: 'rate_limited', retryAfterMs: 60_000 });
  });

  it.each([
    [400, 'bad_request'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [422, 'invalid_version'],
    [500, 'server_error'],
    [503, 'server_error'],
    [302, 'bad_response'],
  ] as const)('throws %s as %s', async (status, code) => {
    const { client } = setup(() => jsonResponse(status, { status, message: 'no' }));
    expect(await failure(client.fetchStats())).toMatchObject({
      code,
      status,
      message: `stats: upstream answered ${status}: no`,
    });
  });

  it('throws bad_response naming the problem when the body does not match the schema', async () => {
    const { client } = setup(() => jsonResponse(200, [{ ...statsEntry, calls_waiting: 'two' }]));
    expect(await failure(client.fetchStats())).toMatchObject({
      code: 'bad_response',
      message: 'stats: unexpected answer (0.calls_waiting: Invalid input: expected number, received string)',
    });
  });

  it('throws bad_response when the body is not JSON', async () => {
    const { client } = setup(() => new Response('<html>', { status: 200 }));
    expect(await failure(client.fetchStats())).toMatchObject({ code: 'bad_response', message: 'stats: answer is not JSON' });
  });

  it('throws network when the connection fails', async () => {
    const { client } = setup(() => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) });
    });
    expect(await failure(client.fetchStats())).toMatchObject({
      code: 'network',
      status: null,
      message: 'stats: request failed (ECONNREFUSED)',
    });
  });

  it('throws timeout and aborts the request when the service does not answer in time', async () => {
    let seen: SeenRequest | undefined;
    const { client, clock } = setup((request) => {
      seen = request;
      return new Promise<Response>(() => undefined);
    });
    const pending = failure(client.fetchStats());
    await clock.advanceAsync(4_999);
    expect(seen?.signal?.aborted).toBe(false);
    await clock.advanceAsync(1);
    expect(await pending).toMatchObject({ code: 'timeout', message: 'stats: no answer within 5000 ms' });
    expect(seen?.signal?.aborted).toBe(true);
  });

  it('never puts a token or the client secret in an error message', async () => {
    const { client } = setup(() => jsonResponse(401, { status: 401, message: 'Invalid or expired access token.' }));
    const error = await failure(client.fetchStats());
    expect(error.message).not.toMatch(/token-\d|client-secret/);
  });
});

describe('createSubscription', () => {
  it('posts the subscription request with version 1.2.0 and returns the created subscription', async () => {
    const { client, apiRequests } = setup(() => jsonResponse(201, subscriptionWire));
    const created = await client.createSubscription({ postUri: POST_URI, expiresIn: 86_400, calls: true, cdrs: true });
    expect(created).toEqual({
      id: '4000000000000001',
      postUri: POST_URI,
      expiresAt: Date.UTC(2026, 10, 22, 9, 0, 0),
      events: [{ type: 'calls', user: null }],
      secret: null,
    });
    const [request] = apiRequests();
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/api/subscriptions/');
    expect(request?.headers.get('accept')).toBe('application/vnd.service.v1.2.0+json');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ post_uri: POST_URI, expires_in: 86_400, calls: true, cdrs: true });
  });

  it('sends the users when the subscription is limited to some', async () => {
    const { client, apiRequests } = setup(() => jsonResponse(200, subscriptionWire));
    await client.createSubscription({ postUri: POST_URI, expiresIn: 60, calls: true, cdrs: false, users: ['101', '102'] });
    expect(JSON.parse(apiRequests()[0]?.body ?? '')).toMatchObject({ user: ['101', '102'] });
  });

  it('returns the signing secret when the service answers 202 with one', async () => {
    const { client } = setup(() => jsonResponse(202, { ...subscriptionWire, secret: 'whsec_1' }));
    const created = await client.createSubscription({ postUri: POST_URI, expiresIn: 60, calls: true, cdrs: true });
    expect(created.secret).toBe('whsec_1');
  });

  it('throws bad_request with the service message when the request is refused', async () => {
    const { client } = setup(() => jsonResponse(400, { status: 400, message: 'post_uri is not allowed.' }));
    const error = await failure(client.createSubscription({ postUri: POST_URI, expiresIn: 60, calls: true, cdrs: true }));
    expect(error).toMatchObject({
      code: 'bad_request',
      message: 'create subscription: upstream answered 400: post_uri is not allowed.',
    });
  });
});

describe('getSubscription', () => {
  it('returns the exact id when the read response sends it as a 16-digit number', async () => {
    // A double cannot hold 9999999999999999: plain JSON.parse turns it into 1e16.
    const body = `{"id": 9999999999999999, "post_uri": "${POST_URI}", "expires": "2026-11-22T09:00:00", "events": [{"type": "calls", "user": null}]}`;
    const { client, apiRequests } = setup(() => new Response(body, { status: 200 }));
    const subscription = await client.getSubscription('9999999999999999');
    expect(subscription).toEqual({
      id: '9999999999999999',
      postUri: POST_URI,
      expiresAt: Date.UTC(2026, 10, 22, 9, 0, 0),
      events: [{ type: 'calls', user: null }],
    });
    expect(apiRequests()[0]?.path).toBe('/api/subscriptions/9999999999999999/');
  });

  it('returns null when the service answers 404', async () => {
    const { client } = setup(() => jsonResponse(404, { status: 404, message: 'Resource does not exist.' }));
    expect(await client.getSubscription('1')).toBeNull();
  });
});

describe('deleteSubscription', () => {
  it.each([204, 200, 404])('resolves when the service answers %s', async (status) => {
    const { client, apiRequests } = setup(() => new Response(null, { status }));
    await client.deleteSubscription('42');
    expect(apiRequests()[0]).toMatchObject({ method: 'DELETE', path: '/api/subscriptions/42/' });
  });

  it('throws when the service fails', async () => {
    const { client } = setup(() => jsonResponse(500, { status: 500, message: 'boom' }));
    expect(await failure(client.deleteSubscription('42'))).toMatchObject({ code: 'server_error' });
  });
});

describe('getCurrentUser', () => {
  it('uses the user token it is given and no company token', async () => {
    const { client, upstream } = setup(() =>
      jsonResponse(200, { id: 7, username: 'ann', extension: '101', display_name: 'Ann', role: 'agent' }),
    );
    expect(await client.getCurrentUser('user-token')).toEqual({
      id: '7',
      username: 'ann',
      extension: '101',
      domain: null,
      displayName: 'Ann',
      role: 'agent',
      companyId: null,
    });
    expect(upstream.requests).toHaveLength(1);
    expect(upstream.requests[0]?.path).toBe('/api/users/current/');
    expect(upstream.requests[0]?.headers.get('authorization')).toBe('Bearer user-token');
  });

  it('throws unauthorized without renewing anything when the user token is refused', async () => {
    const { client, upstream } = setup(() => jsonResponse(401, { status: 401, message: 'Invalid or expired access token.' }));
    expect(await failure(client.getCurrentUser('user-token'))).toMatchObject({ code: 'unauthorized' });
    expect(upstream.requests).toHaveLength(1);
  });
});

describe('tokenHealth', () => {
  it('reports the token endpoint failure when the client credentials are refused', async () => {
    const clock = createManualClock();
    const upstream = createFakeFetch(() => jsonResponse(401, { error: 'invalid_client' }));
    const logger = createRecordingLogger();
    const client = createTelephonyClient({
      baseUrl: 'http://pbx.test',
      clientId: 'wallboard',
      clientSecret: SECRET,
      fetch: upstream.fetch,
      clock,
      log: logger.log,
    });
    expect(await failure(client.fetchStats())).toMatchObject({ code: 'unauthorized' });
    expect(client.tokenHealth()).toEqual({
      ok: false,
      error: 'unauthorized: token: upstream answered 401: invalid_client',
    });
    expect(logger.text()).not.toContain(SECRET);
  });
});
