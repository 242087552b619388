/**
 * The real service's published rate limits (README decisions), per access
 * token, except the token endpoint's, which count per client_id.
 */
export interface RateLimit {
  count: number;
  windowSeconds: number;
}

export type RateLimitFamily = 'token' | 'stats' | 'subscriptions';

export type RateLimitTable = Record<RateLimitFamily, readonly RateLimit[]>;

const PUBLISHED: RateLimitTable = {
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
};

/** The published limits, each count multiplied (rounded up), for sandboxes and tests that need headroom. */
export function publishedRateLimits(multiplier = 1): RateLimitTable {
  const scale = (limits: readonly RateLimit[]) => limits.map((limit) => ({ ...limit, count: Math.ceil(limit.count * multiplier) }));
  return { token: scale(PUBLISHED.token), stats: scale(PUBLISHED.stats), subscriptions: scale(PUBLISHED.subscriptions) };
}

/** The real service's wording of a limit: "1 per 1 second", "5 per 1 minute". */
export function describeRateLimit(limit: RateLimit): string {
  if (limit.windowSeconds % 3600 === 0) return `${limit.count} per ${unit(limit.windowSeconds / 3600, 'hour')}`;
  if (limit.windowSeconds % 60 === 0) return `${limit.count} per ${unit(limit.windowSeconds / 60, 'minute')}`;
  return `${limit.count} per ${unit(limit.windowSeconds, 'second')}`;
}

function unit(amount: number, name: string): string {
  return `${amount} ${amount === 1 ? name : `${name}s`}`;
}
