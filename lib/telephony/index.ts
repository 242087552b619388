/**
 * lib/telephony: the wallboard's client of the telephony integration service.
 * Everything upstream JSON becomes the types of ./types before it leaves here.
 */
export type * from './types';
export type { TelephonyLogger } from './logger';
export { TelephonyError, type TelephonyErrorCode, WebhookBodyError, type WebhookBodyErrorCode } from './errors';
export { parseWebhookBody, type WebhookParseResult } from './parse-webhook-body';
export {
  createTelephonyClient,
  type CreateSubscriptionInput,
  type TelephonyClient,
  type TelephonyClientOptions,
} from './client';
export type { TokenHealth } from './token-manager';
export { createStatsPoller, type LatestStats, type StatsHealth, type StatsPoller, type StatsPollerOptions } from './stats-poller';
export {
  createSubscriptionManager,
  type SubscriptionHealth,
  type SubscriptionManager,
  type SubscriptionManagerOptions,
} from './subscription-manager';
export type { SubscriptionRecordStore } from './saved-subscription';
