/**
 * Hostile input on every endpoint of the service (lib/pbx): random and mutated
 * bodies, content types, headers and query strings. Every answer is below 500
 * with the surface's JSON error (an HTML page on the sign-in page), and nothing
 * an invalid request sends changes the service's state.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME, clientCredentialsToken, startTestPbx, type TestPbx } from '../pbx/harness';
import { headerValue, hostileBody, hostileContentType, hostileQuery, sendable } from './bad-input';

const RUNS = 300;

interface Answer {
  status: number;
  type: string;
  text: string;
}

describe('service endpoints under hostile input', () => {
  let pbx: TestPbx;
  let token: string;
  beforeAll(async () => {
    pbx = await startTestPbx();
    token = await clientCredentialsToken(pbx);
  });
  afterAll(() => pbx.close());

  async function send(method: string, path: string, init: { body?: string | Uint8Array<ArrayBuffer>; headers?: Record<string, string> } = {}): Promise<Answer> {
    const headers = Object.fromEntries(Object.entries(init.headers ?? {}).map(([name, value]) => [name, sendable(value)]));
    const response = await fetch(`${pbx.url}${path}`, { method, headers, body: init.body, redirect: 'manual' });
    return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
  }

  async function subscriptionIds(): Promise<string[]> {
    const { subscriptions } = (await (await fetch(`${pbx.url}/sandbox/subscriptions`)).json()) as { subscriptions: Array<{ id: string }> };
    return subscriptions.map((subscription) => subscription.id).sort();
  }

  function expectApiError(answer: Answer): void {
    expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
    expect(answer.status, answer.text).toBeLessThan(500);
    expect(answer.type).toMatch(/^application\/json/);
    expect(JSON.parse(answer.text)).toEqual({ status: answer.status, message: expect.any(String) });
  }

  const bearer = fc.oneof(fc.constant('Bearer not-a-live-token'), headerValue);
  const withToken = (valid: boolean, value: string) => (valid ? `Bearer ${token}` : value);

  it('answers the token endpoint with an RFC 6749 error and issues nothing', async () => {
    const valid = { grant_type: 'client_credentials', client_id: ACME.app.clientId, client_secret: 'wrong' };
    await fc.assert(
      fc.asyncProperty(hostileBody(valid), hostileContentType, headerValue, async (body, contentType, authorization) => {
        const answer = await send('POST', '/api/oauth/token/', { body, headers: { 'content-type': contentType, authorization } });
        expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
        expect(answer.status, answer.text).toBeLessThan(500);
        expect(JSON.parse(answer.text)).toEqual({ error: expect.any(String), error_description: expect.any(String) });
      }),
      { numRuns: RUNS },
    );
  });

  it('answers the sign-in page GET and POST with an HTML error page, never a redirect with a code', async () => {
    await fc.assert(
      fc.asyncProperty(hostileQuery, fc.constantFrom('/oauth/authorize/', '/api/oauth/authorize/'), hostileBody({ username: 'sam', password: 'x' }), hostileContentType, fc.boolean(), async (query, path, body, contentType, post) => {
        const answer = post
          ? await send('POST', `${path}?${query}`, { body, headers: { 'content-type': contentType } })
          : await send('GET', `${path}?${query}`);
        expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
        expect(answer.status, answer.text).toBeLessThan(500);
        expect(answer.type).toMatch(/^text\/html/);
      }),
      { numRuns: RUNS },
    );
  });

  it('answers stats and users/current with a JSON error for any bad token, Accept header or query', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/api/call_queues/stats/live/', '/api/users/current/'), hostileQuery, bearer, headerValue, fc.boolean(), async (path, query, authorization, accept, validToken) => {
        const answer = await send('GET', `${path}?${query}`, { headers: { authorization: withToken(validToken, authorization), accept: `application/vnd.service.v${accept}+json` } });
        // A valid token with a version the service knows is a legitimate request; the rest must be refused cleanly.
        if (answer.status < 300) return;
        expectApiError(answer);
      }),
      { numRuns: RUNS },
    );
  });

  it('creates no subscription from an invalid POST and answers it with a JSON error', async () => {
    const before = await subscriptionIds();
    const created = new Set<string>();
    const valid = { post_uri: 'http://127.0.0.1:9/hook', expires_in: 3600, calls: true, cdrs: true };
    await fc.assert(
      fc.asyncProperty(hostileBody(valid), hostileContentType, fc.boolean(), async (body, contentType, validType) => {
        const answer = await send('POST', '/api/subscriptions/', { body, headers: { authorization: `Bearer ${token}`, 'content-type': validType ? 'application/json' : contentType } });
        // Valid by chance: a creation (201) or a renewal of the same post_uri (200).
        if (answer.status === 200 || answer.status === 201) {
          created.add(String((JSON.parse(answer.text) as { id: string | number }).id));
          return;
        }
        expectApiError(answer);
      }),
      { numRuns: RUNS },
    );
    expect(await subscriptionIds()).toEqual([...new Set([...before, ...created])].sort());
  });

  it('answers GET and DELETE of any subscription id with a JSON error and deletes nothing', async () => {
    const before = await subscriptionIds();
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('-1', '0', '1e308', '99999999999999999999999', '%00', '..', '%2F')), fc.constantFrom('GET', 'DELETE'), bearer, async (id, method, authorization) => {
        const answer = await send(method, `/api/subscriptions/${encodeURIComponent(id)}/`, { headers: { authorization } });
        expectApiError(answer);
      }),
      { numRuns: RUNS },
    );
    expect(await subscriptionIds()).toEqual(before);
  });
});
