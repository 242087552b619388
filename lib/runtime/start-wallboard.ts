/**
 * The wallboard's process, minus the page renderer: store → live core (and in
 * a cluster its replica of the live log) → webhook intake ahead of everything
 * else on one HTTP server → Socket.IO → listen → upstream link (in a cluster,
 * only while this instance leads). server.ts hands it Next's handlers; tests
 * hand it a 404, since Next is not on the webhook-to-screen path.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createDisplayStatusRecorder, createHandshakeAuthenticator } from '@/lib/auth/server';
import type { Clock } from '@/lib/clock';
import { connectCluster } from '@/lib/cluster';
import type { Env } from '@/lib/env';
import type { Logger } from '@/lib/log';
import { createLiveCore, createRealtimeServer, createWebhookIntake, loadSettings, type WebhookIntakeDeps } from '@/lib/realtime';
import { setServerContext } from '@/lib/server-context';
import { openStore } from '@/lib/store';
import type { ClusterSettings } from './cluster-settings';
import { leaderDuties } from './leader-duties';
import { LISTEN_BACKLOG } from './listen-backlog';
import { createUpstream, type Upstream, type UpstreamDeps } from './upstream';
import { loadWebhookSecret, webhookPath } from './webhook-secret';

interface WallboardConfig extends Pick<Env, 'port' | 'publicUrl' | 'telephony' | 'databaseUrl' | 'dataDir' | 'timeZone' | 'nextAuthSecret'> {
  /** One of several instances behind a load balancer; null runs a single process. */
  cluster: ClusterSettings | null;
}

interface WallboardDeps {
  clock: Clock;
  log: Logger;
  /** This process's name in the cluster's leader lease: unique per start. */
  instanceId: string;
  /** Every request but webhooks and Socket.IO (Next's pages and routes). */
  handleRequest(req: IncomingMessage, res: ServerResponse): void;
  /** Upgrades other than Socket.IO's (Next's dev reload); refused when absent. */
  handleUpgrade?(req: IncomingMessage, socket: Duplex, head: Buffer): void;
}

interface RunningWallboard {
  port: number;
  /**
   * Graceful shutdown. A single process deletes its upstream subscription; a
   * cluster instance gives the leader lease up at once and leaves the
   * subscription to the next leader, stops taking connections (its clients
   * reconnect to another instance), and lands what it already accepted.
   */
  close(): Promise<void>;
}

const WEBHOOK_PREFIX = '/api/webhooks/telephony/';

export async function startWallboard(config: WallboardConfig, deps: WallboardDeps): Promise<RunningWallboard> {
  const { clock, log } = deps;
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: log.child({ module: 'store' }) });
  const cluster = config.cluster
    ? await connectCluster({ ...config.cluster, instanceId: deps.instanceId, clock, log: log.child({ module: 'cluster' }) })
    : null;
  const core = createLiveCore({
    clock,
    timeZone: config.timeZone,
    store: cluster ? cluster.coreStore(store) : store,
    log: log.child({ module: 'live' }),
    statsPollMs: config.telephony.statsPollMs,
  });
  await core.start();
  await cluster?.replicate({ core, loadSettings: () => loadSettings(store, log) });

  const secret = await loadWebhookSecret(store.settings, { claim: cluster?.claimWebhookSecret });
  const upstreamFor = (sink: UpstreamDeps['core'], mayAct?: () => boolean) =>
    createUpstream({ telephony: config.telephony, postUri: config.publicUrl + webhookPath(secret), core: sink, store, mayAct, clock, log });
  let single: Upstream | null = null;
  let sinks: Pick<WebhookIntakeDeps, 'core' | 'cdrs' | 'subscription' | 'getSigningSecret'>;
  if (cluster) {
    sinks = cluster.intake({ cdrs: store.cdrs, countRejected: () => core.countWebhook('rejected') });
  } else {
    const upstream = upstreamFor(core);
    single = upstream;
    sinks = { core, cdrs: store.cdrs, subscription: upstream.subscriptions, getSigningSecret: () => upstream.subscriptions.signingSecret() };
  }
  // Webhooks bypass Next: they are the hot path (thousands a second) and must be
  // stored before they are acknowledged, which the intake does on the raw request.
  const intake = createWebhookIntake({ pathSecret: secret, ...sinks, clock, log: log.child({ module: 'webhooks' }) });

  const httpServer = createServer((req, res) => {
    if (req.url?.startsWith(WEBHOOK_PREFIX)) return void intake(req, res);
    deps.handleRequest(req, res);
  });
  const realtime = createRealtimeServer(httpServer, {
    core,
    authenticate: createHandshakeAuthenticator({ store, secret: config.nextAuthSecret, now: clock.now, secureCookies: config.publicUrl.startsWith('https://') }),
    onDisplayStatus: createDisplayStatusRecorder({ store, now: clock.now }),
    adapter: cluster?.adapter,
    clock,
    log: log.child({ module: 'realtime' }),
  });
  httpServer.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (req.url?.startsWith('/socket.io')) return;
    if (deps.handleUpgrade) deps.handleUpgrade(req, socket, head);
    else socket.destroy();
  });
  setServerContext({ store, realtime: cluster ? cluster.control(realtime) : realtime });

  await new Promise<void>((resolve) => httpServer.listen({ port: config.port, backlog: LISTEN_BACKLOG }, resolve));
  if (cluster) cluster.lead(leaderDuties(upstreamFor));
  else await single?.start();

  return {
    port: (httpServer.address() as AddressInfo).port,
    async close() {
      const drained = new Promise<void>((resolve) => httpServer.once('close', () => resolve()));
      if (cluster) {
        // Handing over first lets the next leader take over while this instance drains.
        await Promise.all([cluster.stepDown(), realtime.close()]);
        await drained;
        await cluster.flush();
        await cluster.close();
      } else {
        await single?.stop({ deleteUpstream: true });
        await realtime.close();
      }
      core.close();
      await store.close();
    },
  };
}
