/**
 * The wallboard's link to the telephony service: one token, one stats poller,
 * one company subscription. In a single process they feed the live core; in a
 * cluster only the leader runs them and they feed the live log instead.
 */
import type { Clock } from '@/lib/clock';
import type { Env } from '@/lib/env';
import type { Logger } from '@/lib/log';
import type { LiveCore } from '@/lib/realtime';
import type { UpstreamHealth } from '@/lib/realtime/types';
import type { Store } from '@/lib/store';
import { createStatsPoller, createSubscriptionManager, createTelephonyClient } from '@/lib/telephony';

export interface UpstreamDeps {
  telephony: Env['telephony'];
  /** Where the service must POST call events and CDRs. */
  postUri: string;
  /** Where stats and health go: the live core, or in a cluster the leader's channel to the live log. */
  core: Pick<LiveCore, 'applyStats' | 'updateHealth'>;
  store: Pick<Store, 'subscription'>;
  /**
   * Asked right before every upstream request and subscription write. In a
   * cluster it is the leader's term, so an instance that lost the lease (or
   * woke from a pause past it) sends nothing before its duties are stopped.
   */
  mayAct?: () => boolean;
  clock: Clock;
  log: Logger;
}

export function createUpstream(deps: UpstreamDeps) {
  const { telephony, core, clock, log } = deps;
  const mayAct = deps.mayAct ?? (() => true);
  function gated<Args extends unknown[], Result>(work: (...args: Args) => Promise<Result>) {
    return (...args: Args): Promise<Result> => (mayAct() ? work(...args) : Promise.reject(new Error('this instance no longer leads the cluster')));
  }

  const client = createTelephonyClient({
    baseUrl: telephony.baseUrl,
    clientId: telephony.clientId,
    clientSecret: telephony.clientSecret,
    versions: { stats: telephony.statsVersion, subscriptions: telephony.subscriptionsVersion },
    log: log.child({ module: 'telephony' }),
    clock,
  });
  const poller = createStatsPoller({
    fetchStats: gated(() => client.fetchStats()),
    clock,
    intervalMs: telephony.statsPollMs,
    log: log.child({ module: 'stats-poller' }),
  });
  const subscriptions = createSubscriptionManager({
    client: {
      createSubscription: gated((input) => client.createSubscription(input)),
      getSubscription: gated((id) => client.getSubscription(id)),
      deleteSubscription: gated((id) => client.deleteSubscription(id)),
    },
    store: {
      load: () => deps.store.subscription.get(),
      save: gated((record) => deps.store.subscription.put(record)),
      clear: gated(() => deps.store.subscription.remove()),
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
    /** The whole upstream picture at once, for the leader to publish as one entry. */
    health(): Pick<UpstreamHealth, 'stats' | 'subscription' | 'token'> {
      return { stats: poller.health(), subscription: subscriptions.health(), token: client.tokenHealth() };
    },
    async start(): Promise<void> {
      poller.start();
      await subscriptions.start();
    },
    /** A clean single-process shutdown deletes the subscription; a crash, or a leader handing over, leaves it to be renewed. */
    async stop(options: { deleteUpstream: boolean }): Promise<void> {
      poller.stop();
      await subscriptions.stop(options);
    },
  };
}

export type Upstream = ReturnType<typeof createUpstream>;
