import { describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '@/lib/clock';
import type { SubscriptionRecord } from '@/lib/store';
import type { CreateSubscriptionInput } from './client';
import { TelephonyError } from './errors';
import { createSubscriptionManager, type SubscriptionHealth, type SubscriptionManagerOptions } from './subscription-manager';
import { createRecordingLogger, deferred } from './test-support';
import type { CreatedSubscription, Subscription } from './types';

const POST_URI = 'https://wallboard.example/api/webhooks/telephony/path-secret-0123456789abcdef';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The service's subscription rules (spec 3.1): the same post_uri renews the same id. */
function fakeService(clock: ManualClock) {
  const subscriptions = new Map<string, { postUri: string; expiresAt: number }>();
  const requests: string[] = [];
  let nextId = 4_000_000_000_000_001;
  let failures: TelephonyError[] = [];
  let createAnswer: Promise<void> | null = null;

  function failIfAsked(): void {
    const failure = failures.shift();
    if (failure) throw failure;
  }

  function find(id: string) {
    const found = subscriptions.get(id);
    return found && found.expiresAt > clock.now() ? found : undefined;
  }

  return {
    subscriptions,
    requests,
    failNext(...errors: TelephonyError[]) {
      failures = errors;
    },
    holdCreateUntil(released: Promise<void>) {
      createAnswer = released;
    },
    async createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription> {
      requests.push('create');
      if (createAnswer) await createAnswer;
      failIfAsked();
      const expiresAt = clock.now() + input.expiresIn * 1000;
      let id = [...subscriptions.keys()].find((key) => find(key)?.postUri === input.postUri);
      id ??= String(nextId++);
      subscriptions.set(id, { postUri: input.postUri, expiresAt });
      return { id, postUri: input.postUri, expiresAt, events: [{ type: 'calls', user: null }], secret: null };
    },
    async getSubscription(id: string): Promise<Subscription | null> {
      requests.push(`get ${id}`);
      failIfAsked();
      const found = find(id);
      return found ? { id, postUri: found.postUri, expiresAt: found.expiresAt, events: [] } : null;
    },
    async deleteSubscription(id: string): Promise<void> {
      requests.push(`delete ${id}`);
      failIfAsked();
      subscriptions.delete(id);
    },
  };
}

function memoryStore(initial: SubscriptionRecord | null = null) {
  const store = {
    record: initial,
    saves: 0,
    load: async () => store.record,
    save: async (record: SubscriptionRecord) => {
      store.saves += 1;
      store.record = { ...record };
    },
    clear: async () => {
      store.record = null;
    },
  };
  return store;
}

function setup(options: Partial<SubscriptionManagerOptions> & { stored?: SubscriptionRecord } = {}) {
  const clock = createManualClock();
  const start = clock.now();
  const service = fakeService(clock);
  const store = memoryStore(options.stored ?? null);
  const logger = createRecordingLogger();
  const manager = createSubscriptionManager({
    client: service,
    store,
    postUri: POST_URI,
    clock,
    log: logger.log,
    random: () => 0.5,
    checkEveryMs: 5 * MINUTE,
    silenceLimitMs: 15 * MINUTE,
    ...options,
  });
  const phases: SubscriptionHealth['phase'][] = [];
  manager.onHealth((health) => {
    if (phases.at(-1) !== health.phase) phases.push(health.phase);
  });
  return { clock, start, service, store, manager, logger, phases };
}

/** Keeps deliveries coming, as a busy call centre would, for `ms`. */
async function deliverEvery(clock: ManualClock, manager: { noteActivity(at: number): void }, everyMs: number, ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += everyMs) {
    await clock.advanceAsync(everyMs);
    manager.noteActivity(clock.now());
  }
}

