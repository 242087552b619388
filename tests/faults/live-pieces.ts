/**
 * The wallboard's live pieces without Next, wired as lib/runtime/upstream.ts and
 * server.ts wire them: telephony client, stats poller and subscription manager
 * feeding the live core, and the webhook intake on a plain HTTP server bound to
 * port 0. Backoff jitter is a fixed draw so request counts are exact.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '@/lib/clock';
import { createLogger, type Logger } from '@/lib/log';
import { createLiveCore, createWebhookIntake, type LiveCore } from '@/lib/realtime';
import { webhookPath } from '@/lib/runtime/webhook-secret';
import type { Store } from '@/lib/store';
import { createStatsPoller, createSubscriptionManager, createTelephonyClient, type StatsPoller, type SubscriptionManager } from '@/lib/telephony';

export const STATS_POLL_MS = 15_000;

export interface LivePiecesOptions {
  pbxUrl: string;
  clientId: string;
  clientSecret: string;
  clock: Clock;
  store: Store;
  /** The webhook path's secret; kept across restarts so the post_uri (and subscription id) is too. */
  pathSecret: string;
  /** The webhook server's port; 0 (any) unless a restart must keep the post_uri. */
  port?: number;
  subscriptionTimings?: { checkEveryMs?: number; silenceLimitMs?: number };
  log?: Logger;
}

export interface LivePieces {
  core: LiveCore;
  poller: StatsPoller;
  subscriptions: SubscriptionManager;
  postUri: string;
  server: Server;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startLivePieces(options: LivePiecesOptions): Promise<LivePieces> {
  const { clock, store } = options;
  const log = options.log ?? createLogger('silent');
  const core = createLiveCore({ clock, timeZone: 'UTC', store, log, statsPollMs: STATS_POLL_MS });
  await core.start();

  let handle: ReturnType<typeof createWebhookIntake> | null = null;
  const server = createServer((req, res) => {
    if (handle && req.url?.startsWith('/api/webhooks/telephony/')) return void handle(req, res);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const postUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}${webhookPath(options.pathSecret)}`;

  const client = createTelephonyClient({ baseUrl: options.pbxUrl, clientId: options.clientId, clientSecret: options.clientSecret, log, clock });
  const poller = createStatsPoller({ fetchStats: () => client.fetchStats(), clock, intervalMs: STATS_POLL_MS, random: () => 0.5, log });
  const subscriptions = createSubscriptionManager({
    client,
    store: { load: () => store.subscription.get(), save: (record) => store.subscription.put(record), clear: () => store.subscription.remove() },
    postUri,
    clock,
    log,
    random: () => 0.5,
    ...options.subscriptionTimings,
  });
  poller.onStats((stats, at) => core.applyStats(stats, at));
  poller.onHealth((stats) => core.updateHealth({ stats, token: client.tokenHealth() }));
  subscriptions.onHealth((subscription) => core.updateHealth({ subscription, token: client.tokenHealth() }));
  handle = createWebhookIntake({
    pathSecret: options.pathSecret,
    core,
    cdrs: store.cdrs,
    subscription: subscriptions,
    getSigningSecret: () => subscriptions.signingSecret(),
    clock,
    log,
  });

  return {
    core,
    poller,
    subscriptions,
    postUri,
    server,
    async start() {
      poller.start();
      await subscriptions.start();
    },
    async close() {
      poller.stop();
      await subscriptions.stop();
      core.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
