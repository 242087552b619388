/**
 * The wallboard's link to the telephony service: one token, one stats poller,
 * one company subscription, all feeding the live core.
 */
import type { Clock } from '@/lib/clock';
import type { Env } from '@/lib/env';
import type { Logger } from '@/lib/log';
import type { LiveCore } from '@/lib/realtime';
import type { Store } from '@/lib/store';
import { createStatsPoller, createSubscriptionManager, createTelephonyClient } from '@/lib/telephony';

export interface UpstreamDeps {
  telephony: Env['telephony'];
  /** Where the service must POST call events and CDRs. */
  postUri: string;
  core: LiveCore;
  store: Pick<Store, 'subscription'>;
  clock: Clock;
  log: Logger;
}

export function createUpstream(deps: UpstreamDeps) {
  const { telephony, core, clock, log } = deps;
  const client = createTelephonyClient({
    baseUrl: telephony.baseUrl,
    clientId: telephony.clientId,
    clientSecret: telephony.clientSecret,
    versions: { stats: telephony.statsVersion, subscriptions: telephony.subscriptionsVersion },
    log: log.child({ module: 'telephony' }),
    clock,
  });
  const poller = createStatsPoller({
    fetchStats: () => client.fetchStats(),
    clock,
    intervalMs: telephony.statsPollMs,
    log: log.child({ module: 'stats-poller' }),
  });
  const subscriptions = createSubscriptionManager({
    client,
    store: {
      load: () => deps.store.subscription.get(),
      save: (record) => deps.store.subscription.put(record),
      clear: () => deps.store.subscription.remove(),
    },
    postUri: deps.postUri,
    clock,
    log: log.child({ module: 'subscription' }),
  });

  // Every upstream call goes through the token, so its health travels with theirs.
  poller.onStats((stats, at) => core.applyStats(stats, at));
  poller.onHealth((stats) => core.updateHealth({ stats, token: client.tokenHealth() }));
  subscriptions.onHealth((subscription) => core.updateHealth({ subscription, token: client.tokenHealth() }));

  return {
    subscriptions,
    async start(): Promise<void> {
      poller.start();
      await subscriptions.start();
    },
    /** A clean shutdown deletes the subscription; a crash leaves it for the next start to renew. */
    async stop(options: { deleteUpstream: boolean }): Promise<void> {
      poller.stop();
      await subscriptions.stop(options);
    },
  };
}

export type Upstream = ReturnType<typeof createUpstream>;
