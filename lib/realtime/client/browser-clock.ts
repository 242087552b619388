import type { Clock } from '@/lib/clock';

/**
 * The Clock for browser code. lib/clock's systemClock is written for Node
 * (it unrefs Timeout objects), and a browser's setTimeout returns a number.
 */
export const browserClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => ({ id: window.setTimeout(callback, ms) }),
  clearTimeout: (handle) => window.clearTimeout(handle.id),
};
