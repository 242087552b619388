/**
 * RFC 6749 §6 refresh against the telephony service's token endpoint
 * (client_secret_post, form data; README: refresh-token request).
 */
import { TokenErrorResponse, TokenResponse } from './schemas';

export interface TokenEndpoint {
  url: string;
  clientId: string;
  clientSecret: string;
  fetch: typeof fetch;
  now: () => number;
}

export type RefreshResult =
  /** receivedAt times the new token's expiry, so a replayed answer does not look fresher than it is. */
  | { kind: 'refreshed'; tokens: TokenResponse; receivedAt: number }
  /** The service answered with an RFC 6749 §5.2 error: the refresh token is dead. */
  | { kind: 'refused'; error: string }
  /** Network failure, 5xx, 429 or an unreadable answer: worth trying again later. */
  | { kind: 'unavailable'; reason: string };

export type RefreshAccessToken = (refreshToken: string) => Promise<RefreshResult>;

export async function requestTokenRefresh(endpoint: TokenEndpoint, refreshToken: string): Promise<RefreshResult> {
  let response: Response;
  try {
    response = await endpoint.fetch(endpoint.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: endpoint.clientId,
        client_secret: endpoint.clientSecret,
      }),
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    return { kind: 'unavailable', reason: error instanceof Error ? error.name : 'fetch failed' };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const tokens = TokenResponse.safeParse(body);
    if (!tokens.success) return { kind: 'unavailable', reason: 'malformed token response' };
    return { kind: 'refreshed', tokens: tokens.data, receivedAt: endpoint.now() };
  }
  const refusal = TokenErrorResponse.safeParse(body);
  if ((response.status === 400 || response.status === 401) && refusal.success) {
    return { kind: 'refused', error: refusal.data.error };
  }
  return { kind: 'unavailable', reason: `status ${response.status}` };
}

/** Long enough for requests that raced each other; short against any token lifetime. */
const RECENT_RESULT_MS = 10_000;

/**
 * Shares one refresh between concurrent requests presenting the same refresh
 * token, and replays its answer for a few seconds. Two tabs polling the session
 * at once would otherwise spend a rotated refresh token twice, and the loser
 * would be signed out.
 */
export function createSharedRefresher(deps: { refresh: RefreshAccessToken; now: () => number }): RefreshAccessToken {
  const recent = new Map<string, { at: number; result: Promise<RefreshResult> }>();
  return (refreshToken) => {
    const now = deps.now();
    for (const [key, entry] of recent) if (now - entry.at >= RECENT_RESULT_MS) recent.delete(key);
    const known = recent.get(refreshToken);
    if (known) return known.result;
    const result = deps.refresh(refreshToken).then((outcome) => {
      // Only a definite answer is worth replaying; a transient failure is retried on the next request.
      if (outcome.kind === 'unavailable') recent.delete(refreshToken);
      return outcome;
    });
    recent.set(refreshToken, { at: now, result });
    return result;
  };
}
