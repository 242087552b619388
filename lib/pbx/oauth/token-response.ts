/** The access token response (spec 2.1; RFC 6749 §5.1). */

/** The scope of a company-wide (client credentials) token, which speaks for no user and so has no role. */
export const COMPANY_SCOPE = 'Company';

export interface TokenResponse {
  access_token: string;
  /** The role of the token's user, or COMPANY_SCOPE. */
  scope: string;
  token_type: 'Bearer';
  expires_in: number;
  /** `YYYY-MM-DDTHH:MM:SS.ffffff`, UTC, no zone suffix (spec 2.1). */
  expires: string;
  refresh_token?: string;
  user_id: string | null;
}

export function formatTokenResponse(input: {
  accessToken: string;
  scope: string;
  lifetimeSeconds: number;
  expiresAt: number;
  refreshToken: string | null;
  userId: string | null;
}): TokenResponse {
  return {
    access_token: input.accessToken,
    scope: input.scope,
    token_type: 'Bearer',
    // The real service reports the whole seconds left a moment after issue: 3599 for an hour.
    expires_in: Math.max(input.lifetimeSeconds - 1, 0),
    expires: formatExpires(input.expiresAt),
    ...(input.refreshToken === null ? {} : { refresh_token: input.refreshToken }),
    user_id: input.userId,
  };
}

/** Epoch ms → `2026-11-21T10:00:00.123000` (microseconds, as the spec's format shows). */
export function formatExpires(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, -1)}000`;
}
