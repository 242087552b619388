import { describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { TelephonyError } from './errors';
import { createStatsPoller, type StatsHealth } from './stats-poller';
import { createRecordingLogger, deferred } from './test-support';
import type { QueueStats } from './types';

const INTERVAL = 15_000;

function statsOf(callsWaiting: number): QueueStats[] {
  return [
    {
      queue: 'sales',
      callsWaiting,
      avgWaitSeconds: 0,
      maxWaitSeconds: 0,
      numAgents: 2,
      availableAgents: 1,
      unavailableAgents: 0,
    },
  ];
}

/** A poller over an upstream whose n-th answer (from 0) is `answer(n)`; `requestTimes` records when each request started. */
function setup(answer: (n: number) => Promise<QueueStats[]>, random = () => 0.5) {
  const clock = createManualClock();
  const start = clock.now();
  const requestTimes: number[] = [];
  const logger = createRecordingLogger();
  const poller = createStatsPoller({
    fetchStats: () => {
      requestTimes.push(clock.now() - start);
      return answer(requestTimes.length - 1);
    },
    clock,
    intervalMs: INTERVAL,
    maxBackoffMs: 120_000,
    random,
    log: logger.log,
  });
  return { clock, start, poller, requestTimes, logger };
}

const ok = () => Promise.resolve(statsOf(1));
const unavailable = () => Promise.reject(new TelephonyError('server_error', 'stats: upstream answered 503', { status: 503 }));

describe('createStatsPoller', () => {
  it('makes exactly one request per interval when many listeners watch', async () => {
    const { clock, poller, requestTimes } = setup(ok);
    const received: number[] = [];
    for (let i = 0; i < 50; i++) poller.onStats(() => received.push(i));
    poller.start();
    poller.start();
    await clock.advanceAsync(5 * INTERVAL);
    expect(requestTimes).toEqual([0, 15_000, 30_000, 45_000, 60_000, 75_000]);
    expect(received).toHaveLength(50 * 6);
  });

  it('hands listeners the stats and the time they were read', async () => {
    const { clock, start, poller } = setup((n) => Promise.resolve(statsOf(n)));
    const seen: Array<[number, number]> = [];
    const unsubscribe = poller.onStats((stats, at) => seen.push([stats[0]?.callsWaiting ?? -1, at - start]));
    poller.start();
    await clock.advanceAsync(INTERVAL);
    unsubscribe();
    await clock.advanceAsync(INTERVAL);
    expect(seen).toEqual([
      [0, 0],
      [1, 15_000],
    ]);
  });

  it('never starts a request while one is in flight when the upstream is slower than the interval', async () => {
    const slow = deferred<QueueStats[]>();
    const { clock, poller, requestTimes } = setup((n) => (n === 0 ? slow.promise : ok()));
    poller.start();
    await clock.advanceAsync(3 * INTERVAL);
    expect(requestTimes).toEqual([0]);
    slow.resolve(statsOf(2));
    await clock.advanceAsync(0);
    expect(requestTimes).toEqual([0, 45_000]);
    await clock.advanceAsync(INTERVAL);
    expect(requestTimes).toEqual([0, 45_000, 60_000]);
  });

  it('backs off exponentially up to the cap when requests keep failing', async () => {
    const { clock, poller, requestTimes } = setup(unavailable, () => 0.999_999);
    poller.start();
    await clock.advanceAsync(600_000);
    const gaps = requestTimes.slice(1).map((t, i) => t - (requestTimes[i] ?? 0));
    expect(gaps.slice(0, 5)).toEqual([29_999, 59_999, 119_999, 119_999, 119_999]);
  });

  it('keeps every backoff between the interval and the cap when the jitter varies', async () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    const { clock, poller, requestTimes } = setup(unavailable, random);
    poller.start();
    await clock.advanceAsync(3_600_000);
    const gaps = requestTimes.slice(1).map((t, i) => t - (requestTimes[i] ?? 0));
    expect(gaps.length).toBeGreaterThan(20);
    for (const [i, gap] of gaps.entries()) {
      expect(gap).toBeGreaterThanOrEqual(INTERVAL);
      expect(gap).toBeLessThanOrEqual(Math.min(120_000, INTERVAL * 2 ** (i + 1)));
    }
    expect(new Set(gaps).size).toBeGreaterThan(5);
  });

  it('returns to the normal interval when a request succeeds after failures', async () => {
    const { clock, poller, requestTimes } = setup((n) => (n < 2 ? unavailable() : ok()), () => 0.999_999);
    poller.start();
    await clock.advanceAsync(200_000);
    expect(requestTimes.slice(0, 5)).toEqual([0, 29_999, 89_998, 104_998, 119_998]);
  });

  it('waits at least the Retry-After when the upstream answers 429', async () => {
    const limited = () =>
      Promise.reject(new TelephonyError('rate_limited', 'stats: upstream answered 429', { status: 429, retryAfterMs: 90_000 }));
    const { clock, poller, requestTimes } = setup((n) => (n === 0 ? limited() : ok()), () => 0);
    poller.start();
    await clock.advanceAsync(89_999);
    expect(requestTimes).toEqual([0]);
    void poller.pollNow();
    await clock.advanceAsync(0);
    expect(requestTimes).toEqual([0]);
    await clock.advanceAsync(1);
    expect(requestTimes).toEqual([0, 90_000]);
  });

  it('keeps the last good stats and their age when later polls fail', async () => {
    const { clock, start, poller } = setup((n) => (n === 0 ? Promise.resolve(statsOf(4)) : unavailable()));
    expect(poller.latest()).toBeNull();
    poller.start();
    await clock.advanceAsync(100_000);
    expect(poller.latest()).toEqual({ stats: statsOf(4), at: start, ageMs: 100_000 });
  });

  it('reports failure in its health when a poll fails, and clears it on recovery', async () => {
    const { clock, start, poller } = setup((n) => (n === 1 ? unavailable() : ok()), () => 0);
    const reports: StatsHealth[] = [];
    poller.onHealth((health) => reports.push(health));
    poller.start();
    await clock.advanceAsync(INTERVAL);
    expect(poller.health()).toEqual({
      pollMs: INTERVAL,
      lastSuccessAt: start,
      lastAttemptAt: start + INTERVAL,
      failingSince: start + INTERVAL,
      lastError: 'server_error: stats: upstream answered 503',
      nextPollAt: start + 2 * INTERVAL,
    });
    await clock.advanceAsync(INTERVAL);
    expect(poller.health()).toMatchObject({ lastSuccessAt: start + 2 * INTERVAL, failingSince: null, lastError: null });
    expect(reports.at(-1)).toEqual(poller.health());
  });

  it('polls no sooner than the interval after the last request when pollNow is called early', async () => {
    const { clock, poller, requestTimes } = setup(ok);
    poller.start();
    await clock.advanceAsync(5_000);
    let done = false;
    void poller.pollNow().then(() => {
      done = true;
    });
    await clock.advanceAsync(9_999);
    expect(requestTimes).toEqual([0]);
    expect(done).toBe(false);
    await clock.advanceAsync(1);
    expect(requestTimes).toEqual([0, 15_000]);
    expect(done).toBe(true);
  });

  it('skips the error backoff but keeps the interval when pollNow is called after a failure', async () => {
    const { clock, poller, requestTimes } = setup((n) => (n === 0 ? unavailable() : ok()), () => 0.999_999);
    poller.start();
    await clock.advanceAsync(1_000);
    expect(poller.health().nextPollAt).toBe(clock.now() - 1_000 + 29_999);
    const polled = poller.pollNow();
    await clock.advanceAsync(14_000);
    await polled;
    expect(requestTimes).toEqual([0, 15_000]);
  });

  it('polls once without looping when pollNow is called while stopped', async () => {
    const { clock, poller, requestTimes } = setup(ok);
    await poller.pollNow();
    await clock.advanceAsync(5 * INTERVAL);
    expect(requestTimes).toEqual([0]);
    expect(poller.latest()?.stats).toEqual(statsOf(1));
  });

  it('makes no more requests when stopped', async () => {
    const { clock, poller, requestTimes } = setup(ok);
    poller.start();
    await clock.advanceAsync(INTERVAL);
    poller.stop();
    await clock.advanceAsync(10 * INTERVAL);
    expect(requestTimes).toEqual([0, 15_000]);
    expect(poller.health().nextPollAt).toBeNull();
    expect(clock.pendingTimers()).toBe(0);
  });

  it('keeps polling and logs the error when a listener throws', async () => {
    const { clock, poller, requestTimes, logger } = setup(ok);
    poller.onStats(() => {
      throw new Error('listener bug');
    });
    poller.start();
    await clock.advanceAsync(INTERVAL);
    expect(requestTimes).toEqual([0, 15_000]);
    expect(poller.health().lastError).toBeNull();
    expect(logger.lines.filter((line) => line.level === 'error')).toHaveLength(2);
  });
});
