/**
 * One wallboard instance's place in a cluster (REDIS_URL and DATABASE_URL):
 * its replica of the live state fed from the live log, the webhook intake
 * writing to that log, the Socket.IO adapter, and the leader election that
 * decides which instance polls stats and owns the upstream subscription.
 *
 * The order of use follows the process's start-up: connectCluster, coreStore
 * (for the live core), replicate (once the core started, before serving),
 * intake / adapter / control (the HTTP and Socket.IO servers), lead; and at
 * shutdown stepDown, flush, close.
 */
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import type { ServerOptions } from 'socket.io';
import type { Clock } from '@/lib/clock';
import type { Logger } from '@/lib/log';
import type { LiveCore } from '@/lib/realtime';
import type { RealtimeControl } from '@/lib/realtime/control';
import type { CdrStore, Store } from '@/lib/store';
import { clusterControl } from './cluster-control';
import { clusterKeys } from './cluster-keys';
import { createIntakeBridge, type IntakeBridge } from './intake-bridge';
import { leaseTiming } from './lease';
import { createLeaderElection } from './leader-election';
import { runLeadership, type Leadership, type StartLeaderDuties } from './leadership';
import { compareStreamIds } from './log-entry-codec';
import { createLogReader } from './log-reader';
import { createLogWriter } from './log-writer';
import { createRedisLease } from './redis-lease';
import { createReplica, type Replica, type ReplicaDeps } from './replica';
import { createStartUpCdrs } from './start-up-cdrs';

/** A Redis command that takes longer fails, so a webhook is answered 503 rather than left hanging. */
const COMMAND_TIMEOUT_MS = 2_000;
/** Takeover within the ttl and a sixth of it (3.5 s) after a leader dies. */
const LEASE_TTL_MS = 3_000;
/** What a starting instance replays: minutes of a busy call centre's messages, some 15 MB of Redis at most. */
const LOG_MAX_LENGTH = 20_000;
/** How long a call message is remembered for deduplication: longer than the service's delivery retries last. */
const SEEN_CALL_MS = 10 * 60_000;
/** Long enough for instances starting together to read it; the store keeps the secret after that. */
const WEBHOOK_SECRET_CLAIM_MS = 10 * 60_000;

interface ClusterOptions {
  redisUrl: string;
  /** Prefix of every Redis key, so several wallboards can share one Redis. */
  keyPrefix: string;
  /** This process's name in the leader lease: unique per start. */
  instanceId: string;
  clock: Clock;
  log: Logger;
}

interface ClusterNode {
  /** For the Socket.IO server: display commands and disconnections reach sockets on every instance. */
  adapter: NonNullable<ServerOptions['adapter']>;
  /** The store the live core loads at start (today's CDRs), wrapped so the log's copies are not counted twice. */
  coreStore(store: Pick<Store, 'cdrs' | 'settings'>): Pick<Store, 'cdrs' | 'settings'>;
  /** Replays the live log into the started core, then follows it. Resolves when the core holds the cluster's numbers. */
  replicate(deps: Pick<ReplicaDeps, 'loadSettings'> & { core: LiveCore }): Promise<void>;
  /** The webhook intake's sinks: the live log instead of this instance's core. */
  intake(deps: { cdrs: Pick<CdrStore, 'insert'>; countRejected(): void }): IntakeBridge['intake'];
  control(realtime: RealtimeControl): RealtimeControl;
  /** Settles one webhook path secret among instances starting together on an empty store. */
  claimWebhookSecret(candidate: string): Promise<string>;
  /** Joins the leader election; while this instance leads it runs the duties startDuties makes. */
  lead(startDuties: StartLeaderDuties): void;
  /** Gives the lease up at once, so another instance takes over without waiting for it to lapse, and stops the duties. */
  stepDown(): Promise<void>;
  /** Waits for appends of deliveries already answered. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export async function connectCluster(options: ClusterOptions): Promise<ClusterNode> {
  const { clock, log } = options;
  const keys = clusterKeys(options.keyPrefix);
  const redis = new Redis(options.redisUrl, { lazyConnect: true, commandTimeout: COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 2 });
  redis.on('error', (error: unknown) => log.warn({ err: error }, 'Redis connection error'));
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Cannot reach Redis at ${withoutPassword(options.redisUrl)}: ${(error as Error).message}`, { cause: error });
  }
  // Blocking reads get connections of their own, without the command timeout, which would cut them short.
  const blocking = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const adapterClient = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  for (const client of [blocking, adapterClient]) client.on('error', (error: unknown) => log.warn({ err: error }, 'Redis connection error'));

  const writer = createLogWriter(redis, keys, { maxLength: LOG_MAX_LENGTH, seenMs: SEEN_CALL_MS });
  const reader = createLogReader({ redis, blocking, keys, clock, log });
  const startUpCdrs = createStartUpCdrs(clock);
  let replica: Replica | null = null;
  let follower: { stop(): Promise<void> } | null = null;
  let bridge: IntakeBridge | null = null;
  let leadership: Leadership | null = null;

  return {
    adapter: createAdapter(adapterClient, keys.adapter),
    coreStore: (store) => startUpCdrs.wrap(store),
    async replicate({ core, loadSettings }) {
      const current = createReplica({ core, loadSettings, startUpCdrs, log });
      replica = current;
      current.onWebhook((activity) => leadership?.noteWebhook(activity));
      const history = await reader.history();
      const oldestKept = history.entries[0]?.id;
      // The newest stats and health outlive the capped log: a quiet company's last poll may be long trimmed.
      for (const latest of history.latest) {
        if (oldestKept === undefined || compareStreamIds(latest.id, oldestKept) < 0) current.apply(latest, { replayed: true });
      }
      for (const entry of history.entries) current.apply(entry, { replayed: true });
      follower = reader.follow(history.lastId, (entries) => {
        for (const entry of entries) current.apply(entry, { replayed: false });
      });
      log.info({ replayed: history.entries.length }, 'live state rebuilt from the live log');
    },
    intake({ cdrs, countRejected }) {
      bridge = createIntakeBridge({ writer, cdrs, countRejected, signingSecret: () => replica?.signingSecret() ?? null, clock, log });
      return bridge.intake;
    },
    control: (realtime) => clusterControl(realtime, writer, log),
    async claimWebhookSecret(candidate) {
      await redis.set(keys.webhookSecret, candidate, 'PX', WEBHOOK_SECRET_CLAIM_MS, 'NX');
      return (await redis.get(keys.webhookSecret)) ?? candidate;
    },
    lead(startDuties) {
      const election = createLeaderElection({
        lease: createRedisLease(redis, keys),
        owner: options.instanceId,
        timing: leaseTiming(LEASE_TTL_MS),
        clock,
        log: log.child({ module: 'leader' }),
      });
      leadership = runLeadership({ election, owner: options.instanceId, writer, startDuties, now: clock.now, log });
    },
    async stepDown() {
      await leadership?.stepDown();
    },
    async flush() {
      await bridge?.flush();
    },
    async close() {
      await follower?.stop();
      await Promise.allSettled([redis.quit(), adapterClient.quit()]);
    },
  };
}

function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
