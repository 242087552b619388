/**
 * The token endpoint down at start-up, the subscription lost upstream (expired,
 * deleted) and deliveries refused for a while: the wallboard's live pieces
 * notice, say so in the supervisor's health, retry and recover alone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startWallboardHarness, type WallboardHarness } from './wallboard-harness';

const MINUTE = 60_000;

describe('upstream faults', () => {
  let h: WallboardHarness;
  afterEach(() => h.close());

  /** Lets the clock run a second at a time until the condition holds (real I/O settles between steps). */
  async function runUntil(condition: () => boolean | Promise<boolean>, limitMs: number): Promise<void> {
    const until = h.clock.now() + limitMs;
    while (!(await condition())) {
      if (h.clock.now() >= until) throw new Error(`not reached within ${limitMs} ms of clock time`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await h.clock.advanceAsync(1_000);
    }
  }

  async function upstreamSubscriptions(): Promise<Array<{ id: string; post_uri: string }>> {
    return (await h.sandbox<{ subscriptions: Array<{ id: string; post_uri: string }> }>('GET', '/subscriptions')).body.subscriptions;
  }

  async function readySubscription(): Promise<string> {
    await runUntil(() => h.live.subscriptions.health().phase === 'ready', 10_000);
    return h.live.subscriptions.health().id!;
  }

  it('starts with the token endpoint down, says why, retries, and recovers when it is back', async () => {
    h = await startWallboardHarness();
    await h.sandbox('POST', '/faults', { token: 'down' });
    await h.live.start();
    await h.settlePoll();

    const down = h.supervisor().health;
    expect(down.token).toEqual({ ok: false, error: 'server_error: token: upstream answered 503: temporarily_unavailable (the token endpoint is down (sandbox fault))' });
    expect(down.stats.failingSince).not.toBeNull();
    expect(down.subscription).toMatchObject({ id: null, phase: 'failed', error: expect.stringMatching(/^server_error: token: upstream answered 503/) });
    // Still down a poll later: it tried again and still says why.
    const firstAttempt = h.live.poller.health().lastAttemptAt!;
    await h.nextPoll();
    expect(h.live.poller.health().lastAttemptAt).toBeGreaterThan(firstAttempt);
    expect(h.supervisor().health.token.ok).toBe(false);

    await h.sandbox('POST', '/faults', { token: 'none' });
    await h.nextPoll();
    await readySubscription();
    const up = h.supervisor().health;
    expect(up.token).toEqual({ ok: true, error: null });
    expect(up.stats).toMatchObject({ failingSince: null, lastError: null });
    expect(up.subscription).toMatchObject({ phase: 'ready', error: null });
    expect(await upstreamSubscriptions()).toEqual([expect.objectContaining({ id: up.subscription.id, post_uri: h.live.postUri })]);
  });

  it('notices on its periodic read that the subscription expired upstream and creates a new one', async () => {
    h = await startWallboardHarness({ subscriptionTimings: { checkEveryMs: 5 * MINUTE, silenceLimitMs: 24 * 60 * MINUTE } });
    await h.live.start();
    const lost = await readySubscription();
    await h.sandbox('POST', `/subscriptions/${lost}/expire`);

    await runUntil(async () => h.live.subscriptions.health().id !== lost && h.live.subscriptions.health().phase === 'ready', 6 * MINUTE);
    const renewed = h.supervisor().health.subscription;
    expect(renewed).toMatchObject({ phase: 'ready', error: null });
    expect(await upstreamSubscriptions()).toEqual([expect.objectContaining({ id: renewed.id, post_uri: h.live.postUri })]);
    expect(await h.store.subscription.get()).toMatchObject({ id: renewed.id });
  });

  it('notices the silence of a subscription that vanished upstream and creates a new one', async () => {
    h = await startWallboardHarness({ subscriptionTimings: { checkEveryMs: 24 * 60 * MINUTE, silenceLimitMs: 15 * MINUTE } });
    await h.live.start();
    const lost = await readySubscription();
    await h.sandbox('POST', `/subscriptions/${lost}/expire`);

    await runUntil(async () => h.live.subscriptions.health().id !== lost && h.live.subscriptions.health().phase === 'ready', 16 * MINUTE);
    expect(await upstreamSubscriptions()).toEqual([expect.objectContaining({ id: h.live.subscriptions.health().id })]);
  });

  it('recovers the live feed after deliveries were refused for twenty minutes', async () => {
    h = await startWallboardHarness({ subscriptionTimings: { checkEveryMs: 5 * MINUTE, silenceLimitMs: 15 * MINUTE } });
    await h.live.start();
    const first = await readySubscription();
    await h.sandbox('POST', '/faults', { deliveries: 'refuse' });
    const lostCall = (await h.sandbox<{ call_id: string }>('POST', '/calls', { queue: 'Sales' })).body.call_id;
    // Fifteen minutes of silence: the supervisor's health shows a new subscription replacing the first.
    await runUntil(() => h.supervisor().health.subscription.id !== first, 20 * MINUTE);
    expect(h.supervisor().calls.some((call) => call.id === lostCall)).toBe(false);

    await h.sandbox('POST', '/faults', { deliveries: 'none' });
    // The service holds events until a new subscription is ready (spec 3.1).
    await h.clock.advanceAsync(2_000);
    const accepted = h.supervisor().health.webhooks.accepted;
    const seen = (await h.sandbox<{ from: { call_id: string } }>('POST', '/calls', { queue: 'Sales', caller_id: '+447700900555' })).body.from.call_id;
    await runUntil(() => h.supervisor().calls.some((call) => call.id === seen), MINUTE);
    expect(h.supervisor().health.webhooks.accepted).toBeGreaterThan(accepted);
    expect(await upstreamSubscriptions()).toHaveLength(1);
  });
});
