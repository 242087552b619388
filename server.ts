/**
 * The wallboard's process: env → (embedded service) → store → live core →
 * Next handler + webhook intake on one HTTP server → Socket.IO → listen →
 * upstream link. Wiring only; every piece lives in lib/.
 */
import { createServer } from 'node:http';
import next from 'next';
import { createDisplayStatusRecorder, createHandshakeAuthenticator } from './lib/auth/server';
import { systemClock } from './lib/clock';
import { env } from './lib/env';
import { createLogger } from './lib/log';
import { createLiveCore, createRealtimeServer, createWebhookIntake } from './lib/realtime';
import { startEmbeddedPbx } from './lib/runtime/embedded-pbx';
import { createUpstream } from './lib/runtime/upstream';
import { loadWebhookSecret, webhookPath } from './lib/runtime/webhook-secret';
import { setServerContext } from './lib/server-context';
import { openStore } from './lib/store';

const log = createLogger(env.logLevel);
const clock = systemClock;

// The embedded sandbox reads its own PBX_* settings; the wallboard only fixes its port and redirect URI.
const pbx = env.embeddedPbx ? await startEmbeddedPbx(process.env, { publicUrl: env.publicUrl }) : null;

const store = await openStore({ databaseUrl: env.databaseUrl, dataDir: env.dataDir, log: log.child({ module: 'store' }) });
const core = createLiveCore({ clock, timeZone: env.timeZone, store, log: log.child({ module: 'live' }), statsPollMs: env.telephony.statsPollMs });
await core.start();

const secret = await loadWebhookSecret(store.settings);
const upstream = createUpstream({
  telephony: env.telephony,
  postUri: env.publicUrl + webhookPath(secret),
  core,
  store,
  clock,
  log,
});
// Webhooks bypass Next: they are the hot path (thousands a second) and must be
// stored before they are acknowledged, which the intake does on the raw request.
const intake = createWebhookIntake({
  pathSecret: secret,
  core,
  cdrs: store.cdrs,
  subscription: upstream.subscriptions,
  getSigningSecret: () => upstream.subscriptions.signingSecret(),
  clock,
  log: log.child({ module: 'webhooks' }),
});

const nextApp = next({ dev: env.nodeEnv !== 'production', hostname: 'localhost', port: env.port, dir: import.meta.dirname });
await nextApp.prepare();
const handle = nextApp.getRequestHandler();
const handleUpgrade = nextApp.getUpgradeHandler();

const httpServer = createServer((req, res) => {
  if (req.url?.startsWith('/api/webhooks/telephony/')) return void intake(req, res);
  void handle(req, res);
});
const realtime = createRealtimeServer(httpServer, {
  core,
  authenticate: createHandshakeAuthenticator({ store, secret: env.nextAuthSecret, now: clock.now, secureCookies: env.publicUrl.startsWith('https://') }),
  onDisplayStatus: createDisplayStatusRecorder({ store, now: clock.now }),
  clock,
  log: log.child({ module: 'realtime' }),
});
// Next's own upgrades (dev reload) share the port with Socket.IO's.
httpServer.on('upgrade', (req, socket, head) => {
  if (!req.url?.startsWith('/socket.io')) void handleUpgrade(req, socket, head);
});
setServerContext({ store, realtime });

await new Promise<void>((resolve) => httpServer.listen(env.port, resolve));
await upstream.start();
process.stdout.write(banner());

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    void shutdown().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'unclean shutdown');
        process.exit(1);
      },
    );
  });
}

async function shutdown(): Promise<void> {
  await upstream.stop({ deleteUpstream: true });
  await realtime.close();
  core.close();
  await store.close();
  await pbx?.close();
}

function banner(): string {
  const lines = [
    '',
    `Wallboard ready on ${env.publicUrl}`,
    `  wall TV      ${env.publicUrl}/wall`,
    `  supervisor   ${env.publicUrl}/supervisor`,
    `  agent        ${env.publicUrl}/agent`,
    `  upstream     ${env.telephony.baseUrl}${pbx ? ' (embedded sandbox)' : ''}`,
    `  store        ${env.databaseUrl ? 'PostgreSQL' : `PGlite in ${env.dataDir}`}`,
  ];
  if (pbx) lines.push('', pbx.describe());
  return `${lines.join('\n')}\n\n`;
}
