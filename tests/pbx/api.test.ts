import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACME,
  GLOBEX,
  authorizationCode,
  clientCredentialsToken,
  exchangeCode,
  getApi,
  requestToken,
  startTestPbx,
  type TestPbx,
} from './harness';

const STATS = '/api/call_queues/stats/live/';
const SUBSCRIPTIONS = '/api/subscriptions/';

async function apiError(response: Response) {
  return { status: response.status, body: await response.json() };
}

function createSubscription(pbx: TestPbx, token: string): Promise<Response> {
  return fetch(`${pbx.url}${SUBSCRIPTIONS}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/vnd.service.v1.2.0+json' },
    body: JSON.stringify({ post_uri: 'http://127.0.0.1:9/hook', expires_in: 3600, calls: true }),
  });
}

describe('the /api scope', () => {
  let pbx: TestPbx;
  let acmeToken: string;
  beforeAll(async () => {
    pbx = await startTestPbx();
    acmeToken = await clientCredentialsToken(pbx);
  });
  afterAll(() => pbx.close());

  it('answers /health without a token', async () => {
    const response = await fetch(`${pbx.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  describe('bearer authentication', () => {
    it('answers 401 with a bare Bearer challenge when no token is sent', async () => {
      const response = await getApi(pbx, STATS, null);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="api"');
      expect(await apiError(response)).toEqual({ status: 401, body: { status: 401, message: 'Missing access token.' } });
    });

    it('answers 401 with a bare Bearer challenge when another scheme is used', async () => {
      const response = await getApi(pbx, STATS, null, { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="api"');
    });

    it.each([
      ['unknown', 'not-a-token'],
      ['malformed', 'two words'],
    ])('answers 401 invalid_token when the token is %s', async (_case, token) => {
      const response = await getApi(pbx, STATS, token);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="api", error="invalid_token"');
      expect(await apiError(response)).toEqual({ status: 401, body: { status: 401, message: 'Invalid or expired access token.' } });
    });

    it('answers 401 invalid_token once a company token has expired', async () => {
      const token = await clientCredentialsToken(pbx);
      pbx.clock.advance(3_600_000);
      const response = await getApi(pbx, STATS, token);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="api", error="invalid_token"');
      acmeToken = await clientCredentialsToken(pbx);
    });

    it('does not accept the token endpoint’s client credentials as a bearer token', async () => {
      expect((await getApi(pbx, STATS, ACME.app.clientSecret)).status).toBe(401);
    });
  });

  describe('GET /api/call_queues/stats/live/', () => {
    it('answers 201 with one entry per queue of the token’s company', async () => {
      const response = await getApi(pbx, STATS, acmeToken, { accept: 'application/vnd.service.v1.4.0+json' });
      expect(response.status).toBe(201);
      const stats = (await response.json()) as Array<Record<string, unknown>>;
      expect(stats.map((entry) => entry.queue)).toEqual(ACME.company.queues.map((queue) => queue.id));
      expect(stats[0]).toEqual({
        queue: 'Sales',
        calls_waiting: 0,
        avg_wait: 0,
        max_wait: 0,
        num_agents: 4,
        available_agents: expect.any(Number),
        unavailable_agents: expect.any(Number),
      });
    });

    it('never shows a company’s stats to another company’s token', async () => {
      const placed = await fetch(`${pbx.url}/sandbox/calls`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ queue: 'Sales' }),
      });
      expect(placed.status).toBe(201);
      const globexToken = await clientCredentialsToken(pbx, GLOBEX.app);

      const globexStats = await (await getApi(pbx, STATS, globexToken)).json();
      expect(globexStats).toEqual([expect.objectContaining({ queue: 'Helpdesk', calls_waiting: 0 })]);
      const acmeStats = (await (await getApi(pbx, STATS, acmeToken)).json()) as Array<{ queue: string; calls_waiting: number }>;
      expect(acmeStats.find((entry) => entry.queue === 'Sales')?.calls_waiting).toBe(1);
    });

    it('answers without the trailing slash too', async () => {
      expect((await getApi(pbx, STATS.slice(0, -1), acmeToken)).status).toBe(201);
    });
  });

  describe('versioning by Accept', () => {
    it.each([
      ['application/vnd.service.v1.4.0+json', '1.4.0'],
      ['application/vnd.service.v1.0.0+json', '1.0.0'],
      ['application/vnd.service.v1.10.0+json', '1.10.0'],
      ['application/json', '1.10.0'],
      ['*/*', '1.10.0'],
      ['text/html, application/vnd.service.v1.2.0+json;q=0.9', '1.2.0'],
    ])('serves %s as version %s and says so', async (accept, version) => {
      const response = await getApi(pbx, STATS, acmeToken, { accept });
      expect(response.status).toBe(201);
      expect(response.headers.get('x-api-version')).toBe(version);
      expect(response.headers.get('content-type')).toBe(`application/vnd.service.v${version}+json`);
    });

    it('serves the newest version when no Accept header is sent', async () => {
      // fetch always sends an Accept header; node:http sends none unless told.
      const { port } = new URL(pbx.url);
      const version = await new Promise((resolve, reject) => {
        get({ hostname: '127.0.0.1', port, path: STATS, headers: { authorization: `Bearer ${acmeToken}` } }, (response) => {
          response.resume();
          resolve(response.headers['x-api-version']);
        }).on('error', reject);
      });
      expect(version).toBe('1.10.0');
    });

    it.each([['application/vnd.service.v1.4.1+json'], ['application/vnd.service.v2.0.0+json'], ['application/vnd.service.vlatest+json']])(
      'answers 422 when Accept is %s',
      async (accept) => {
        const response = await getApi(pbx, STATS, acmeToken, { accept });
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(await apiError(response)).toEqual({
          status: 422,
          body: { status: 422, message: 'An invalid version number was provided.' },
        });
      },
    );
  });

  describe('GET /api/users/current/', () => {
    it('describes the user of a user token', async () => {
      const { access_token } = await (await exchangeCode(pbx, await authorizationCode(pbx, {}, { username: 'alice', password: 'demo1234' }))).json();
      const response = await getApi(pbx, '/api/users/current/', access_token);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        id: '5101',
        username: 'alice',
        extension: '101',
        domain: 'acme.pbx.test',
        display_name: 'Alice Chen',
        role: 'Call Center User',
        company_id: '100200',
      });
    });

    it('answers 403 to a company-wide token', async () => {
      expect(await apiError(await getApi(pbx, '/api/users/current/', acmeToken))).toEqual({
        status: 403,
        body: { status: 403, message: 'A user access token is required: a company-wide token has no current user.' },
      });
    });
  });

  it('answers 404 in the API’s error shape for an unknown route', async () => {
    expect(await apiError(await getApi(pbx, '/api/no/such/thing/', acmeToken))).toEqual({
      status: 404,
      body: { status: 404, message: 'Resource does not exist.' },
    });
  });

  it('answers 400 naming the problem when a JSON body does not parse', async () => {
    const response = await fetch(`${pbx.url}${SUBSCRIPTIONS}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${acmeToken}`, 'content-type': 'application/json' },
      body: '{"post_uri":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: 400, message: expect.stringContaining('JSON') });
  });
});

