import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Received } from '@/lib/pbx/delivery/test-receiver';
import { startHarness, type Harness } from './harness';

const PREPARING_CALLS = { msg: 'Preparing subscription for: calls', state: 'preparing' };
const PREPARING_CDRS = { msg: 'Preparing subscription for: cdrs', state: 'preparing' };
const READY = { msg: 'You have been subscribed to your requested subscriptions.', state: 'ready' };

/** The parts of a delivered body these tests read. */
type CdrLegs = Array<{ to: { user: string | null }; answer_time: string | null }>;
type CallMessage = { calls: { from: { state: string }; to: { user: string | null; state: string } } };
type InitMessage = { state: string };

/** A compact view of what a subscriber received: init state, call trace, or CDR legs. */
function summary(received: Received): string {
  const body = received.body as CdrLegs | CallMessage | InitMessage;
  if (Array.isArray(body)) return `cdr ${body.map((r) => `${r.to.user}:${r.answer_time === null ? 'unanswered' : 'answered'}`).join(',')}`;
  if ('calls' in body) return `${body.calls.from.state} > ${body.calls.to.user}:${body.calls.to.state}`;
  return body.state;
}

describe('engine deliveries', () => {
  let h: Harness;
  afterEach(() => h.close());

  async function subscribe(path: string, body: object = {}, token = 'acme') {
    const response = await h.api(token, 'POST', '/api/subscriptions/', { post_uri: h.receiver.url(path), expires_in: 3600, calls: true, ...body });
    expect(response.status).toBe(201);
    return response.body;
  }

  async function ready(path: string, initMessages: number) {
    await h.receiver.waitFor(path, initMessages - 1);
    await h.clock.advanceAsync(1500);
    await h.receiver.waitFor(path, initMessages);
  }

  it('posts preparing for each type and then ready a moment later', async () => {
    h = await startHarness();
    await subscribe('/hook', { cdrs: true });
    const preparing = await h.receiver.waitFor('/hook', 2);
    expect(preparing.map((r) => r.body)).toEqual([PREPARING_CALLS, PREPARING_CDRS]);
    await h.clock.advanceAsync(1499);
    expect(h.receiver.received('/hook')).toHaveLength(2);
    await h.clock.advanceAsync(1);
    expect((await h.receiver.waitFor('/hook', 3))[2]!.body).toEqual(READY);
  });

  it('delivers a scripted call driven through the sandbox as queue entry, ringing, active, ended, then the CDR array', async () => {
    h = await startHarness();
    await subscribe('/hook', { cdrs: true });
    await ready('/hook', 3);

    const placed = await h.sandbox('POST', '/sandbox/calls', { queue: 'Sales', caller_id: '+447700900555', caller_name: 'Ada Lovelace' });
    expect(placed.status).toBe(201);
    const callId = placed.body.call_id;
    await h.clock.advanceAsync(20_000);
    expect((await h.sandbox('POST', `/sandbox/calls/${callId}/ring`, { user: '101' })).body).toMatchObject({ phase: 'offering', to: { user: '101', state: 'ringing' } });
    await h.clock.advanceAsync(5_000);
    expect((await h.sandbox('POST', `/sandbox/calls/${callId}/answer`)).body).toMatchObject({ phase: 'connected' });
    await h.clock.advanceAsync(90_000);
    expect((await h.sandbox('POST', `/sandbox/calls/${callId}/hangup`)).body).toMatchObject({ phase: 'ended' });
    await h.receiver.waitFor('/hook', 7);
    await h.clock.advanceAsync(5_000);

    const received = (await h.receiver.waitFor('/hook', 8)).slice(3);
    expect(received.map(summary)).toEqual(['active > Sales:active', 'progressing > 101:ringing', 'active > 101:active', 'ended > 101:ended', 'cdr Sales:answered,101:answered']);
    const first = (received[0]!.body as CallMessage).calls;
    expect(first.from).toEqual({ id: '+447700900555', call_id: callId, state: 'active', user: null, domain: null, name: 'Ada Lovelace' });
    const cdr = received[4]!.body as CdrLegs;
    expect(cdr[1]).toMatchObject({ start_time: 'Sat, 21 Nov 2026 09:00:21 +0000', answer_time: 'Sat, 21 Nov 2026 09:00:26 +0000', end_time: 'Sat, 21 Nov 2026 09:01:56 +0000', duration: 90 });
    expect(h.receiver.received('/hook')).toHaveLength(8);
  });

  it('drops events that happen while the subscription is still preparing', async () => {
    h = await startHarness();
    await subscribe('/hook');
    await h.receiver.waitFor('/hook', 1);
    const placed = await h.sandbox('POST', '/sandbox/calls', { queue: 'Sales' });
    await h.clock.advanceAsync(1500);
    await h.sandbox('POST', `/sandbox/calls/${placed.body.call_id}/abandon`);
    const received = await h.receiver.waitFor('/hook', 3);
    expect(received.map(summary)).toEqual(['preparing', 'ready', 'ended > Sales:ended']);
  });

  it('delivers only calls of the listed users when the subscription names users', async () => {
    h = await startHarness();
    await subscribe('/bob', { user: '102', cdrs: true });
    await ready('/bob', 3);
    const first = (await h.sandbox('POST', '/sandbox/calls', { queue: 'Sales' })).body.call_id;
    await h.sandbox('POST', `/sandbox/calls/${first}/ring`, { user: '101' });
    await h.sandbox('POST', `/sandbox/calls/${first}/noanswer`);
    await h.sandbox('POST', `/sandbox/calls/${first}/ring`, { user: '102' });
    await h.sandbox('POST', `/sandbox/calls/${first}/answer`);
    await h.sandbox('POST', `/sandbox/calls/${first}/hangup`);
    const internal = (await h.sandbox('POST', '/sandbox/calls', { from_user: '101', user: '103' })).body.call_id;
    await h.sandbox('POST', `/sandbox/calls/${internal}/hangup`);
    await h.receiver.waitFor('/bob', 6);
    await h.clock.advanceAsync(5_000);
    const received = await h.receiver.waitFor('/bob', 7);
    // The CDR of a call that reached 102 goes whole, with the legs 102 did not take.
    expect(received.slice(3).map(summary)).toEqual(['progressing > 102:ringing', 'active > 102:active', 'ended > 102:ended', 'cdr Sales:answered,101:unanswered,102:answered']);
    expect(h.receiver.received('/bob')).toHaveLength(7);
  });

  it('never delivers one company’s calls to another company’s subscriber', async () => {
    h = await startHarness();
    await subscribe('/globex', {}, 'globex');
    await subscribe('/acme');
    await ready('/globex', 2);
    await h.receiver.waitFor('/acme', 2);
    await h.sandbox('POST', '/sandbox/calls', { queue: 'Sales' });
    await h.sandbox('POST', '/sandbox/calls', { company: 'globex', queue: 'Helpdesk' });
    await h.receiver.waitFor('/acme', 3);
    await h.receiver.waitFor('/globex', 3);
    expect((h.receiver.received('/globex')[2]!.body as CallMessage).calls.to.user).toBe('Helpdesk');
    expect((h.receiver.received('/acme')[2]!.body as CallMessage).calls.to.user).toBe('Sales');
  });

  it('stops delivering once the subscription has expired', async () => {
    h = await startHarness();
    await subscribe('/hook', { expires_in: 10 });
    await ready('/hook', 2);
    await h.clock.advanceAsync(7000);
    await h.sandbox('POST', '/sandbox/calls', { queue: 'Sales' });
    await h.receiver.waitFor('/hook', 3);
    await h.clock.advanceAsync(1500);
    await h.sandbox('POST', '/sandbox/calls', { queue: 'Support' });
    const deliveries = (await h.sandbox('GET', `/sandbox/deliveries?post_uri=${encodeURIComponent(h.receiver.url('/hook'))}`)).body.deliveries;
    expect(deliveries.map((d: { kind: string }) => d.kind)).toEqual(['call', 'init', 'init']);
    expect(h.receiver.received('/hook')).toHaveLength(3);
  });

  it('leaves no timer behind when closed in the middle of random activity and deliveries', async () => {
    h = await startHarness({ simulator: { enabled: true, arrivalsPerMinute: 5 } });
    await subscribe('/hook', { expires_in: 600 });
    await ready('/hook', 2);
    await h.clock.advanceAsync(60_000);
    expect(h.receiver.received('/hook').length).toBeGreaterThan(2);
    await h.engine.close();
    expect(h.clock.pendingTimers()).toBe(0);
  });

  it('signs deliveries so the subscriber can verify them with the secret from the creation response', async () => {
    h = await startHarness({ delivery: { signing: true } });
    const { secret } = await subscribe('/signed');
    const [delivered] = await h.receiver.waitFor('/signed', 1);
    const { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature } = delivered!.headers;
    const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64')).update(`${id}.${timestamp}.${delivered!.raw}`).digest('base64');
    expect(signature).toBe(`v1,${expected}`);
  });
});
