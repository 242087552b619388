import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

describe('subscription routes', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const create = (body: object, token = 'acme') => h.api(token, 'POST', '/api/subscriptions/', { post_uri: h.receiver.url('/hook'), expires_in: 3600, calls: true, ...body });

  it('answers a creation with the id as a 16-digit string and events as one object', async () => {
    const { status, body } = await create({ cdrs: true });
    expect(status).toBe(201);
    expect(body).toEqual({ id: expect.stringMatching(/^[1-9]\d{15}$/), post_uri: h.receiver.url('/hook'), expires: '2026-11-21T10:00:00.000000', events: { type: 'calls' } });
    expect(Number(body.id)).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });

  it('answers a read with the id as a number and events as an array', async () => {
    const created = (await create({ cdrs: true })).body;
    const { status, body } = await h.api('acme', 'GET', `/api/subscriptions/${created.id}/`);
    expect(status).toBe(200);
    expect(body).toEqual({ id: Number(created.id), post_uri: h.receiver.url('/hook'), expires: created.expires, events: [{ type: 'calls' }, { type: 'cdrs' }] });
    expect(String(body.id)).toBe(created.id);
  });

  it('lists one event per type and user when the subscription names users', async () => {
    const created = (await create({ user: ['alice', '102'] })).body;
    const { body } = await h.api('acme', 'GET', `/api/subscriptions/${created.id}/`);
    expect(body.events).toEqual([
      { type: 'calls', user: '101' },
      { type: 'calls', user: '102' },
    ]);
  });

  it('accepts expires_in as a numeric string and defaults it to 7200 seconds when absent', async () => {
    expect((await create({ expires_in: '60' })).body.expires).toBe('2026-11-21T09:01:00.000000');
    const { body } = await h.api('acme', 'POST', '/api/subscriptions/', { post_uri: h.receiver.url('/other') });
    expect(body).toMatchObject({ expires: '2026-11-21T11:00:00.000000', events: { type: 'calls' } });
  });

  it('renews with the same id and a new expiry when the creation is repeated before expiry', async () => {
    const first = (await create({})).body;
    h.clock.advance(600_000);
    const again = await create({ expires_in: 7200 });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first, expires: '2026-11-21T11:10:00.000000' });
    expect((await h.sandbox('GET', '/sandbox/subscriptions')).body.total).toBe(1);
  });

  it('keeps subscriptions of different principals apart even for the same post_uri', async () => {
    const mine = (await create({})).body;
    const theirs = (await create({}, 'acme-other-app')).body;
    expect(theirs.id).not.toBe(mine.id);
  });

  it('ends a subscription by itself when it expires', async () => {
    const { id } = (await create({ expires_in: 60 })).body;
    h.clock.advance(59_999);
    expect((await h.api('acme', 'GET', `/api/subscriptions/${id}/`)).status).toBe(200);
    h.clock.advance(1);
    expect(await h.api('acme', 'GET', `/api/subscriptions/${id}/`)).toEqual({ status: 404, body: { status: 404, message: 'Subscription not found.' } });
    expect((await h.sandbox('GET', '/sandbox/subscriptions')).body).toMatchObject({ total: 0, by_company: {} });
  });

  it('deletes with 204 and then no longer finds the subscription', async () => {
    const { id } = (await create({})).body;
    expect(await h.api('acme', 'DELETE', `/api/subscriptions/${id}/`)).toEqual({ status: 204, body: null });
    expect((await h.api('acme', 'GET', `/api/subscriptions/${id}/`)).status).toBe(404);
    expect((await h.api('acme', 'DELETE', `/api/subscriptions/${id}/`)).status).toBe(404);
  });

  it.each([
    ['another company', 'globex'],
    ['another app of the same company', 'acme-other-app'],
    ['a user of the same app', 'acme-alice'],
  ])('answers 404 to %s reading or deleting it', async (_who, token) => {
    const { id } = (await create({})).body;
    expect(await h.api(token, 'GET', `/api/subscriptions/${id}/`)).toEqual({ status: 404, body: { status: 404, message: 'Subscription not found.' } });
    expect((await h.api(token, 'DELETE', `/api/subscriptions/${id}/`)).status).toBe(404);
    expect((await h.api('acme', 'GET', `/api/subscriptions/${id}/`)).status).toBe(200);
  });

  it.each([
    [{ post_uri: undefined }, 'post_uri: is required'],
    [{ post_uri: 'not a url' }, 'post_uri: must be an http or https URL'],
    [{ post_uri: 'ftp://127.0.0.1/hook' }, 'post_uri: must be an http or https URL'],
    [{ expires_in: 0 }, 'expires_in: must be at least 1 second'],
    [{ expires_in: 604_801 }, 'expires_in: must be at most 604800 seconds'],
    [{ expires_in: 'soon' }, 'expires_in: must be an integer number of seconds'],
    [{ expires_in: 10.5 }, 'expires_in: must be an integer number of seconds'],
    [{ calls: 'yes' }, 'calls: must be a boolean'],
    [{ cdrs: 1 }, 'cdrs: must be a boolean'],
    [{ calls: false, cdrs: false }, 'calls: at least one of calls or cdrs must be true'],
    [{ user: 42 }, 'user: must be a user or a list of users'],
    [{ user: [] }, 'user: must list at least one user'],
    [{ user: ['101', 'nobody'] }, 'user: unknown user nobody'],
    [{ user: '301' }, 'user: unknown user 301'],
  ])('answers 400 naming the field when the body is %j', async (change, message) => {
    expect(await create(change)).toEqual({ status: 400, body: { status: 400, message } });
  });

  it('answers 400 when the body is not a JSON object', async () => {
    expect(await h.api('acme', 'POST', '/api/subscriptions/', ['x'])).toEqual({ status: 400, body: { status: 400, message: 'body: must be a JSON object' } });
  });
});

describe('subscription routes with delivery settings', () => {
  let h: Harness | undefined;
  afterEach(() => h?.close());

  it('refuses a post_uri whose host is not allowed', async () => {
    h = await startHarness({ delivery: { allowedHosts: ['wallboard.example'] } });
    const response = await h.api('acme', 'POST', '/api/subscriptions/', { post_uri: 'http://127.0.0.1:9/hook', expires_in: 60 });
    expect(response).toEqual({ status: 400, body: { status: 400, message: 'post_uri: host 127.0.0.1 is not allowed' } });
    const allowed = await h.api('acme', 'POST', '/api/subscriptions/', { post_uri: 'https://wallboard.example/hook', expires_in: 60 });
    expect(allowed.status).toBe(201);
  });

  it('returns the signing secret once, on creation only, when signing is on', async () => {
    h = await startHarness({ delivery: { signing: true } });
    const body = { post_uri: h.receiver.url('/signed'), expires_in: 60 };
    const created = await h.api('acme', 'POST', '/api/subscriptions/', body);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const renewed = await h.api('acme', 'POST', '/api/subscriptions/', body);
    expect(renewed.body).not.toHaveProperty('secret');
    expect((await h.api('acme', 'GET', `/api/subscriptions/${created.body.id}/`)).body).not.toHaveProperty('secret');
  });
});
