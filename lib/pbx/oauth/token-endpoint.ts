/** POST /api/oauth/token/ (spec 4.1, RFC 6749 §3.2): picks the grant, authenticates the client, runs the grant. */
import type { RegisteredClient } from '../directory';
import { authenticateClient } from './authenticate-client';
import type { OAuthContext } from './context';
import { OAuthError } from './errors';
import { authorizationCodeGrant } from './grants/authorization-code';
import { clientCredentialsGrant } from './grants/client-credentials';
import { refreshTokenGrant } from './grants/refresh-token';
import { toTokenForm, type TokenForm } from './token-form';
import type { TokenResponse } from './token-response';

type Grant = (context: OAuthContext, client: RegisteredClient, form: TokenForm) => TokenResponse;

const grants: Record<string, Grant> = {
  client_credentials: clientCredentialsGrant,
  authorization_code: authorizationCodeGrant,
  refresh_token: refreshTokenGrant,
};

export function handleTokenRequest(
  context: OAuthContext,
  authorization: string | undefined,
  body: Record<string, string | string[]> | undefined,
): TokenResponse {
  const form = toTokenForm(body);
  const grantType = form.grant_type;
  if (grantType === undefined) throw new OAuthError('invalid_request', "missing required parameter 'grant_type'");
  const grant = Object.hasOwn(grants, grantType) ? grants[grantType] : undefined;
  if (!grant) throw new OAuthError('unsupported_grant_type', 'the grant_type is not supported');
  const client = authenticateClient(context, authorization, form);
  return grant(context, client, form);
}
