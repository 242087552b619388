/** Mints access and refresh tokens into the store and answers with the token response. */
import type { DirectoryUser, RegisteredClient } from '../directory';
import type { OAuthContext } from './context';
import { COMPANY_SCOPE, formatTokenResponse, type TokenResponse } from './token-response';

export interface TokenSubject {
  client: RegisteredClient;
  /** Null for client credentials: the token speaks for the whole company. */
  user: DirectoryUser | null;
  grantId: string | null;
  /** Sent back with the access token (authorization code and refresh grants only). */
  refreshToken: string | null;
}

export function issueTokenResponse(context: OAuthContext, subject: TokenSubject): TokenResponse {
  const lifetimeSeconds = context.lifetimes.accessTokenSeconds;
  const expiresAt = context.clock.now() + lifetimeSeconds * 1000;
  const accessToken = context.randomToken();
  context.tokens.putAccessToken(accessToken, {
    tokenId: context.randomToken(),
    grantId: subject.grantId,
    clientId: subject.client.clientId,
    companyId: subject.client.companyId,
    userId: subject.user?.id ?? null,
    role: subject.user?.role ?? null,
    expiresAt,
  });
  return formatTokenResponse({
    accessToken,
    scope: subject.user?.role ?? COMPANY_SCOPE,
    lifetimeSeconds,
    expiresAt,
    refreshToken: subject.refreshToken,
    userId: subject.user?.id ?? null,
  });
}

/** A new refresh token of a grant; `expiresAt` lets rotation keep the grant's absolute lifetime. */
export function issueRefreshToken(
  context: OAuthContext,
  grant: { grantId: string; client: RegisteredClient; user: DirectoryUser; expiresAt: number },
): string {
  const refreshToken = context.randomToken();
  context.tokens.putRefreshToken(refreshToken, {
    grantId: grant.grantId,
    clientId: grant.client.clientId,
    companyId: grant.client.companyId,
    userId: grant.user.id,
    expiresAt: grant.expiresAt,
    rotated: false,
  });
  return refreshToken;
}
