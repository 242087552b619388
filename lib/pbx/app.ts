/**
 * Builds the telephony integration service's HTTP app: the OAuth endpoints,
 * the authenticated /api scope with the engine's subscription routes, and
 * the sandbox controls when enabled. Listening is the caller's business.
 */
import Fastify from 'fastify';
import type { Clock } from '@/lib/clock';
import { answerClientError, apiNotFoundHandler, apiErrorHandler } from './api/error-reply';
import type { Logger } from './api/logger';
import { apiRoutes } from './api/api-routes';
import type { RateLimitGuard } from './api/rate-limit-hook';
import { createRateLimiter } from './api/rate-limiter';
import { publishedRateLimits } from './api/rate-limits';
import type { Directory } from './directory';
import type { Engine } from './engine/types';
import { authorizeRoutes } from './oauth/authorize-route';
import type { OAuthContext, TokenLifetimes } from './oauth/context';
import { createSignInCsrf } from './oauth/sign-in-csrf';
import { createSignInThrottle } from './oauth/sign-in-throttle';
import { createMemoryTokenStore } from './oauth/token-store';
import { tokenRoutes } from './oauth/token-route';

/** How often expired tokens and idle rate-limit entries are freed. */
const PURGE_INTERVAL_MS = 60_000;

export interface PbxAppOptions {
  directory: Directory;
  engine: Engine;
  clock: Clock;
  randomToken: () => string;
  logger: Logger;
  lifetimes: TokenLifetimes;
  refreshRotation: boolean;
  /** Multiplies every published rate limit; null turns rate limiting off. */
  rateLimitMultiplier: number | null;
  /** Mounts the engine's /sandbox/ control routes. */
  sandbox: boolean;
}

export async function buildPbxApp(options: PbxAppOptions) {
  const { clock, directory, engine } = options;
  const tokens = createMemoryTokenStore(clock);
  const limiter = createRateLimiter(clock);
  const throttle = createSignInThrottle(clock);
  const rateLimit: RateLimitGuard | null =
    options.rateLimitMultiplier === null ? null : { limiter, limits: publishedRateLimits(options.rateLimitMultiplier) };
  const context: OAuthContext = {
    directory,
    tokens,
    clock,
    randomToken: options.randomToken,
    lifetimes: options.lifetimes,
    refreshRotation: options.refreshRotation,
  };

  const app = Fastify({ loggerInstance: options.logger, routerOptions: { ignoreTrailingSlash: true }, clientErrorHandler: answerClientError });
  app.setErrorHandler(apiErrorHandler);
  app.setNotFoundHandler(apiNotFoundHandler);

  app.get('/health', async () => ({ status: 'ok' }));
  await app.register(tokenRoutes({ context, rateLimit, isDown: engine.tokenDown }));
  await app.register(authorizeRoutes({ context, csrf: createSignInCsrf(options.randomToken()), throttle }));
  await app.register(apiRoutes({ tokens, directory, engine, rateLimit }), { prefix: '/api' });
  if (options.sandbox) await app.register(engine.sandboxRoutes, { prefix: '/sandbox' });

  let purgeTimer = clock.setTimeout(function purge() {
    const purged = tokens.purgeExpired();
    limiter.sweep();
    throttle.sweep();
    if (purged > 0) app.log.debug({ purged }, 'expired codes and tokens purged');
    purgeTimer = clock.setTimeout(purge, PURGE_INTERVAL_MS);
  }, PURGE_INTERVAL_MS);
  app.addHook('onClose', async () => clock.clearTimeout(purgeTimer));

  return app;
}