describe('createSubscriptionManager', () => {
  it('creates the subscription and saves it when it starts with nothing stored', async () => {
    const { manager, service, store, start, phases } = setup();
    await manager.start();
    expect(service.requests).toEqual(['create']);
    expect(manager.health()).toEqual({
      id: '4000000000000001',
      phase: 'preparing',
      expiresAt: start + 24 * HOUR,
      lastEventAt: null,
      error: null,
    });
    expect(store.record).toEqual({
      id: '4000000000000001',
      postUri: POST_URI,
      expiresAt: start + 24 * HOUR,
      state: 'preparing',
      updatedAt: start,
    });
    expect(phases).toEqual(['creating', 'preparing']);
  });

  it('becomes ready and saves that when the ready message arrives', async () => {
    const { manager, store, clock } = setup();
    await manager.start();
    manager.noteInit('preparing');
    manager.noteInit('ready');
    await clock.advanceAsync(0);
    expect(manager.health()).toMatchObject({ phase: 'ready', lastEventAt: clock.now() });
    expect(store.record?.state).toBe('ready');
  });

  it('becomes ready when an event arrives although the ready message was lost', async () => {
    const { manager, store, clock } = setup();
    await manager.start();
    manager.noteInit('preparing');
    manager.noteActivity(clock.now(), 'init');
    expect(manager.health().phase).toBe('preparing');
    manager.noteActivity(clock.now(), 'event');
    await clock.advanceAsync(0);
    expect(manager.health().phase).toBe('ready');
    expect(store.record?.state).toBe('ready');
  });

  it('keeps a ready message that arrives before the answer to its own creation', async () => {
    const { manager, service, clock } = setup();
    const answer = deferred<void>();
    service.holdCreateUntil(answer.promise);
    const started = manager.start();
    await clock.advanceAsync(0);
    expect(service.requests).toEqual(['create']);
    manager.noteInit('ready');
    expect(manager.health().phase).toBe('creating');
    answer.resolve();
    await started;
    expect(manager.health().phase).toBe('ready');
  });

  it('renews at half-life and keeps the same id', async () => {
    const { manager, service, clock, start, phases } = setup({ checkEveryMs: 24 * HOUR });
    await manager.start();
    manager.noteInit('ready');
    await deliverEvery(clock, manager, 10 * MINUTE, 12 * HOUR - 10 * MINUTE);
    expect(service.requests).toEqual(['create']);
    await deliverEvery(clock, manager, 10 * MINUTE, 10 * MINUTE);
    expect(service.requests).toEqual(['create', 'create']);
    expect(manager.health()).toMatchObject({ id: '4000000000000001', phase: 'ready', expiresAt: start + 36 * HOUR });
    expect(phases).toEqual(['creating', 'preparing', 'ready', 'renewing', 'ready']);
  });

  it('creates a new subscription when the periodic read finds it gone', async () => {
    const { manager, service, store, clock } = setup();
    await manager.start();
    manager.noteInit('ready');
    service.subscriptions.clear();
    await deliverEvery(clock, manager, MINUTE, 5 * MINUTE);
    expect(service.requests).toEqual(['create', 'get 4000000000000001', 'create']);
    expect(manager.health()).toMatchObject({ id: '4000000000000002', phase: 'preparing', error: null });
    expect(store.record?.id).toBe('4000000000000002');
  });

  it('deletes and recreates the subscription when a ready subscription has had no delivery for the silence limit', async () => {
    const { manager, service, clock } = setup({ checkEveryMs: HOUR });
    await manager.start();
    manager.noteInit('ready');
    await clock.advanceAsync(15 * MINUTE - 1);
    expect(service.requests).toEqual(['create']);
    await clock.advanceAsync(1);
    expect(service.requests).toEqual(['create', 'delete 4000000000000001', 'create']);
    expect(manager.health()).toMatchObject({ id: '4000000000000002', phase: 'preparing' });
  });

  it('keeps the subscription when deliveries keep coming', async () => {
    const { manager, service, clock } = setup({ checkEveryMs: HOUR });
    await manager.start();
    manager.noteInit('ready');
    await deliverEvery(clock, manager, 10 * MINUTE, 50 * MINUTE);
    expect(service.requests).toEqual(['create']);
    expect(manager.health().phase).toBe('ready');
  });

  it('deletes the subscription upstream and forgets it when stopped with deleteUpstream', async () => {
    const { manager, service, store, clock } = setup();
    await manager.start();
    await manager.stop({ deleteUpstream: true });
    expect(service.requests).toEqual(['create', 'delete 4000000000000001']);
    expect(service.subscriptions.size).toBe(0);
    expect(store.record).toBeNull();
    expect(manager.health()).toMatchObject({ id: null, phase: 'none' });
    await clock.advanceAsync(48 * HOUR);
    expect(service.requests).toHaveLength(2);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('keeps the subscription and its record when stopped without deleteUpstream', async () => {
    const { manager, service, store } = setup();
    await manager.start();
    await manager.stop();
    expect(service.requests).toEqual(['create']);
    expect(store.record?.id).toBe('4000000000000001');
  });

  it('resumes the stored subscription as ready when a restart renews the same id', async () => {
    const first = setup();
    await first.manager.start();
    first.manager.noteInit('ready');
    await first.manager.stop();

    const stored = first.store.record ?? undefined;
    const second = setup({ stored, client: first.service });
    await second.manager.start();
    expect(first.service.requests).toEqual(['create', 'create']);
    expect(second.manager.health()).toMatchObject({ id: '4000000000000001', phase: 'ready' });
    expect(second.phases).toEqual(['renewing', 'ready']);
  });

  it('deletes the stored subscription when the webhook address has changed', async () => {
    const { manager, service } = setup({
      stored: {
        id: '3999999999999999',
        postUri: 'https://old.example/hook',
        expiresAt: Date.UTC(2026, 10, 22),
        state: 'ready',
        updatedAt: Date.UTC(2026, 10, 21),
      },
    });
    await manager.start();
    expect(service.requests).toEqual(['delete 3999999999999999', 'create']);
    expect(manager.health()).toMatchObject({ id: '4000000000000001', phase: 'preparing' });
  });

  it('creates a new subscription when the stored one has expired', async () => {
    const { manager, service } = setup({
      stored: {
        id: '3999999999999999',
        postUri: POST_URI,
        expiresAt: Date.UTC(2026, 10, 21, 8, 0, 0),
        state: 'ready',
        updatedAt: Date.UTC(2026, 10, 20, 8, 0, 0),
      },
    });
    await manager.start();
    expect(service.requests).toEqual(['create']);
    expect(manager.health()).toMatchObject({ id: '4000000000000001', phase: 'preparing' });
  });

  it('still creates the subscription and logs the error when the store cannot be read', async () => {
    const { manager, store, logger } = setup();
    store.load = () => Promise.reject(new Error('disk gone'));
    await manager.start();
    expect(manager.health()).toMatchObject({ id: '4000000000000001', phase: 'preparing' });
    expect(logger.lines.some((line) => line.level === 'error')).toBe(true);
  });

  it('reports failed and retries with growing backoff when creation keeps failing', async () => {
    const { manager, service, clock, phases } = setup({ random: () => 0.999_999, retryBaseMs: 5_000, retryCapMs: 300_000 });
    const down = () => new TelephonyError('server_error', 'create subscription: upstream answered 503', { status: 503 });
    service.failNext(down(), down(), down());
    await manager.start();
    expect(manager.health()).toEqual({
      id: null,
      phase: 'failed',
      expiresAt: null,
      lastEventAt: null,
      error: 'server_error: create subscription: upstream answered 503',
    });
    await clock.advanceAsync(9_998);
    expect(service.requests).toHaveLength(1);
    await clock.advanceAsync(1);
    expect(service.requests).toHaveLength(2);
    await clock.advanceAsync(19_999);
    expect(service.requests).toHaveLength(3);
    await clock.advanceAsync(39_999);
    expect(service.requests).toHaveLength(4);
    expect(manager.health()).toMatchObject({ phase: 'preparing', error: null });
    expect(phases).toEqual(['creating', 'failed', 'creating', 'failed', 'creating', 'failed', 'creating', 'preparing']);
  });

  it('waits for the Retry-After when the service limits the rate', async () => {
    const { manager, service, clock } = setup({ random: () => 0 });
    service.failNext(new TelephonyError('rate_limited', 'create subscription: upstream answered 429', { retryAfterMs: 60_000 }));
    await manager.start();
    await clock.advanceAsync(59_999);
    expect(service.requests).toHaveLength(1);
    await clock.advanceAsync(1);
    expect(service.requests).toHaveLength(2);
  });

  it('stays ready and retries the renewal when renewal fails before expiry', async () => {
    const { manager, service, clock } = setup({ checkEveryMs: 24 * HOUR, silenceLimitMs: 48 * HOUR, random: () => 0 });
    await manager.start();
    manager.noteInit('ready');
    service.failNext(new TelephonyError('timeout', 'create subscription: no answer within 10000 ms'));
    await clock.advanceAsync(12 * HOUR);
    expect(manager.health()).toMatchObject({
      phase: 'ready',
      error: 'timeout: create subscription: no answer within 10000 ms',
    });
    await clock.advanceAsync(5_000);
    expect(service.requests).toEqual(['create', 'create', 'create']);
    expect(manager.health()).toMatchObject({ phase: 'ready', error: null });
  });

  it('never logs the post_uri when it creates, renews or recreates', async () => {
    const { manager, clock, logger } = setup();
    await manager.start();
    manager.noteInit('ready');
    await clock.advanceAsync(24 * HOUR);
    await manager.stop({ deleteUpstream: true });
    expect(logger.lines.length).toBeGreaterThan(2);
    expect(logger.text()).not.toContain('path-secret');
  });
});
