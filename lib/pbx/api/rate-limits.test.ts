import { describe, expect, it } from 'vitest';
import { describeRateLimit, publishedRateLimits } from './rate-limits';

describe('describeRateLimit', () => {
  it.each([
    [{ count: 1, windowSeconds: 1 }, '1 per 1 second'],
    [{ count: 5, windowSeconds: 60 }, '5 per 1 minute'],
    [{ count: 3, windowSeconds: 10 }, '3 per 10 seconds'],
    [{ count: 100, windowSeconds: 7200 }, '100 per 2 hours'],
  ])('words %o as "%s"', (limit, text) => {
    expect(describeRateLimit(limit)).toBe(text);
  });
});

describe('publishedRateLimits', () => {
  it('lists the real service’s limits when not scaled', () => {
    expect(publishedRateLimits()).toEqual({
      token: [
        { count: 3, windowSeconds: 1 },
        { count: 60, windowSeconds: 60 },
      ],
      stats: [
        { count: 2, windowSeconds: 1 },
        { count: 5, windowSeconds: 60 },
      ],
      subscriptions: [
        { count: 1, windowSeconds: 1 },
        { count: 5, windowSeconds: 60 },
      ],
    });
  });

  it('multiplies every count and rounds up when scaled', () => {
    const scaled = publishedRateLimits(1.5);
    expect(scaled.stats).toEqual([
      { count: 3, windowSeconds: 1 },
      { count: 8, windowSeconds: 60 },
    ]);
    expect(scaled.subscriptions[0]).toEqual({ count: 2, windowSeconds: 1 });
  });
});
