/**
 * The sandbox's fault switches over real HTTP: each stats fault, the token
 * endpoint taken down, refused deliveries and a subscription expired on demand.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestReceiver, type TestReceiver } from '@/lib/pbx/delivery/test-receiver';
import { ACME, GLOBEX, clientCredentialsToken, requestToken, startTestPbx, type TestPbx } from '../pbx/harness';

const STATS = '/api/call_queues/stats/live/';

function post(pbx: TestPbx, path: string, body: unknown): Promise<Response> {
  return fetch(`${pbx.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

function stats(pbx: TestPbx, token: string, signal?: AbortSignal): Promise<Response> {
  return fetch(`${pbx.url}${STATS}`, { headers: { authorization: `Bearer ${token}` }, signal });
}

async function statsRequests(pbx: TestPbx): Promise<number> {
  const { counts } = (await (await fetch(`${pbx.url}/sandbox/requests`)).json()) as { counts: Record<string, number> };
  return counts[`GET ${STATS}`] ?? 0;
}

/** Tracks whether a promise has settled, without awaiting it. */
function watch<T>(promise: Promise<T>) {
  const state = { settled: false };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

describe('POST /sandbox/faults', () => {
  let pbx: TestPbx;
  let token: string;
  beforeEach(async () => {
    pbx = await startTestPbx();
    token = await clientCredentialsToken(pbx);
  });
  afterEach(() => pbx.close());

  it('reports no fault when nothing was switched on', async () => {
    const response = await fetch(`${pbx.url}/sandbox/faults`);
    expect(await response.json()).toEqual({ company: ACME.company.id, stats: 'none', slowMs: 5000, token: 'none', deliveries: 'none' });
  });

  it('refuses an unknown fault with 400 and changes nothing', async () => {
    const response = await post(pbx, '/sandbox/faults', { stats: 'explode' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/^stats: /);
    expect(((await (await fetch(`${pbx.url}/sandbox/faults`)).json()) as { stats: string }).stats).toBe('none');
  });

  it('answers stats with a 500 {status, message} while error500 is on, and counts each request', async () => {
    await post(pbx, '/sandbox/faults', { stats: 'error500' });
    const response = await stats(pbx, token);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ status: 500, message: 'Internal server error.' });
    expect(await statsRequests(pbx)).toBe(1);
  });

  it('answers stats with 401 and an invalid_token challenge while unauthorized is on', async () => {
    await post(pbx, '/sandbox/faults', { stats: 'unauthorized' });
    const response = await stats(pbx, token);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="api", error="invalid_token"');
    expect(await response.json()).toEqual({ status: 401, message: 'Invalid or expired access token.' });
  });

  it('answers stats 201 with truncated JSON while malformed is on', async () => {
    await post(pbx, '/sandbox/faults', { stats: 'malformed' });
    const response = await stats(pbx, token);
    expect(response.status).toBe(201);
    const text = await response.text();
    expect(text.startsWith('[')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
  });

  it('answers stats only after slowMs on the service clock while slow is on', async () => {
    await post(pbx, '/sandbox/faults', { stats: 'slow', slowMs: 30_000 });
    const answer = stats(pbx, token);
    const state = watch(answer);
    await pbx.clock.advanceAsync(29_999);
    expect(state.settled).toBe(false);
    await pbx.clock.advanceAsync(1);
    const response = await answer;
    expect(response.status).toBe(201);
    expect(Array.isArray(await response.json())).toBe(true);
  });

  it('never answers stats while timeout is on, and drops the held request when the client gives up', async () => {
    await post(pbx, '/sandbox/faults', { stats: 'timeout' });
    const giveUp = new AbortController();
    const answer = stats(pbx, token, giveUp.signal);
    const state = watch(answer);
    await pbx.clock.advanceAsync(10 * 60_000);
    expect(state.settled).toBe(false);
    giveUp.abort();
    await expect(answer).rejects.toThrow();
    await post(pbx, '/sandbox/faults', { stats: 'none' });
    expect((await stats(pbx, token)).status).toBe(201);
  });

  it('lets the service close while a timeout fault holds a request', async () => {
    await post(pbx, '/sandbox/faults', { stats: 'timeout' });
    const answer = stats(pbx, token);
    await expect.poll(() => statsRequests(pbx)).toBe(1);
    await pbx.close();
    await expect(answer).rejects.toThrow();
    pbx = await startTestPbx();
  });

  it('keeps a stats fault to the company it names', async () => {
    await post(pbx, '/sandbox/faults', { stats: 'error500', company: GLOBEX.company.id });
    expect((await stats(pbx, token)).status).toBe(201);
    expect((await stats(pbx, await clientCredentialsToken(pbx, GLOBEX.app))).status).toBe(500);
  });

  it('answers every token request 503 temporarily_unavailable while token is down, and recovers when it is back', async () => {
    await post(pbx, '/sandbox/faults', { token: 'down' });
    const down = await requestToken(pbx, { grant_type: 'client_credentials', client_id: 'whatever', client_secret: 'x' });
    expect(down.status).toBe(503);
    expect(down.headers.get('cache-control')).toBe('no-store');
    expect(await down.json()).toEqual({ error: 'temporarily_unavailable', error_description: 'the token endpoint is down (sandbox fault)' });
    await post(pbx, '/sandbox/faults', { token: 'none' });
    expect(await clientCredentialsToken(pbx)).toEqual(expect.any(String));
  });
});

describe('deliveries and subscriptions faults', () => {
  let pbx: TestPbx;
  let token: string;
  let receiver: TestReceiver;
  beforeEach(async () => {
    pbx = await startTestPbx();
    token = await clientCredentialsToken(pbx);
    receiver = await startTestReceiver();
  });
  afterEach(async () => {
    await pbx.close();
    await receiver.close();
  });

  async function subscribe(path: string): Promise<string> {
    const response = await fetch(`${pbx.url}/api/subscriptions/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ post_uri: receiver.url(path), expires_in: 3600, calls: true, cdrs: true }),
    });
    expect(response.status).toBe(201);
    return String(((await response.json()) as { id: string | number }).id);
  }

  it('fails deliveries as if post_uri refused connections while deliveries are refused, and delivers again after', async () => {
    await post(pbx, '/sandbox/faults', { deliveries: 'refuse' });
    await subscribe('/hook');
    await pbx.clock.advanceAsync(2000);
    await expect
      .poll(async () => ((await (await fetch(`${pbx.url}/sandbox/deliveries`)).json()) as { deliveries: Array<{ error: string | null }> }).deliveries.length)
      .toBeGreaterThan(0);
    const { deliveries } = (await (await fetch(`${pbx.url}/sandbox/deliveries`)).json()) as { deliveries: Array<{ outcome: string; error: string | null }> };
    expect(deliveries.every((entry) => entry.outcome === 'failed' && entry.error?.includes('ECONNREFUSED'))).toBe(true);
    expect(receiver.received('/hook')).toEqual([]);

    await post(pbx, '/sandbox/faults', { deliveries: 'none' });
    await post(pbx, '/sandbox/calls', { queue: 'Sales' });
    await receiver.waitFor('/hook', 1);
  });

  it('ends a subscription on /expire: the API answers 404 for it and it leaves the active list', async () => {
    const id = await subscribe('/hook');
    const expired = await post(pbx, `/sandbox/subscriptions/${id}/expire`, {});
    expect(expired.status).toBe(204);
    const read = await fetch(`${pbx.url}/api/subscriptions/${id}/`, { headers: { authorization: `Bearer ${token}` } });
    expect(read.status).toBe(404);
    expect(((await (await fetch(`${pbx.url}/sandbox/subscriptions`)).json()) as { total: number }).total).toBe(0);
  });

  it('answers 404 when /expire names no active subscription', async () => {
    const response = await post(pbx, '/sandbox/subscriptions/123/expire', {});
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: 404, message: 'No subscription 123.' });
  });
});
