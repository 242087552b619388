/**
 * lib/telephony: the wallboard's client of the telephony integration service.
 * Everything upstream JSON becomes the types of ./types before it leaves here.
 */
export type * from './types';
export { parseWebhookBody } from './parse-webhook-body';
export { createTelephonyClient } from './client';
export { createStatsPoller, type StatsPoller } from './stats-poller';
export { createSubscriptionManager, type SubscriptionManager } from './subscription-manager';
