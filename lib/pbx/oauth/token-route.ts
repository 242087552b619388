/**
 * The token endpoint's Fastify scope: form bodies only, RFC 6749 §5.2 errors,
 * `Cache-Control: no-store` on every answer (§5.1), rate-limited per client_id.
 */
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sendApiError } from '../api/error-reply';
import { ApiError } from '../api/errors';
import { rateLimitHook, type RateLimitGuard } from '../api/rate-limit-hook';
import { readBasicCredentials } from './authenticate-client';
import type { OAuthContext } from './context';
import { OAuthError } from './errors';
import { handleTokenRequest } from './token-endpoint';

const TOKEN_PATH = '/api/oauth/token/';

type FormBody = Record<string, string | string[]> | undefined;

export interface TokenRoutesOptions {
  context: OAuthContext;
  rateLimit: RateLimitGuard | null;
  /** The sandbox's fault switch: while it says down, every token request gets 503. */
  isDown: () => boolean;
}

export function tokenRoutes(options: TokenRoutesOptions): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers();
    await app.register(formbody);
    app.setErrorHandler(tokenErrorHandler);
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return payload;
    });
    app.addHook('onRequest', async () => {
      if (options.isDown()) throw new OAuthError('temporarily_unavailable', 'the token endpoint is down (sandbox fault)');
    });
    if (options.rateLimit) app.addHook('preHandler', rateLimitHook(options.rateLimit, claimedClientId));

    app.post<{ Body: FormBody }>(TOKEN_PATH, { config: { rateLimit: 'token' } }, async (request) =>
      handleTokenRequest(options.context, request.headers.authorization, request.body),
    );
  };
}

/** The client a token request claims to be, before it is authenticated: the rate-limit bucket. */
function claimedClientId(request: FastifyRequest): string {
  const posted = (request.body as FormBody)?.client_id;
  if (posted !== undefined) return String(posted);
  try {
    return readBasicCredentials(request.headers.authorization)?.clientId ?? '';
  } catch {
    return '';
  }
}

function tokenErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof ApiError) return sendApiError(reply, error);
  const oauthError = error instanceof OAuthError ? error : frameworkError(error);
  if (!oauthError) request.log.error({ err: error }, 'unhandled error at the token endpoint');
  const answer = oauthError ?? new OAuthError('server_error', 'the request could not be processed');
  return reply.code(answer.status).headers(answer.headers()).type('application/json').send(answer.toBody());
}

/** Requests Fastify refused before the handler: a wrong content type, a body too large or unreadable. */
function frameworkError(error: unknown): OAuthError | undefined {
  const statusCode = (error as { statusCode?: number }).statusCode;
  if (statusCode === 415) return new OAuthError('invalid_request', 'the request body must be application/x-www-form-urlencoded');
  if (statusCode === 413) return new OAuthError('invalid_request', 'the request body is too large');
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return new OAuthError('invalid_request', 'the request body could not be read');
  return undefined;
}
