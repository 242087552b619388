/**
 * The authenticated, versioned, rate-limited /api scope: bearer token first
 * (401), then the Accept version (422), then the route's rate limit (429).
 * Successful JSON answers carry the served version's media type.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Directory } from '../directory';
import type { Engine } from '../engine/types';
import type { TokenStore } from '../oauth/token-store';
import type { Principal } from '../principal';
import { apiMediaType, negotiateApiVersion, NEWEST_API_VERSION, type ApiVersion } from './accept-version';
import { authenticateBearer } from './bearer-auth';
import { describeCurrentUser } from './current-user';
import { ApiError } from './errors';
import { rateLimitHook, type RateLimitGuard } from './rate-limit-hook';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API version the request's Accept header selected. */
    apiVersion: ApiVersion;
  }
}

/** Response header naming the API version that served the request. */
const API_VERSION_HEADER = 'x-api-version';

export interface ApiRoutesOptions {
  tokens: TokenStore;
  directory: Directory;
  engine: Pick<Engine, 'stats' | 'sendStats' | 'releaseHeldAnswers' | 'subscriptionRoutes'>;
  /** Null when rate limiting is off. */
  rateLimit: RateLimitGuard | null;
}

export function apiRoutes(options: ApiRoutesOptions): FastifyPluginAsync {
  return async (app) => {
    // Declared for a stable request shape; the first onRequest hook sets it before any handler runs.
    app.decorateRequest('principal', null as unknown as Principal);
    app.decorateRequest('apiVersion', NEWEST_API_VERSION);

    app.addHook('onRequest', async (request) => {
      request.principal = authenticateBearer(options.tokens, request.headers.authorization);
      const version = negotiateApiVersion(request.headers.accept);
      if (version === null) throw new ApiError('invalid_version');
      request.apiVersion = version;
    });
    if (options.rateLimit) app.addHook('onRequest', rateLimitHook(options.rateLimit, (request) => request.principal.tokenId));
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode >= 400) return payload;
      reply.header(API_VERSION_HEADER, request.apiVersion);
      if (String(reply.getHeader('content-type') ?? '').startsWith('application/json')) reply.type(apiMediaType(request.apiVersion));
      return payload;
    });

    // An answer a sandbox fault holds back would otherwise keep the server from closing.
    app.addHook('preClose', async () => options.engine.releaseHeldAnswers());

    app.get('/call_queues/stats/live/', { config: { rateLimit: 'stats' } }, async (request, reply) => {
      const { companyId } = request.principal;
      // Spec 4.3: the example answers 201 (sendStats does, unless a sandbox fault says otherwise).
      return options.engine.sendStats(companyId, request, reply, options.engine.stats(companyId));
    });

    app.get('/users/current/', async (request) => describeCurrentUser(options.directory, request.principal));

    await app.register(options.engine.subscriptionRoutes);
  };
}
