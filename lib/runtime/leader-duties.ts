/**
 * What the cluster's leader runs: the upstream link (stats poller and
 * subscription), publishing to the live log instead of a live core, and gated
 * by the leader's term so it stops acting the moment the term ends.
 */
import type { StartLeaderDuties } from '@/lib/cluster';
import type { UpstreamDeps, Upstream } from './upstream';

export function leaderDuties(upstreamFor: (sink: UpstreamDeps['core'], mayAct: () => boolean) => Upstream): StartLeaderDuties {
  return (channel) => {
    const upstream: Upstream = upstreamFor(
      {
        applyStats: (stats, at) => channel.publishStats(stats, at),
        // Published whole, so the latest health entry alone tells a starting instance everything.
        updateHealth: () => channel.publishHealth(upstream.health(), upstream.subscriptions.signingSecret()),
      },
      () => channel.holds(),
    );
    return {
      start: () => upstream.start(),
      stop: () => upstream.stop({ deleteUpstream: false }),
      noteWebhook(activity) {
        if (activity.kind === 'init') upstream.subscriptions.noteInit(activity.state);
        // A duplicate is a call or CDR delivered again: an event all the same.
        else upstream.subscriptions.noteActivity(activity.at, 'event');
      },
    };
  };
}
