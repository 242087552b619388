/**
 * Client authentication at the token endpoint (RFC 6749 §2.3.1): the client
 * secret in the form (client_secret_post, what the spec shows) or HTTP Basic
 * (which the RFC requires servers to accept). Exactly one method per request.
 * A failure is invalid_client: 400, or 401 with a Basic challenge when the
 * client used Basic (RFC 6749 §5.2).
 */
import type { RegisteredClient } from '../directory';
import type { OAuthContext } from './context';
import { BASIC_CHALLENGE, OAuthError } from './errors';
import { ClientCredentialsInForm, parseTokenForm, type TokenForm } from './token-form';

export function authenticateClient(
  context: Pick<OAuthContext, 'directory'>,
  authorization: string | undefined,
  form: TokenForm,
): RegisteredClient {
  const posted = parseTokenForm(ClientCredentialsInForm, form);
  const basic = readBasicCredentials(authorization);
  if (basic && posted.client_secret !== undefined) {
    throw new OAuthError('invalid_request', 'client authentication must use only one method');
  }
  if (basic && posted.client_id !== undefined && posted.client_id !== basic.clientId) {
    throw new OAuthError('invalid_request', 'client_id does not match the Authorization header');
  }
  const credentials = basic ?? { clientId: posted.client_id, clientSecret: posted.client_secret };
  if (credentials.clientId === undefined || credentials.clientSecret === undefined) {
    throw new OAuthError('invalid_client', 'client_id and client_secret are required');
  }
  const client = context.directory.authenticateClient(credentials.clientId, credentials.clientSecret);
  if (!client) throw new OAuthError('invalid_client', 'client authentication failed', basic ? BASIC_CHALLENGE : null);
  return client;
}

/**
 * `Basic base64(urlencode(id):urlencode(secret))`; no header or another scheme
 * means no Basic credentials, a broken Basic header is invalid_client.
 */
export function readBasicCredentials(authorization: string | undefined): { clientId: string; clientSecret: string } | undefined {
  if (authorization === undefined) return undefined;
  const match = /^Basic\s+([A-Za-z0-9+/]+=*)\s*$/i.exec(authorization);
  if (!match?.[1]) {
    if (/^Basic\b/i.test(authorization)) throw new OAuthError('invalid_client', 'malformed Basic credentials', BASIC_CHALLENGE);
    return undefined;
  }
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthError('invalid_client', 'malformed Basic credentials', BASIC_CHALLENGE);
  try {
    return {
      clientId: decodeFormComponent(decoded.slice(0, colon)),
      clientSecret: decodeFormComponent(decoded.slice(colon + 1)),
    };
  } catch {
    throw new OAuthError('invalid_client', 'malformed Basic credentials', BASIC_CHALLENGE);
  }
}

function decodeFormComponent(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}
