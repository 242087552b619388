/**
 * Time as a dependency. Everything that waits or reads the time takes a Clock,
 * so tests advance time by hand instead of sleeping.
 */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export interface TimerHandle {
  readonly id: number;
}

/** Real time, in Node and in the browser alike. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(callback, ms) {
    const timer: unknown = setTimeout(callback, ms);
    if (typeof timer === 'number') return { id: timer };
    const nodeTimer = timer as NodeJS.Timeout;
    // Timers must never keep a process alive on their own: shutdown is explicit.
    nodeTimer.unref();
    return { id: Number(nodeTimer[Symbol.toPrimitive]()) };
  },
  clearTimeout(handle) {
    clearTimeout(handle.id);
  },
};

export interface ManualClock extends Clock {
  /** Moves time forward, firing due timers in order (timers they schedule included). */
  advance(ms: number): void;
  /** advance() that also lets promise callbacks run between timers. */
  advanceAsync(ms: number): Promise<void>;
  pendingTimers(): number;
}

export function createManualClock(startMs = Date.UTC(2026, 10, 21, 9, 0, 0)): ManualClock {
  let current = startMs;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();

  function nextDue(until: number): [number, { at: number; callback: () => void }] | undefined {
    let best: [number, { at: number; callback: () => void }] | undefined;
    for (const entry of timers) {
      if (entry[1].at > until) continue;
      if (!best || entry[1].at < best[1].at || (entry[1].at === best[1].at && entry[0] < best[0])) best = entry;
    }
    return best;
  }

  const clock: ManualClock = {
    now: () => current,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: current + Math.max(0, ms), callback });
      return { id };
    },
    clearTimeout(handle) {
      timers.delete(handle.id);
    },
    advance(ms) {
      const target = current + ms;
      for (let due = nextDue(target); due; due = nextDue(target)) {
        timers.delete(due[0]);
        current = due[1].at;
        due[1].callback();
      }
      current = target;
    },
    async advanceAsync(ms) {
      const target = current + ms;
      await flushMicrotasks();
      for (let due = nextDue(target); due; due = nextDue(target)) {
        timers.delete(due[0]);
        current = due[1].at;
        due[1].callback();
        await flushMicrotasks();
      }
      current = target;
      await flushMicrotasks();
    },
    pendingTimers: () => timers.size,
  };
  return clock;
}

async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
