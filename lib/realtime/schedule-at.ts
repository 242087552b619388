/**
 * A timer for an instant that may be weeks away. Node fires any delay above
 * 2^31 - 1 ms (about 24.8 days) at once, so long waits are made in steps.
 */
import type { Clock, TimerHandle } from '@/lib/clock';

const MAX_TIMER_MS = 2 ** 31 - 1;

/** Calls back at `at` on the clock; returns the cancel function. */
export function scheduleAt(clock: Clock, at: number, callback: () => void): () => void {
  let handle: TimerHandle | null = null;
  function arm(): void {
    const wait = at - clock.now();
    if (wait <= MAX_TIMER_MS) {
      handle = clock.setTimeout(callback, Math.max(0, wait));
      return;
    }
    handle = clock.setTimeout(arm, MAX_TIMER_MS);
  }
  arm();
  return () => {
    if (handle) clock.clearTimeout(handle);
    handle = null;
  };
}
