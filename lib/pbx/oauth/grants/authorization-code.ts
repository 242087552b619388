/**
 * Authorization Code Grant, token request (RFC 6749 §4.1.3): the code must be
 * live, unused, issued to this client for this redirect_uri, and pass PKCE.
 */
import type { RegisteredClient } from '../../directory';
import type { OAuthContext } from '../context';
import { OAuthError } from '../errors';
import { issueRefreshToken, issueTokenResponse } from '../issue-tokens';
import { checkPkce } from '../pkce';
import { AuthorizationCodeForm, parseTokenForm, type TokenForm } from '../token-form';
import type { TokenResponse } from '../token-response';

export function authorizationCodeGrant(context: OAuthContext, client: RegisteredClient, form: TokenForm): TokenResponse {
  const params = parseTokenForm(AuthorizationCodeForm, form);
  const code = context.tokens.getCode(params.code);
  if (!code) throw new OAuthError('invalid_grant', 'authorization code is invalid or expired');
  if (code.redeemed) {
    // RFC 6749 §4.1.2: a replayed code may be stolen, so what it bought is withdrawn too.
    context.tokens.revokeGrant(code.grantId);
    throw new OAuthError('invalid_grant', 'authorization code has already been used');
  }
  if (code.clientId !== client.clientId) throw new OAuthError('invalid_grant', 'authorization code was issued to another client');
  if (code.redirectUri !== params.redirect_uri) {
    throw new OAuthError('invalid_grant', 'redirect_uri does not match the one of the authorization request');
  }
  checkPkce(code.codeChallenge, params.code_verifier);
  const user = context.directory.findUser(code.companyId, code.userId);
  if (!user) throw new OAuthError('invalid_grant', 'the user of this authorization code no longer exists');

  context.tokens.putCode(params.code, { ...code, redeemed: true });
  const refreshToken = issueRefreshToken(context, {
    grantId: code.grantId,
    client,
    user,
    expiresAt: context.clock.now() + context.lifetimes.refreshTokenSeconds * 1000,
  });
  return issueTokenResponse(context, { client, user, grantId: code.grantId, refreshToken });
}
