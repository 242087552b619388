import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

describe('sandbox routes', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  it('places a queue call on the first company by default and reports its ids and legs', async () => {
    const { status, body } = await h.sandbox('POST', '/sandbox/calls', { queue: 'Sales', caller_id: '+447700900777', caller_name: 'Grace Hopper' });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      company: 'acme',
      phase: 'queued',
      mode: 'scripted',
      queue: 'Sales',
      from: { call_id: body.call_id, id: '+447700900777', name: 'Grace Hopper', state: 'active' },
      to: { user: 'Sales', state: 'active' },
      legs: [{ user: 'Sales', state: 'active' }],
    });
    expect((await h.sandbox('GET', '/sandbox/calls')).status).toBe(404);
  });

  it('leaves a scripted call where it is however much time passes', async () => {
    const { body } = await h.sandbox('POST', '/sandbox/calls', { queue: 'Sales' });
    await h.clock.advanceAsync(3 * 60 * 60_000);
    expect((await h.sandbox('POST', `/sandbox/calls/${body.call_id}/ring`)).body).toMatchObject({ phase: 'offering', to: { user: '101' } });
  });

  it('transfers with by_call_id set to the transferring leg', async () => {
    const id = (await h.sandbox('POST', '/sandbox/calls', { queue: 'Sales' })).body.call_id;
    await h.sandbox('POST', `/sandbox/calls/${id}/ring`, { user: '102' });
    const answered = (await h.sandbox('POST', `/sandbox/calls/${id}/answer`)).body;
    const transferred = await h.sandbox('POST', `/sandbox/calls/${id}/transfer`, { user: '200' });
    expect(transferred.body).toMatchObject({ phase: 'ringing', by_call_id: answered.to.call_id, to: { user: '200', state: 'ringing' } });
  });

  it('places internal and outbound calls from an extension', async () => {
    expect((await h.sandbox('POST', '/sandbox/calls', { from_user: '101', user: '200' })).body).toMatchObject({ on_net: true, phase: 'ringing', from: { user: '101' } });
    expect((await h.sandbox('POST', '/sandbox/calls', { from_user: '103', number: '+12025550123' })).body).toMatchObject({ on_net: false, to: { id: '+12025550123', user: null } });
  });

  it.each([
    ['/sandbox/calls', {}, 400, 'queue: give exactly one of queue, user or number'],
    ['/sandbox/calls', { queue: 'Sales', user: '101' }, 400, 'queue: give exactly one of queue, user or number'],
    ['/sandbox/calls', { queue: 'Sales', caller_id: '0123' }, 400, 'caller_id: must be an E.164 number such as +447700900123'],
    ['/sandbox/calls', { number: '+12025550123' }, 400, 'from_user: an outbound call needs from_user'],
    ['/sandbox/calls', { queue: 'Nope' }, 404, 'No queue Nope.'],
    ['/sandbox/calls', { company: 'initech', queue: 'Sales' }, 404, 'No company initech.'],
    ['/sandbox/calls/123/answer', {}, 404, 'No call 123 in progress.'],
    ['/sandbox/calls/123/explode', {}, 404, 'No call action explode.'],
  ])('answers POST %s %j with %i', async (url, body, status, message) => {
    expect(await h.sandbox('POST', url, body)).toEqual({ status, body: { status, message } });
  });

  it('refuses a step that does not fit the call', async () => {
    const id = (await h.sandbox('POST', '/sandbox/calls', { queue: 'Sales' })).body.call_id;
    expect(await h.sandbox('POST', `/sandbox/calls/${id}/answer`)).toEqual({ status: 400, body: { status: 400, message: `Call ${id} is queued; expected offering or ringing.` } });
    expect(await h.sandbox('POST', `/sandbox/calls/${id}/transfer`)).toEqual({ status: 400, body: { status: 400, message: 'user: is required' } });
  });

  it('sets agent presence by counts or per agent and reflects it in the stats', async () => {
    const counts = await h.sandbox('PUT', '/sandbox/queues/Support/agents', { available: 1, away: 1 });
    expect(counts.body.agents.map((a: { extension: string; status: string }) => [a.extension, a.status])).toEqual([
      ['102', 'available'],
      ['103', 'away'],
    ]);
    expect(counts.body.stats).toMatchObject({ queue: 'Support', num_agents: 2, available_agents: 1, unavailable_agents: 1 });
    const perAgent = await h.sandbox('PUT', '/sandbox/queues/Support/agents', { agents: { '102': 'away' } });
    expect(perAgent.body.stats).toMatchObject({ available_agents: 0, unavailable_agents: 2 });
    expect(h.engine.stats('acme').find((s) => s.queue === 'Sales')).toMatchObject({ available_agents: 1 });
    expect((await h.sandbox('PUT', '/sandbox/queues/Support/agents', { available: 3 })).status).toBe(400);
    expect((await h.sandbox('PUT', '/sandbox/queues/Support/agents', { agents: { '101': 'away' } })).body.message).toBe('agents: 101 is not a member of Support');
  });

  it('switches the simulator on and off and changes its rates', async () => {
    expect((await h.sandbox('GET', '/sandbox/simulator')).body).toEqual({ running: false, arrivalsPerMinute: 1, timeScale: 1 });
    expect((await h.sandbox('POST', '/sandbox/simulator', { running: true, arrivalsPerMinute: 30, timeScale: 10 })).body).toEqual({ running: true, arrivalsPerMinute: 30, timeScale: 10 });
    await h.clock.advanceAsync(10_000);
    expect(h.engine.stats('acme').some((s) => s.calls_waiting > 0 || s.available_agents < s.num_agents)).toBe(true);
    expect((await h.sandbox('POST', '/sandbox/simulator', { running: 'yes' })).body).toEqual({ status: 400, message: 'running: Invalid input: expected boolean, received string' });
  });

  it('counts API requests per route', async () => {
    h.engine.stats('acme');
    h.engine.stats('acme');
    await h.api('acme', 'POST', '/api/subscriptions/', { post_uri: h.receiver.url('/x'), expires_in: 60 });
    await h.api('acme', 'GET', '/api/subscriptions/1000000000000000/');
    expect((await h.sandbox('GET', '/sandbox/requests')).body).toEqual({
      counts: { 'GET /api/call_queues/stats/live/': 2, 'POST /api/subscriptions/': 1, 'GET /api/subscriptions/:id/': 1 },
    });
  });

  it('lists active subscriptions per company', async () => {
    await h.api('acme', 'POST', '/api/subscriptions/', { post_uri: h.receiver.url('/a'), expires_in: 60 });
    await h.api('globex', 'POST', '/api/subscriptions/', { post_uri: h.receiver.url('/b'), expires_in: 60, cdrs: true, calls: false });
    const { body } = await h.sandbox('GET', '/sandbox/subscriptions');
    expect(body).toMatchObject({ total: 2, by_company: { acme: 1, globex: 1 } });
    expect(body.subscriptions[1]).toMatchObject({ company: 'globex', types: ['cdrs'], users: null, post_uri: h.receiver.url('/b') });
    expect((await h.sandbox('GET', '/sandbox/subscriptions?company=globex')).body.total).toBe(1);
  });

  it('shows the delivery log newest first, filtered by post_uri and limited', async () => {
    await h.api('acme', 'POST', '/api/subscriptions/', { post_uri: h.receiver.url('/a'), expires_in: 60, calls: true, cdrs: true });
    await h.api('acme', 'POST', '/api/subscriptions/', { post_uri: h.receiver.url('/b'), expires_in: 60 });
    await h.receiver.waitFor('/a', 2);
    await h.receiver.waitFor('/b', 1);
    await h.clock.advanceAsync(1500);
    await h.receiver.waitFor('/a', 3);
    const { body } = await h.sandbox('GET', `/sandbox/deliveries?limit=2&post_uri=${encodeURIComponent(h.receiver.url('/a'))}`);
    expect(body.deliveries).toHaveLength(2);
    expect(body.deliveries[0]).toMatchObject({ post_uri: h.receiver.url('/a'), kind: 'init', outcome: 'delivered', status: 204, attempts: 1, error: null, time: '2026-11-21T09:00:01.500Z' });
    expect((await h.sandbox('GET', '/sandbox/deliveries?limit=0')).status).toBe(400);
  });
});
