/**
 * The stats endpoint failing mid-session, seen from the wallboard's live pieces:
 * the last numbers stay with their age, health says since when and why, polls
 * back off instead of hammering, and the loop recovers alone when the fault clears.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STATS_POLL_MS } from './live-pieces';
import { startWallboardHarness, type WallboardHarness } from './wallboard-harness';

const STATS_ROUTE = 'GET /api/call_queues/stats/live/';
const FAULT_WINDOW_MS = 10 * 60_000;

describe('stats faults', () => {
  let h: WallboardHarness;
  let firstPollAt: number;
  beforeEach(async () => {
    h = await startWallboardHarness();
    await h.sandbox('POST', '/calls', { queue: 'Sales' });
    await h.live.start();
    await h.settlePoll();
    firstPollAt = h.live.poller.health().lastSuccessAt!;
  });
  afterEach(() => h.close());

  const salesQueue = () => h.supervisor().queues.find((queue) => queue.queue === 'Sales')!;

  it.each([
    { fault: 'error500', error: /^server_error: /, requestsPerPoll: 1, letTimePass: false },
    { fault: 'malformed', error: /^bad_response: /, requestsPerPoll: 1, letTimePass: false },
    // A 401 renews the token and retries once, so each failed poll asks twice.
    { fault: 'unauthorized', error: /^unauthorized: /, requestsPerPoll: 2, letTimePass: false },
    { fault: 'timeout', error: /^timeout: /, requestsPerPoll: 1, letTimePass: true },
    { fault: 'slow', slowMs: 60_000, error: /^timeout: /, requestsPerPoll: 1, letTimePass: true },
  ])('keeps the last numbers, reports $fault since it began, backs off and recovers alone', async ({ fault, slowMs, error, requestsPerPoll, letTimePass }) => {
    expect(salesQueue()).toMatchObject({ callsWaiting: 1, statsAt: firstPollAt });
    await h.sandbox('POST', '/faults', { stats: fault, slowMs });
    const requestsBefore = await h.requests(STATS_ROUTE);
    const attempts: number[] = [];
    const faultStart = h.clock.now();
    while (h.clock.now() - faultStart < FAULT_WINDOW_MS) {
      await h.nextPoll({ letTimePass });
      attempts.push(h.live.poller.health().lastAttemptAt!);
    }

    const { stats } = h.supervisor().health;
    expect(stats.failingSince).toBe(attempts[0]);
    expect(stats.lastError).toMatch(error);
    expect(stats.lastSuccessAt).toBe(firstPollAt);
    // The screens keep the last poll's figures and can tell their age from statsAt.
    expect(salesQueue()).toMatchObject({ callsWaiting: 1, statsAt: firstPollAt });

    const gaps = attempts.slice(1).map((at, index) => at - attempts[index]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(STATS_POLL_MS);
    expect(Math.max(...gaps)).toBeGreaterThanOrEqual(4 * STATS_POLL_MS);
    // A healthy loop would have asked 40 times in these ten minutes.
    expect(attempts.length).toBeLessThanOrEqual(13);
    expect((await h.requests(STATS_ROUTE)) - requestsBefore).toBe(attempts.length * requestsPerPoll);

    await h.sandbox('POST', '/faults', { stats: 'none' });
    await h.nextPoll();
    const recovered = h.supervisor().health.stats;
    expect(recovered).toMatchObject({ failingSince: null, lastError: null, lastSuccessAt: h.clock.now() });
    expect(salesQueue().statsAt).toBe(h.clock.now());
  });

  it('treats an answer slower than usual but within the client timeout as a success', async () => {
    await h.sandbox('POST', '/faults', { stats: 'slow', slowMs: 3_000 });
    await h.nextPoll({ letTimePass: true });
    const { stats } = h.supervisor().health;
    expect(stats).toMatchObject({ failingSince: null, lastError: null });
    expect(stats.lastSuccessAt).toBeGreaterThanOrEqual(stats.lastAttemptAt! + 3_000);
  });
});
