/**
 * Refresh Token Grant (RFC 6749 §6). By default the refresh token is reused
 * as it comes, like the real service. With rotation on, each refresh replaces
 * it, and presenting a replaced one revokes the whole grant (RFC 9700 §4.14.2).
 * Either way the grant ends when its first refresh token would have expired.
 */
import type { RegisteredClient } from '../../directory';
import type { OAuthContext } from '../context';
import { OAuthError } from '../errors';
import { issueRefreshToken, issueTokenResponse } from '../issue-tokens';
import { parseTokenForm, RefreshTokenForm, type TokenForm } from '../token-form';
import type { TokenResponse } from '../token-response';

export function refreshTokenGrant(context: OAuthContext, client: RegisteredClient, form: TokenForm): TokenResponse {
  const params = parseTokenForm(RefreshTokenForm, form);
  const record = context.tokens.getRefreshToken(params.refresh_token);
  if (!record) throw new OAuthError('invalid_grant', 'refresh token is invalid, expired or revoked');
  if (record.clientId !== client.clientId) throw new OAuthError('invalid_grant', 'refresh token was issued to another client');
  if (record.rotated) {
    context.tokens.revokeGrant(record.grantId);
    throw new OAuthError('invalid_grant', 'refresh token has already been used');
  }
  const user = context.directory.findUser(record.companyId, record.userId);
  if (!user) throw new OAuthError('invalid_grant', 'the user of this refresh token no longer exists');

  let refreshToken = params.refresh_token;
  if (context.refreshRotation) {
    context.tokens.putRefreshToken(params.refresh_token, { ...record, rotated: true });
    refreshToken = issueRefreshToken(context, { grantId: record.grantId, client, user, expiresAt: record.expiresAt });
  }
  return issueTokenResponse(context, { client, user, grantId: record.grantId, refreshToken });
}
