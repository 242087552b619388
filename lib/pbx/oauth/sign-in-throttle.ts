/**
 * Limits failed sign-ins per username and client address: after `maxFailures`
 * failures within `windowMs` the pair is locked out for `lockoutMs`. A
 * success clears the count. Time comes from the injected clock.
 */
import type { Clock } from '@/lib/clock';

export interface SignInThrottleOptions {
  maxFailures: number;
  windowMs: number;
  lockoutMs: number;
}

const DEFAULT_SIGN_IN_THROTTLE: SignInThrottleOptions = { maxFailures: 5, windowMs: 15 * 60_000, lockoutMs: 15 * 60_000 };

export interface SignInThrottle {
  /** Milliseconds the key stays locked out; 0 when it may try. */
  lockedFor(key: string): number;
  /** Counts a failure; returns the lock-out it caused (0 if none yet). */
  recordFailure(key: string): number;
  recordSuccess(key: string): void;
  /** Forgets keys with nothing left to remember. */
  sweep(): void;
}

interface Entry {
  failures: number[];
  lockedUntil: number;
}

export function createSignInThrottle(clock: Clock, options: SignInThrottleOptions = DEFAULT_SIGN_IN_THROTTLE): SignInThrottle {
  const entries = new Map<string, Entry>();

  function recentFailures(entry: Entry, now: number): number[] {
    return entry.failures.filter((at) => at > now - options.windowMs);
  }

  return {
    lockedFor(key) {
      const entry = entries.get(key);
      return entry ? Math.max(entry.lockedUntil - clock.now(), 0) : 0;
    },
    recordFailure(key) {
      const now = clock.now();
      const entry = entries.get(key) ?? { failures: [], lockedUntil: 0 };
      entry.failures = [...recentFailures(entry, now), now];
      if (entry.failures.length >= options.maxFailures) {
        entry.failures = [];
        entry.lockedUntil = now + options.lockoutMs;
      }
      entries.set(key, entry);
      return Math.max(entry.lockedUntil - now, 0);
    },
    recordSuccess(key) {
      entries.delete(key);
    },
    sweep() {
      const now = clock.now();
      for (const [key, entry] of entries) {
        if (entry.lockedUntil <= now && recentFailures(entry, now).length === 0) entries.delete(key);
      }
    },
  };
}
