/** Client Credentials Grant (RFC 6749 §4.4): a company-wide token, no refresh token (§4.4.3). */
import type { RegisteredClient } from '../../directory';
import type { OAuthContext } from '../context';
import { issueTokenResponse } from '../issue-tokens';
import { ClientCredentialsForm, parseTokenForm, type TokenForm } from '../token-form';
import type { TokenResponse } from '../token-response';

export function clientCredentialsGrant(context: OAuthContext, client: RegisteredClient, form: TokenForm): TokenResponse {
  parseTokenForm(ClientCredentialsForm, form);
  return issueTokenResponse(context, { client, user: null, grantId: null, refreshToken: null });
}
