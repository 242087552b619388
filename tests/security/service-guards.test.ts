/**
 * Guards of the service not covered elsewhere: the client secret is compared
 * through crypto.timingSafeEqual (spied, not timed), and the token endpoint's
 * rate limit locks a client out with a message and Retry-After.
 */
import * as crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACME, requestToken, startTestPbx, type TestPbx } from '../pbx/harness';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest();

describe('client secret comparison', () => {
  let pbx: TestPbx;
  beforeAll(async () => {
    pbx = await startTestPbx();
  });
  afterAll(() => pbx.close());

  it.each([
    ['the right secret', ACME.app.clientSecret, 200],
    ['a wrong secret of the same length', ACME.app.clientSecret.replace(/.$/, '#'), 400],
    ['a one-character secret', 'x', 400],
  ])('goes through timingSafeEqual on digests for %s', async (_name, secret, status) => {
    const spy = vi.mocked(crypto.timingSafeEqual);
    spy.mockClear();
    const response = await requestToken(pbx, { grant_type: 'client_credentials', client_id: ACME.app.clientId, client_secret: secret });
    expect(response.status).toBe(status);
    // Digests of equal length whatever the secret's length: neither where it differs nor how long it is leaks.
    expect(spy.mock.calls.some(([presented]) => Buffer.from(presented as Uint8Array).equals(sha256(secret)))).toBe(true);
  });

  it('goes through timingSafeEqual for an unknown client too, so a client id cannot be probed by timing', async () => {
    const spy = vi.mocked(crypto.timingSafeEqual);
    spy.mockClear();
    const response = await requestToken(pbx, { grant_type: 'client_credentials', client_id: 'no-such-client', client_secret: 'whatever-secret' });
    expect(response.status).toBe(400);
    expect(spy).toHaveBeenCalled();
  });
});

describe('token endpoint rate limit', () => {
  let pbx: TestPbx;
  beforeAll(async () => {
    pbx = await startTestPbx({ rateLimitMultiplier: 1 });
  });
  afterAll(() => pbx.close());

  const ask = () => requestToken(pbx, { grant_type: 'client_credentials', client_id: ACME.app.clientId, client_secret: ACME.app.clientSecret });

  it('allows 3 token requests a second per client, then locks it out with 429, a message and Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(200);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({ status: 429, message: '3 per 1 second' });
    pbx.clock.advance(1_000);
    expect((await ask()).status).toBe(200);
  });

  it('counts wrong secrets against the limit too, so guessing is throttled', async () => {
    pbx.clock.advance(60_000);
    const guess = () => requestToken(pbx, { grant_type: 'client_credentials', client_id: ACME.app.clientId, client_secret: 'guess' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await guess()).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('locks a client out for the rest of the minute after 60 requests', async () => {
    pbx.clock.advance(60_000);
    for (let second = 0; second < 20; second++) {
      for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(200);
      pbx.clock.advance(1_000);
    }
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('40');
    expect(await refused.json()).toEqual({ status: 429, message: '60 per 1 minute' });
  });
});
