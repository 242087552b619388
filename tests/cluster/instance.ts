/**
 * One wallboard instance for the cluster test, in a process of its own so the
 * test can SIGKILL it for real: everything server.ts starts except Next, which
 * is not on the webhook-to-screen path. Configured by the env as in production
 * (lib/env), plus argv[2], this test run's Redis key prefix. Prints one JSON
 * line `{ "ready": port, "instance": id }` once it serves; SIGTERM shuts it down gracefully.
 */
import { randomUUID } from 'node:crypto';
import { systemClock } from '@/lib/clock';
import { env } from '@/lib/env';
import { createLogger } from '@/lib/log';
import { clusterSettings } from '@/lib/runtime/cluster-settings';
import { startWallboard } from '@/lib/runtime/start-wallboard';

const keyPrefix = process.argv[2];
if (!keyPrefix) throw new Error('usage: tsx tests/cluster/instance.ts <redis key prefix>');

const log = createLogger(env.logLevel);
const cluster = clusterSettings(env);
const instanceId = randomUUID();
const wallboard = await startWallboard(
  { ...env, cluster: cluster && { ...cluster, keyPrefix } },
  { clock: systemClock, log, instanceId, handleRequest: (_req, res) => void res.writeHead(404).end() },
);
process.stdout.write(`${JSON.stringify({ ready: wallboard.port, instance: instanceId })}\n`);

process.once('SIGTERM', () => {
  wallboard.close().then(
    () => process.exit(0),
    (error: unknown) => {
      log.error({ err: error }, 'unclean shutdown');
      process.exit(1);
    },
  );
});
