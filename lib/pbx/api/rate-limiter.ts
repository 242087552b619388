/**
 * A moving-window rate limiter (a log of hit times per key) on the injected
 * clock. Refused hits do not count, so a client that backs off as told by
 * Retry-After is served on time.
 */
import type { Clock } from '@/lib/clock';
import type { RateLimit } from './rate-limits';

type RateLimitDecision =
  | { allowed: true }
  | {
      allowed: false;
      /** The limit that tripped; of several, the one that keeps the client waiting longest. */
      limit: RateLimit;
      retryAfterSeconds: number;
    };

export interface RateLimiter {
  /** Counts a hit for `key` if every limit allows it. */
  hit(key: string, limits: readonly RateLimit[]): RateLimitDecision;
  /** Forgets keys whose hits have all left their windows. */
  sweep(): void;
}

interface Entry {
  /** Hit times, oldest first, within `horizonMs`. */
  hits: number[];
  horizonMs: number;
}

export function createRateLimiter(clock: Clock): RateLimiter {
  const entries = new Map<string, Entry>();

  return {
    hit(key, limits) {
      const now = clock.now();
      const horizonMs = Math.max(0, ...limits.map((limit) => limit.windowSeconds * 1000));
      const entry = entries.get(key) ?? { hits: [], horizonMs };
      entry.horizonMs = Math.max(entry.horizonMs, horizonMs);
      entry.hits = entry.hits.filter((at) => at > now - entry.horizonMs);
      entries.set(key, entry);

      let refusal: Extract<RateLimitDecision, { allowed: false }> | undefined;
      for (const limit of limits) {
        const windowMs = limit.windowSeconds * 1000;
        const inWindow = entry.hits.filter((at) => at > now - windowMs);
        if (inWindow.length < limit.count) continue;
        // The next hit fits once the hit `count` places from the newest has left the window.
        const freedAt = (inWindow[inWindow.length - limit.count] ?? now) + windowMs;
        const retryAfterSeconds = Math.max(1, Math.ceil((freedAt - now) / 1000));
        if (!refusal || retryAfterSeconds > refusal.retryAfterSeconds) refusal = { allowed: false, limit, retryAfterSeconds };
      }
      if (refusal) return refusal;
      entry.hits.push(now);
      return { allowed: true };
    },
    sweep() {
      const now = clock.now();
      for (const [key, entry] of entries) {
        if (entry.hits.every((at) => at <= now - entry.horizonMs)) entries.delete(key);
      }
    },
  };
}
