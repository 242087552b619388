/** The authorization response (RFC 6749 §4.1.2): a short-lived code bound to the request and the signed-in user. */
import type { DirectoryUser } from '../directory';
import type { AuthorizationRequest } from './authorization-request';
import type { OAuthContext } from './context';

export function issueAuthorizationCode(context: OAuthContext, request: AuthorizationRequest, user: DirectoryUser): string {
  const code = context.randomToken();
  context.tokens.putCode(code, {
    grantId: context.randomToken(),
    clientId: request.client.clientId,
    companyId: request.client.companyId,
    userId: user.id,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    expiresAt: context.clock.now() + context.lifetimes.authorizationCodeSeconds * 1000,
    redeemed: false,
  });
  return code;
}

/** The redirect_uri with `code` and, when the client sent one, `state` added to its query. */
export function callbackLocation(request: AuthorizationRequest, code: string): string {
  const url = new URL(request.redirectUri);
  url.searchParams.set('code', code);
  if (request.state !== null) url.searchParams.set('state', request.state);
  return url.toString();
}
