/**
 * Every Redis key the cluster uses, under one prefix, so several wallboards
 * (or test runs) can share a Redis and one can be cleared without the others.
 * The scripts touch several keys at once, so this needs one Redis (with
 * replicas if you like), not Redis Cluster.
 */
export function clusterKeys(prefix: string) {
  return {
    lease: `${prefix}leader`,
    /** The last fencing token granted; each leadership's is higher. */
    fence: `${prefix}leader:fence`,
    /** The live log: one Redis Stream every instance applies in the same order. */
    log: `${prefix}live:log`,
    /** The newest stats and health entries, kept beside the capped log for instances that start later. */
    latestStats: `${prefix}live:latest:stats`,
    latestHealth: `${prefix}live:latest:health`,
    seenCall: (digest: string) => `${prefix}live:seen:${digest}`,
    /** Settles which instance's webhook path secret wins when several start on an empty store. */
    webhookSecret: `${prefix}webhook-secret`,
    adapter: {
      streamName: `${prefix}socket.io`,
      channelPrefix: `${prefix}socket.io`,
      sessionKeyPrefix: `${prefix}socket.io:session:`,
    },
  };
}

export type ClusterKeys = ReturnType<typeof clusterKeys>;