describe('rate limits', () => {
  let pbx: TestPbx;
  beforeAll(async () => {
    pbx = await startTestPbx({ rateLimitMultiplier: 1 });
  });
  afterAll(() => pbx.close());

  it('allows 2 stats requests a second, then 429 with Retry-After, then again after a second', async () => {
    const token = await clientCredentialsToken(pbx);
    expect((await getApi(pbx, STATS, token)).status).toBe(201);
    expect((await getApi(pbx, STATS, token)).status).toBe(201);
    const refused = await getApi(pbx, STATS, token);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await apiError(refused)).toEqual({ status: 429, body: { status: 429, message: '2 per 1 second' } });
    pbx.clock.advance(1_000);
    expect((await getApi(pbx, STATS, token)).status).toBe(201);
  });

  it('allows 5 stats requests a minute and names that limit when it trips', async () => {
    const token = await clientCredentialsToken(pbx);
    for (let second = 0; second < 5; second++) {
      expect((await getApi(pbx, STATS, token)).status).toBe(201);
      pbx.clock.advance(1_000);
    }
    const refused = await getApi(pbx, STATS, token);
    expect(refused.headers.get('retry-after')).toBe('55');
    expect(await apiError(refused)).toEqual({ status: 429, body: { status: 429, message: '5 per 1 minute' } });
    pbx.clock.advance(55_000);
    expect((await getApi(pbx, STATS, token)).status).toBe(201);
  });

  it('counts per token', async () => {
    const first = await clientCredentialsToken(pbx);
    const second = await clientCredentialsToken(pbx);
    await getApi(pbx, STATS, first);
    await getApi(pbx, STATS, first);
    expect((await getApi(pbx, STATS, first)).status).toBe(429);
    expect((await getApi(pbx, STATS, second)).status).toBe(201);
  });

  it('allows 1 subscription request a second', async () => {
    const token = await clientCredentialsToken(pbx);
    expect((await createSubscription(pbx, token)).status).toBeLessThan(300);
    const refused = await createSubscription(pbx, token);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await apiError(refused)).toEqual({ status: 429, body: { status: 429, message: '1 per 1 second' } });
  });

  it('allows 3 token requests a second per client_id at the token endpoint', async () => {
    pbx.clock.advance(60_000);
    const request = (app: typeof ACME.app) =>
      requestToken(pbx, { grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.clientSecret });
    for (let attempt = 0; attempt < 3; attempt++) expect((await request(ACME.app)).status).toBe(200);
    const refused = await request(ACME.app);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(await apiError(refused)).toEqual({ status: 429, body: { status: 429, message: '3 per 1 second' } });
    expect((await request(GLOBEX.app)).status).toBe(200);
  });

  it('scales every limit by the configured multiplier', async () => {
    const scaled = await startTestPbx({ rateLimitMultiplier: 2 });
    try {
      const token = await clientCredentialsToken(scaled);
      const statuses = [];
      for (let attempt = 0; attempt < 5; attempt++) statuses.push((await getApi(scaled, STATS, token)).status);
      expect(statuses).toEqual([201, 201, 201, 201, 429]);
    } finally {
      await scaled.close();
    }
  });
});
