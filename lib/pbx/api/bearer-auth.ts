/** Bearer token authentication of API requests (RFC 6750). */
import type { TokenStore } from '../oauth/token-store';
import type { Principal } from '../principal';
import { ApiError } from './errors';

/** RFC 6750 §2.1 b64token. */
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/**
 * The principal of a live access token. Per RFC 6750 §3.1 a request without
 * bearer credentials gets a bare challenge; one whose token is malformed,
 * unknown, expired or revoked gets `error="invalid_token"`.
 */
export function authenticateBearer(tokens: TokenStore, authorization: string | undefined): Principal {
  const [scheme, token, ...rest] = (authorization ?? '').trim().split(/ +/);
  if (scheme?.toLowerCase() !== 'bearer') {
    throw new ApiError('unauthorized', 'Missing access token.', { 'www-authenticate': 'Bearer realm="api"' });
  }
  const record = token !== undefined && rest.length === 0 && B64TOKEN.test(token) ? tokens.getAccessToken(token) : undefined;
  if (!record) {
    throw new ApiError('unauthorized', 'Invalid or expired access token.', {
      'www-authenticate': 'Bearer realm="api", error="invalid_token"',
    });
  }
  return {
    companyId: record.companyId,
    clientId: record.clientId,
    userId: record.userId,
    role: record.role,
    tokenId: record.tokenId,
  };
}
