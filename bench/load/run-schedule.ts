/**
 * Open-loop load: request i starts at its planned time whether or not earlier
 * ones have been answered, so a slow server shows up as latency rather than as
 * a politely lower rate. The timer wakes every millisecond and starts whatever
 * is due; how far behind plan the generator fell is reported beside.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export interface ScheduleOutcome {
  /** Most any request started after its planned time, ms: the generator's own lag. */
  maxStartLagMs: number;
  elapsedMs: number;
}

export async function runSchedule(atMs: Float64Array, start: (index: number) => Promise<unknown>): Promise<ScheduleOutcome> {
  const began = performance.now();
  const pending: Array<Promise<unknown>> = [];
  let maxStartLagMs = 0;
  let next = 0;
  while (next < atMs.length) {
    const now = performance.now() - began;
    while (next < atMs.length && atMs[next]! <= now) {
      maxStartLagMs = Math.max(maxStartLagMs, now - atMs[next]!);
      pending.push(start(next));
      next += 1;
    }
    if (next < atMs.length) await sleep(Math.min(1, Math.max(0, atMs[next]! - (performance.now() - began))));
  }
  await Promise.all(pending);
  return { maxStartLagMs, elapsedMs: performance.now() - began };
}

/** Closed-loop load: `workers` requests in flight at all times until `count` have been made. */
export async function runClosedLoop(count: number, workers: number, start: (index: number) => Promise<unknown>): Promise<number> {
  const began = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < count) await start(next++);
    }),
  );
  return performance.now() - began;
}

/** Closed-loop load for a fixed time: `workers` requests in flight until it is up. Returns how many were made. */
export async function runForDuration(durationMs: number, workers: number, start: () => Promise<unknown>): Promise<number> {
  const end = performance.now() + durationMs;
  let made = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < end) {
        made += 1;
        await start();
      }
    }),
  );
  return made;
}
