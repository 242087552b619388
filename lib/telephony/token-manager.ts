/**
 * The company-wide access token (Client Credentials Grant, spec 5.2): one token
 * shared by every caller, renewed ahead of expiry, one request in flight at a time.
 */
import type { UpstreamHealth } from '@/lib/realtime/types';
import { describeError, TelephonyError } from './errors';
import { tokenAnswerError } from './answer-error';
import { isSuccess, parseAnswer } from './json-answer';
import type { TelephonyLogger } from './logger';
import { TokenResponse } from './schemas';
import { type HttpDeps, sendRequest } from './send-request';

export type TokenHealth = UpstreamHealth['token'];

interface TokenManager {
  /** A token valid now; concurrent callers share one token request. */
  accessToken(): Promise<string>;
  /** The API refused this token (401): forget it, unless a newer one has replaced it already. */
  reject(token: string): void;
  health(): TokenHealth;
}

interface TokenManagerOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  http: HttpDeps;
  log: TelephonyLogger;
}

interface HeldToken {
  value: string;
  renewAt: number;
  expiresAt: number;
}

export function createTokenManager(options: TokenManagerOptions): TokenManager {
  const { clock } = options.http;
  let held: HeldToken | null = null;
  let inFlight: Promise<string> | null = null;
  let health: TokenHealth = { ok: false, error: null };

  async function requestToken(): Promise<string> {
    const requestedAt = clock.now();
    try {
      const answer = await sendRequest(options.http, 'token', `${options.baseUrl}/api/oauth/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: options.clientId,
          client_secret: options.clientSecret,
        }).toString(),
      });
      if (!isSuccess(answer.status)) throw tokenAnswerError(answer, clock.now());
      const token = parseAnswer('token', answer, TokenResponse);
      const lifetimeMs = token.expires_in * 1000;
      // Counted from when we asked, so our idea of expiry is never later than the service's.
      held = {
        value: token.access_token,
        renewAt: requestedAt + renewAfterMs(lifetimeMs),
        expiresAt: requestedAt + lifetimeMs,
      };
      health = { ok: true, error: null };
      return held.value;
    } catch (error) {
      health = { ok: false, error: describeError(error) };
      options.log.warn({ err: describeError(error) }, 'telephony token request failed');
      // A renewal that fails early leaves a token that still works: keep using it until it expires.
      if (held && clock.now() < held.expiresAt) return held.value;
      throw error instanceof TelephonyError ? error : new TelephonyError('network', 'token: request failed');
    }
  }

  return {
    accessToken() {
      if (held && clock.now() < held.renewAt) return Promise.resolve(held.value);
      inFlight ??= requestToken().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    reject(token) {
      if (held?.value === token) held = null;
    },
    health: () => health,
  };
}

/**
 * When to renew a token that lives `lifetimeMs`: at 90% of its life or 60 s
 * before expiry, whichever is sooner, but never in its first half, so very
 * short-lived tokens are not renewed on every call.
 */
function renewAfterMs(lifetimeMs: number): number {
  return Math.max(lifetimeMs / 2, Math.min(lifetimeMs * 0.9, lifetimeMs - 60_000));
}
