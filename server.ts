/**
 * The wallboard's process: env → (embedded service) → Next → the wallboard
 * (lib/runtime/start-wallboard: store, live core, webhook intake, Socket.IO,
 * upstream link; with REDIS_URL one instance of a cluster) → signals.
 * Wiring only; every piece lives in lib/.
 */
import { randomUUID } from 'node:crypto';
import next from 'next';
import { systemClock } from './lib/clock';
import { env } from './lib/env';
import { createLogger } from './lib/log';
import { clusterSettings } from './lib/runtime/cluster-settings';
import { startEmbeddedPbx } from './lib/runtime/embedded-pbx';
import { startWallboard } from './lib/runtime/start-wallboard';

const log = createLogger(env.logLevel);
const cluster = clusterSettings(env);
const instanceId = randomUUID();

// The embedded sandbox reads its own PBX_* settings; the wallboard only fixes its port and redirect URI.
const pbx = env.embeddedPbx ? await startEmbeddedPbx(process.env, { publicUrl: env.publicUrl }) : null;

const nextApp = next({ dev: env.nodeEnv !== 'production', hostname: 'localhost', port: env.port, dir: import.meta.dirname });
await nextApp.prepare();
const handle = nextApp.getRequestHandler();
const handleUpgrade = nextApp.getUpgradeHandler();

const wallboard = await startWallboard(
  { ...env, cluster },
  {
    clock: systemClock,
    log,
    instanceId,
    handleRequest: (req, res) => void handle(req, res),
    // Next's own upgrades (dev reload) share the port with Socket.IO's.
    handleUpgrade: (req, socket, head) => void handleUpgrade(req, socket, head),
  },
);
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
  await wallboard.close();
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
  if (cluster) lines.push(`  cluster      instance ${instanceId} on port ${wallboard.port}, Redis keys ${cluster.keyPrefix}*`);
  if (pbx) lines.push('', pbx.describe());
  return `${lines.join('\n')}\n\n`;
}
