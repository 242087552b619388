/** The running wallboard's next-auth configuration. */
import { env } from '@/lib/env';
import { systemClock } from '@/lib/clock';
import { getServerContext } from '@/lib/server-context';
import { createAuthOptions } from './auth-options';
import { authLogger, secureCookies } from './server-deps';
import { createSharedRefresher, requestTokenRefresh } from './token-refresh';

const tokenEndpoint = {
  url: `${env.telephony.baseUrl}/api/oauth/token/`,
  clientId: env.telephony.clientId,
  clientSecret: env.telephony.clientSecret,
  fetch: globalThis.fetch,
  now: systemClock.now,
};

export const authOptions = createAuthOptions({
  telephony: { baseUrl: env.telephony.baseUrl, clientId: env.telephony.clientId, clientSecret: env.telephony.clientSecret },
  secret: env.nextAuthSecret,
  secureCookies,
  fetch: globalThis.fetch,
  now: systemClock.now,
  refresh: createSharedRefresher({ refresh: (token) => requestTokenRefresh(tokenEndpoint, token), now: systemClock.now }),
  endLiveSessions: (userId) => getServerContext().realtime.disconnectUser(userId),
  logger: authLogger,
});
