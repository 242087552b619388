/**
 * The wallboard's HTTP client of the telephony integration service. It speaks
 * only HTTP at a base URL, so the embedded sandbox and the real service are
 * interchangeable. API calls carry the shared company token; a 401 renews it
 * once and retries once.
 */
import { type Clock, systemClock } from '@/lib/clock';
import { apiAnswerError } from './answer-error';
import { TelephonyError } from './errors';
import { isSuccess, parseAnswer } from './json-answer';
import type { TelephonyLogger } from './logger';
import { quoteLongIds } from './quote-long-ids';
import { CurrentUserWire, QueueStatsList, SubscriptionCreated, SubscriptionRead } from './schemas';
import { type HttpAnswer, type HttpDeps, sendRequest } from './send-request';
import { createTokenManager, type TokenHealth } from './token-manager';
import type { CreatedSubscription, CurrentUser, QueueStats, Subscription } from './types';

export interface TelephonyClientOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Accept versions (spec 9); defaults are the versions the spec's requests show. */
  versions?: { stats?: string; subscriptions?: string };
  log: TelephonyLogger;
  fetch?: typeof fetch;
  clock?: Clock;
  /** Per request, headers and body included. */
  timeoutMs?: number;
}

export interface CreateSubscriptionInput {
  postUri: string;
  /** Seconds; the service allows up to 604800 (spec 4.4). */
  expiresIn: number;
  calls: boolean;
  cdrs: boolean;
  /** Extensions to limit notifications to; absent for the whole company. */
  users?: string[];
}

export interface TelephonyClient {
  /** GET /api/call_queues/stats/live/ (spec 4.3). */
  fetchStats(): Promise<QueueStats[]>;
  /** POST /api/subscriptions/ (spec 4.4): creates, or renews when post_uri is already subscribed. */
  createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription>;
  /** GET /api/subscriptions/{id}/ (spec 4.5); null when the service no longer has it. */
  getSubscription(id: string): Promise<Subscription | null>;
  /** DELETE /api/subscriptions/{id}/ (spec 4.6); a subscription already gone counts as deleted. */
  deleteSubscription(id: string): Promise<void>;
  /** GET /api/users/current/ with a user's own token (not in the spec; the real service has it). */
  getCurrentUser(accessToken: string): Promise<CurrentUser>;
  tokenHealth(): TokenHealth;
}

const DEFAULT_TIMEOUT_MS = 10_000;

export function createTelephonyClient(options: TelephonyClientOptions): TelephonyClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const clock = options.clock ?? systemClock;
  const http: HttpDeps = {
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    clock,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
  const tokens = createTokenManager({
    baseUrl,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    http,
    log: options.log,
  });
  const statsAccept = mediaType(options.versions?.stats ?? '1.4.0');
  const subscriptionsAccept = mediaType(options.versions?.subscriptions ?? '1.2.0');

  function send(what: string, path: string, token: string, accept: string, init: RequestInit = {}): Promise<HttpAnswer> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    return sendRequest(http, what, `${baseUrl}${path}`, { ...init, headers });
  }

  async function callApi(what: string, path: string, accept: string, init: RequestInit = {}): Promise<HttpAnswer> {
    const token = await tokens.accessToken();
    const answer = await send(what, path, token, accept, init);
    if (answer.status !== 401) return answer;
    // The token was revoked or expired early: renew once and retry once, never more.
    tokens.reject(token);
    return send(what, path, await tokens.accessToken(), accept, init);
  }

  function fail(what: string, answer: HttpAnswer): never {
    throw apiAnswerError(what, answer, clock.now());
  }

  const subscriptionPath = (id: string) => `/api/subscriptions/${encodeURIComponent(id)}/`;

  return {
    async fetchStats() {
      const answer = await callApi('stats', '/api/call_queues/stats/live/', statsAccept);
      if (!isSuccess(answer.status)) fail('stats', answer);
      return parseAnswer('stats', answer, QueueStatsList);
    },

    async createSubscription(input) {
      const body = {
        post_uri: input.postUri,
        expires_in: input.expiresIn,
        calls: input.calls,
        cdrs: input.cdrs,
        ...(input.users && input.users.length > 0 ? { user: input.users } : {}),
      };
      const answer = await callApi('create subscription', '/api/subscriptions/', subscriptionsAccept, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      if (!isSuccess(answer.status)) fail('create subscription', answer);
      return parseAnswer('create subscription', answer, SubscriptionCreated);
    },

    async getSubscription(id) {
      const answer = await callApi('read subscription', subscriptionPath(id), subscriptionsAccept);
      if (answer.status === 404) return null;
      if (!isSuccess(answer.status)) fail('read subscription', answer);
      return parseAnswer('read subscription', { ...answer, text: quoteLongIds(answer.text) }, SubscriptionRead);
    },

    async deleteSubscription(id) {
      const answer = await callApi('delete subscription', subscriptionPath(id), subscriptionsAccept, {
        method: 'DELETE',
      });
      if (answer.status === 204 || answer.status === 404 || isSuccess(answer.status)) return;
      fail('delete subscription', answer);
    },

    async getCurrentUser(accessToken) {
      // README: application/json selects the newest version, which any service with this endpoint has.
      const answer = await send('current user', '/api/users/current/', accessToken, 'application/json');
      if (!isSuccess(answer.status)) fail('current user', answer);
      return parseAnswer('current user', answer, CurrentUserWire);
    },

    tokenHealth: () => tokens.health(),
  };
}

function mediaType(version: string): string {
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new TelephonyError('invalid_version', `not a version: ${version}`);
  return `application/vnd.service.v${version}+json`;
}
