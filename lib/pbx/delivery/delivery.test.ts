import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createManualClock, type ManualClock } from '@/lib/clock';
import type { DeliveryOptions } from '../engine/types';
import { createDelivery, type Delivery } from './delivery';
import { newSigningSecret } from './signature';
import { startTestReceiver, type TestReceiver } from './test-receiver';

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

describe('createDelivery', () => {
  let receiver: TestReceiver;
  let clock: ManualClock;
  let delivery: Delivery | undefined;
  let messageIds = 0;

  beforeEach(async () => {
    receiver = await startTestReceiver();
    clock = createManualClock();
    messageIds = 0;
  });
  afterEach(async () => {
    await delivery?.close();
    await receiver.close();
  });

  function start(options: Partial<DeliveryOptions> = {}, isActive: (id: string) => boolean = () => true, laneCapacity?: number): Delivery {
    delivery = createDelivery({
      clock,
      fetch,
      options: { retries: 0, timeoutMs: 5000, signing: false, allowedHosts: '*', ...options },
      log: silentLog,
      newMessageId: () => `msg_${++messageIds}`,
      isActive,
      laneCapacity,
    });
    return delivery;
  }

  const target = (path: string, secret: string | null = null) => ({ postUri: receiver.url(path), subscriptionId: 'sub-1', secret });

  it('delivers messages to one post_uri strictly in the order they were queued', async () => {
    const d = start();
    for (let i = 0; i < 20; i++) d.enqueue(target('/a'), 'call', { n: i });
    const got = await receiver.waitFor('/a', 20);
    expect(got.map((r) => (r.body as { n: number }).n)).toEqual([...Array(20).keys()]);
    expect(got[0]!.headers['content-type']).toBe('application/json');
    await vi.waitFor(() => expect(d.history({ limit: 100 })).toHaveLength(20));
    expect(d.history({ limit: 1 })[0]).toMatchObject({ outcome: 'delivered', status: 204, attempts: 1, kind: 'call', error: null });
  });

  it('keeps delivering to a fast subscriber while a slow one does not answer', async () => {
    receiver.answer('/slow', 'hang');
    const d = start();
    for (let i = 0; i < 3; i++) {
      d.enqueue(target('/slow'), 'call', { n: i });
      d.enqueue(target('/fast'), 'call', { n: i });
    }
    await receiver.waitFor('/fast', 3);
    await receiver.waitFor('/slow', 1);
    expect(receiver.received('/slow')).toHaveLength(1);
  });

  it('gives up on a subscriber that does not answer within the timeout and moves on', async () => {
    receiver.answer('/slow', 'hang');
    const d = start({ timeoutMs: 2000 });
    d.enqueue(target('/slow'), 'call', { n: 1 });
    d.enqueue(target('/slow'), 'call', { n: 2 });
    await receiver.waitFor('/slow', 1);
    await clock.advanceAsync(2000);
    await receiver.waitFor('/slow', 2);
    expect(d.history({ limit: 10 }).at(-1)).toMatchObject({ outcome: 'failed', status: null, error: 'timed out after 2000 ms' });
  });

  it('sends each delivery once when retries are off', async () => {
    receiver.answer('/down', 500);
    const d = start();
    d.enqueue(target('/down'), 'cdr', [{}]);
    await vi.waitFor(() => expect(d.history({ limit: 10 })).toHaveLength(1));
    await clock.advanceAsync(10 * 60_000);
    expect(receiver.received('/down')).toHaveLength(1);
    expect(d.history({ limit: 10 })[0]).toMatchObject({ outcome: 'failed', status: 500, attempts: 1, error: 'answered 500', kind: 'cdr' });
  });

  it('retries with exponential backoff and then gives up when retries are on', async () => {
    receiver.answer('/down', 503);
    const d = start({ retries: 2 });
    d.enqueue(target('/down'), 'call', { n: 1 });
    await vi.waitFor(() => expect(d.history({ limit: 10 })).toHaveLength(1));
    await clock.advanceAsync(999);
    expect(receiver.received('/down')).toHaveLength(1);
    await clock.advanceAsync(1);
    await vi.waitFor(() => expect(d.history({ limit: 10 })).toHaveLength(2));
    await clock.advanceAsync(2000);
    await vi.waitFor(() => expect(d.history({ limit: 10 })).toHaveLength(3));
    await clock.advanceAsync(60 * 60_000);
    const attempts = receiver.received('/down');
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((r) => r.raw))).toEqual(new Set(['{"n":1}']));
    expect(d.history({ limit: 10 }).map((e) => [e.outcome, e.attempts])).toEqual([
      ['gave_up', 3],
      ['failed', 2],
      ['failed', 1],
    ]);
  });

  it('treats a redirect as a failure without following it', async () => {
    receiver.answer('/moved', 302);
    const d = start();
    d.enqueue(target('/moved'), 'call', {});
    await vi.waitFor(() => expect(d.history({ limit: 10 })[0]).toMatchObject({ outcome: 'failed', status: 302 }));
    expect(receiver.received()).toHaveLength(1);
  });

  it('signs the exact body so the subscriber can verify it with the secret', async () => {
    const secret = newSigningSecret();
    const d = start({ signing: true });
    d.enqueue(target('/signed', secret), 'call', { calls: { on_net: false } });
    const [delivered] = await receiver.waitFor('/signed', 1);
    const { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature } = delivered!.headers;
    expect(id).toBe('msg_1');
    expect(timestamp).toBe(String(Math.floor(clock.now() / 1000)));
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${delivered!.raw}`).digest('base64');
    expect(signature).toBe(`v1,${expected}`);
  });

  it('drops deliveries of a subscription that has ended', async () => {
    const d = start({}, (id) => id !== 'gone');
    d.enqueue({ ...target('/a'), subscriptionId: 'gone' }, 'call', { n: 1 });
    d.enqueue(target('/a'), 'call', { n: 2 });
    await receiver.waitFor('/a', 1);
    expect(receiver.received('/a').map((r) => r.body)).toEqual([{ n: 2 }]);
    expect(d.history({ limit: 10 }).at(-1)).toMatchObject({ outcome: 'dropped', error: 'the subscription has ended' });
  });

  it('drops the oldest waiting delivery when a dead subscriber lets its lane fill up', async () => {
    receiver.answer('/dead', 'hang');
    const d = start({ timeoutMs: 1000 }, () => true, 3);
    for (let i = 0; i < 6; i++) d.enqueue(target('/dead'), 'call', { n: i });
    expect(d.history({ limit: 10 }).filter((e) => e.outcome === 'dropped')).toHaveLength(3);
    await receiver.waitFor('/dead', 1);
    await clock.advanceAsync(1000);
    await receiver.waitFor('/dead', 2);
    expect(receiver.received('/dead').map((r) => r.body)).toEqual([{ n: 0 }, { n: 4 }]);
  });
});
