/**
 * The authorization endpoint (spec 4.2): GET shows the sign-in form, POST
 * signs in and redirects to the client with a code. Both answer on
 * /oauth/authorize/ and its alias /api/oauth/authorize/. Problems with the
 * request itself get an error page, never a redirect.
 */
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { checkAuthorizationRequest, type AuthorizationRequest } from './authorization-request';
import { readCookie, serializeCookie } from './cookies';
import { CSRF_COOKIE } from './sign-in-csrf';
import { attemptSignIn, type SignInDeps } from './sign-in';
import { renderErrorPage, renderSignInPage } from './sign-in-page';

const AUTHORIZE_PATHS = ['/oauth/authorize/', '/api/oauth/authorize/'] as const;

const SignInForm = z.object({
  username: z.string().default(''),
  password: z.string().default(''),
  csrf_token: z.string().optional(),
});
const EMPTY_FORM: z.infer<typeof SignInForm> = { username: '', password: '' };

export function authorizeRoutes(deps: SignInDeps): FastifyPluginAsync {
  const { context, csrf } = deps;

  function showForm(
    request: FastifyRequest,
    reply: FastifyReply,
    authorization: AuthorizationRequest,
    view: { status: number; username: string; message: string | null },
  ): FastifyReply {
    const nonce = csrf.usableNonce(readCookie(request.headers.cookie, CSRF_COOKIE)) ?? context.randomToken();
    reply.header('set-cookie', serializeCookie(CSRF_COOKIE, nonce, { path: '/', secure: request.protocol === 'https' }));
    const html = renderSignInPage({
      appName: authorization.client.name,
      companyName: authorization.client.companyName,
      action: request.url,
      csrfToken: csrf.tokenFor(nonce),
      username: view.username,
      message: view.message,
    });
    return sendPage(reply, view.status, html);
  }

  return async (app) => {
    app.removeAllContentTypeParsers();
    await app.register(formbody);
    app.setErrorHandler((error, request, reply) => {
      const ours = ((error as { statusCode?: number }).statusCode ?? 500) >= 500;
      if (ours) request.log.error({ err: error }, 'unhandled error at the authorization endpoint');
      const detail = ours ? 'Something went wrong on our side.' : 'The sign-in form could not be read.';
      return sendPage(reply, ours ? 500 : 400, renderErrorPage({ title: 'Sign-in failed', detail }));
    });

    for (const path of AUTHORIZE_PATHS) {
      app.get(path, async (request, reply) => {
        const check = checkAuthorizationRequest(context.directory, request.query);
        if (!check.ok) return sendInvalidRequest(reply, check.problem);
        return showForm(request, reply, check.request, { status: 200, username: '', message: null });
      });

      app.post(path, async (request, reply) => {
        const check = checkAuthorizationRequest(context.directory, request.query);
        if (!check.ok) return sendInvalidRequest(reply, check.problem);
        const parsed = SignInForm.safeParse(request.body ?? {});
        const form = parsed.success ? parsed.data : EMPTY_FORM;
        const outcome = await attemptSignIn(deps, {
          authorization: check.request,
          username: form.username,
          password: form.password,
          csrfToken: form.csrf_token,
          csrfNonce: readCookie(request.headers.cookie, CSRF_COOKIE),
          clientAddress: request.ip,
        });
        const logged = { clientId: check.request.client.clientId, username: form.username.trim() };
        if (outcome.kind === 'redirect') {
          request.log.info({ ...logged, userId: outcome.userId }, 'signed in; authorization code issued');
          return reply.header('cache-control', 'no-store').redirect(outcome.location, 302);
        }
        request.log.info({ ...logged, status: outcome.status }, 'sign-in refused');
        if (outcome.retryAfterSeconds !== null) reply.header('retry-after', String(outcome.retryAfterSeconds));
        return showForm(request, reply, check.request, { status: outcome.status, username: logged.username, message: outcome.message });
      });
    }
  };
}

function sendInvalidRequest(reply: FastifyReply, problem: string): FastifyReply {
  return sendPage(reply, 400, renderErrorPage({ title: 'This sign-in link is not valid', detail: problem }));
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .headers({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-frame-options': 'DENY',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
      'referrer-policy': 'no-referrer',
    })
    .send(html);
}
