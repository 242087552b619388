import { describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { createRateLimiter } from './rate-limiter';

const perSecondAndMinute = [
  { count: 2, windowSeconds: 1 },
  { count: 5, windowSeconds: 60 },
];

describe('createRateLimiter', () => {
  it('allows hits up to the count when they come at once', () => {
    const limiter = createRateLimiter(createManualClock());
    expect(limiter.hit('a', perSecondAndMinute)).toEqual({ allowed: true });
    expect(limiter.hit('a', perSecondAndMinute)).toEqual({ allowed: true });
    expect(limiter.hit('a', perSecondAndMinute)).toEqual({ allowed: false, limit: perSecondAndMinute[0], retryAfterSeconds: 1 });
  });

  it('lets a hit through once the oldest hit has left a moving window', () => {
    const clock = createManualClock();
    const limiter = createRateLimiter(clock);
    const limits = [{ count: 2, windowSeconds: 10 }];
    limiter.hit('a', limits);
    clock.advance(4_000);
    limiter.hit('a', limits);
    clock.advance(5_999);
    expect(limiter.hit('a', limits)).toEqual({ allowed: false, limit: limits[0], retryAfterSeconds: 1 });
    clock.advance(1);
    expect(limiter.hit('a', limits)).toEqual({ allowed: true });
    expect(limiter.hit('a', limits)).toMatchObject({ allowed: false, retryAfterSeconds: 4 });
  });

  it('does not count refused hits', () => {
    const clock = createManualClock();
    const limiter = createRateLimiter(clock);
    const limits = [{ count: 1, windowSeconds: 1 }];
    limiter.hit('a', limits);
    for (let refused = 0; refused < 10; refused++) expect(limiter.hit('a', limits).allowed).toBe(false);
    clock.advance(1_000);
    expect(limiter.hit('a', limits)).toEqual({ allowed: true });
  });

  it('names the limit that keeps the client waiting longest when several trip', () => {
    const clock = createManualClock();
    const limiter = createRateLimiter(clock);
    for (let hit = 0; hit < 5; hit++) {
      if (hit > 0) clock.advance(600);
      expect(limiter.hit('a', perSecondAndMinute)).toEqual({ allowed: true });
    }
    clock.advance(100);
    // Both trip: the per-second one frees up in 0.3 s, the per-minute one in 57.5 s.
    expect(limiter.hit('a', perSecondAndMinute)).toEqual({ allowed: false, limit: perSecondAndMinute[1], retryAfterSeconds: 58 });
  });

  it('counts each key apart', () => {
    const limiter = createRateLimiter(createManualClock());
    const limits = [{ count: 1, windowSeconds: 1 }];
    expect(limiter.hit('a', limits).allowed).toBe(true);
    expect(limiter.hit('b', limits).allowed).toBe(true);
    expect(limiter.hit('a', limits).allowed).toBe(false);
  });

  it('keeps counting a key after a sweep while its hits are inside the window', () => {
    const clock = createManualClock();
    const limiter = createRateLimiter(clock);
    const limits = [{ count: 1, windowSeconds: 60 }];
    limiter.hit('a', limits);
    clock.advance(30_000);
    limiter.sweep();
    expect(limiter.hit('a', limits).allowed).toBe(false);
    clock.advance(30_000);
    limiter.sweep();
    expect(limiter.hit('a', limits).allowed).toBe(true);
  });
});
