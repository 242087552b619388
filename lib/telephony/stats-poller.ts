/**
 * The one loop that reads live queue stats from the service (spec 4.3). However
 * many screens watch, there is one request per interval and never two at once:
 * screens listen to this loop, they never cause a request.
 */
import type { Clock, TimerHandle } from '@/lib/clock';
import type { UpstreamHealth } from '@/lib/realtime/types';
import { backoffDelay } from './backoff';
import { describeError, TelephonyError } from './errors';
import type { TelephonyLogger } from './logger';
import type { QueueStats } from './types';

export type StatsHealth = UpstreamHealth['stats'];

interface LatestStats {
  stats: QueueStats[];
  at: number;
  ageMs: number;
}

export interface StatsPollerOptions {
  fetchStats: () => Promise<QueueStats[]>;
  clock: Clock;
  /** The poll interval (config STATS_POLL_MS), also the least time between two requests. */
  intervalMs: number;
  /** Longest wait after repeated failures; a Retry-After beyond it is still honoured. */
  maxBackoffMs?: number;
  random?: () => number;
  log: TelephonyLogger;
}

export interface StatsPoller {
  start(): void;
  stop(): void;
  /** Polls as soon as the interval and any Retry-After allow, skipping error backoff; resolves when that poll ends. */
  pollNow(): Promise<void>;
  /** The last stats read successfully, kept through failures. */
  latest(): LatestStats | null;
  health(): StatsHealth;
  onStats(listener: (stats: QueueStats[], at: number) => void): () => void;
  onHealth(listener: (health: StatsHealth) => void): () => void;
}

const DEFAULT_MAX_BACKOFF_MS = 120_000;

export function createStatsPoller(options: StatsPollerOptions): StatsPoller {
  const { clock, intervalMs, log } = options;
  const backoff = {
    baseMs: intervalMs,
    capMs: Math.max(intervalMs, options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS),
    random: options.random ?? Math.random,
  };
  const statsListeners = new Set<(stats: QueueStats[], at: number) => void>();
  const healthListeners = new Set<(health: StatsHealth) => void>();
  const health: StatsHealth = {
    pollMs: intervalMs,
    lastSuccessAt: null,
    lastAttemptAt: null,
    failingSince: null,
    lastError: null,
    nextPollAt: null,
  };
  let running = false;
  let timer: TimerHandle | null = null;
  let inFlight: Promise<void> | null = null;
  let waiters: Array<() => void> = [];
  let failures = 0;
  let last: { stats: QueueStats[]; at: number } | null = null;
  // Earliest start of the next request: the interval after the last start, a
  // Retry-After the service asked for, and the backoff after errors.
  let intervalUntil = -Infinity;
  let retryAfterUntil = -Infinity;
  let backoffUntil = -Infinity;

  function emitHealth(): void {
    const snapshot = { ...health };
    for (const listener of healthListeners) listener(snapshot);
  }

  function cancelTimer(): void {
    if (timer) clock.clearTimeout(timer);
    timer = null;
    health.nextPollAt = null;
  }

  function scheduleAt(at: number): void {
    cancelTimer();
    health.nextPollAt = at;
    timer = clock.setTimeout(() => {
      timer = null;
      void poll();
    }, at - clock.now());
  }

  function pollAtOrAfter(at: number): void {
    if (at <= clock.now()) void poll();
    else scheduleAt(at);
  }

  function poll(): Promise<void> {
    inFlight ??= (async () => {
      await attempt();
      // Cleared before the next poll is planned, which may start at once.
      inFlight = null;
      const done = waiters;
      waiters = [];
      for (const resolve of done) resolve();
      if (running) pollAtOrAfter(Math.max(intervalUntil, retryAfterUntil, backoffUntil));
      emitHealth();
    })();
    return inFlight;
  }

  async function attempt(): Promise<void> {
    cancelTimer();
    const startedAt = clock.now();
    health.lastAttemptAt = startedAt;
    intervalUntil = startedAt + intervalMs;
    let stats: QueueStats[];
    try {
      stats = await options.fetchStats();
    } catch (error) {
      noteFailure(error, startedAt);
      return;
    }
    noteSuccess(stats);
  }

  function noteSuccess(stats: QueueStats[]): void {
    const at = clock.now();
    if (health.failingSince !== null) log.info({ failedForMs: at - health.failingSince }, 'stats polling recovered');
    last = { stats, at };
    failures = 0;
    retryAfterUntil = -Infinity;
    backoffUntil = -Infinity;
    health.lastSuccessAt = at;
    health.failingSince = null;
    health.lastError = null;
    for (const listener of statsListeners) {
      try {
        listener(stats, at);
      } catch (error) {
        log.error({ err: error }, 'stats listener failed');
      }
    }
  }

  function noteFailure(error: unknown, startedAt: number): void {
    const now = clock.now();
    failures += 1;
    const retryAfterMs = error instanceof TelephonyError ? error.retryAfterMs : null;
    retryAfterUntil = retryAfterMs === null ? -Infinity : now + retryAfterMs;
    backoffUntil = now + backoffDelay(failures, backoff);
    health.failingSince ??= startedAt;
    health.lastError = describeError(error);
    const context = { err: health.lastError, failures, retryInMs: Math.max(retryAfterUntil, backoffUntil) - now };
    if (error instanceof TelephonyError) log.warn(context, 'stats poll failed');
    else log.error({ ...context, cause: error }, 'stats poll failed unexpectedly');
  }

  return {
    start() {
      if (running) return;
      running = true;
      if (!inFlight) pollAtOrAfter(Math.max(intervalUntil, retryAfterUntil, backoffUntil));
      emitHealth();
    },
    stop() {
      running = false;
      cancelTimer();
      if (!inFlight) {
        const done = waiters;
        waiters = [];
        for (const resolve of done) resolve();
      }
      emitHealth();
    },
    pollNow() {
      if (inFlight) return inFlight;
      const done = new Promise<void>((resolve) => waiters.push(resolve));
      const at = Math.max(clock.now(), intervalUntil, retryAfterUntil);
      if (at <= clock.now()) void poll();
      else if (health.nextPollAt === null || at < health.nextPollAt) {
        scheduleAt(at);
        emitHealth();
      }
      return done;
    },
    latest: () => (last ? { stats: last.stats, at: last.at, ageMs: clock.now() - last.at } : null),
    health: () => ({ ...health }),
    onStats(listener) {
      statsListeners.add(listener);
      return () => statsListeners.delete(listener);
    },
    onHealth(listener) {
      healthListeners.add(listener);
      return () => healthListeners.delete(listener);
    },
  };
}
