/**
 * The telephony service as a next-auth OAuth 2.0 provider: authorization code
 * grant with state and PKCE (S256), client_secret_post at the token endpoint.
 */
import type { OAuthConfig } from 'next-auth/providers/oauth';
import { roleFromScope } from './role';
import { CurrentUser } from './schemas';

const TELEPHONY_PROVIDER_ID = 'telephony';

export interface TelephonyProviderConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch: typeof fetch;
}

export async function fetchCurrentUser(config: Pick<TelephonyProviderConfig, 'baseUrl' | 'fetch'>, accessToken: string): Promise<CurrentUser> {
  const response = await config.fetch(`${config.baseUrl}/api/users/current/`, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`users/current answered ${response.status}`);
  return CurrentUser.parse(await response.json());
}

/**
 * The person as the jwt callback receives it. The role comes from the token
 * response's scope (the service's authority on what this token may do); a
 * scope we do not admit gives role null and the signIn callback refuses it.
 */
export function profileFrom(user: CurrentUser, tokens: { scope?: string; user_id?: unknown }) {
  if (tokens.user_id != null && String(tokens.user_id) !== user.id) {
    throw new Error('users/current answered for a different user than the token');
  }
  return {
    id: user.id,
    name: user.display_name || user.username,
    role: roleFromScope(tokens.scope ?? ''),
    extension: user.extension,
  };
}

/** next-auth's Profile type wants one of its own fields; `sub` is the user id, as OIDC would name it. */
type TelephonyProfile = CurrentUser & { sub: string };

export function createTelephonyProvider(config: TelephonyProviderConfig): OAuthConfig<TelephonyProfile> {
  return {
    id: TELEPHONY_PROVIDER_ID,
    name: 'your phone system account',
    type: 'oauth',
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    // openid-client would otherwise ask for scope=openid, which the service does not know.
    authorization: { url: `${config.baseUrl}/oauth/authorize/`, params: { scope: '' } },
    token: `${config.baseUrl}/api/oauth/token/`,
    // Without this openid-client sends HTTP Basic, which the service's token endpoint does not take.
    client: { token_endpoint_auth_method: 'client_secret_post' },
    checks: ['state', 'pkce'],
    userinfo: {
      url: `${config.baseUrl}/api/users/current/`,
      request: async ({ tokens }) => {
        const user = await fetchCurrentUser(config, tokens.access_token ?? '');
        return { ...user, sub: user.id };
      },
    },
    profile: (user, tokens) => profileFrom(user, tokens),
  };
}
