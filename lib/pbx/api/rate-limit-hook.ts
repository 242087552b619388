import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ApiError } from './errors';
import type { RateLimiter } from './rate-limiter';
import { describeRateLimit, type RateLimitTable } from './rate-limits';

export interface RateLimitGuard {
  limiter: RateLimiter;
  limits: RateLimitTable;
}

/**
 * Enforces the limits of the family a route declares in `config.rateLimit`,
 * counting per `keyOf(request)`. A refusal is 429 naming the limit, with
 * Retry-After in seconds.
 */
export function rateLimitHook(guard: RateLimitGuard, keyOf: (request: FastifyRequest) => string): preHandlerAsyncHookHandler {
  return async (request) => {
    const family = request.routeOptions.config.rateLimit;
    if (family === undefined) return;
    const decision = guard.limiter.hit(`${family}\n${keyOf(request)}`, guard.limits[family]);
    if (!decision.allowed) {
      throw new ApiError('rate_limited', describeRateLimit(decision.limit), { 'retry-after': String(decision.retryAfterSeconds) });
    }
  };
}
