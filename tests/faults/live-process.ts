/**
 * The wallboard's live pieces as a process of their own, on PGlite in DATA_DIR,
 * for the crash test: it can be killed with SIGKILL and started again on the
 * same folder. A status server on port 0 reports the subscription, the KPIs
 * and the stored CDRs;
 * the first stdout line is `{"statusUrl": ...}`. SIGTERM closes cleanly.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock } from '@/lib/clock';
import { openStore } from '@/lib/store';
import { startLivePieces } from './live-pieces';

const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const store = await openStore({ databaseUrl: null, dataDir: required('DATA_DIR') });
const live = await startLivePieces({
  pbxUrl: required('PBX_URL'),
  clientId: required('CLIENT_ID'),
  clientSecret: required('CLIENT_SECRET'),
  clock: systemClock,
  store,
  pathSecret: required('PATH_SECRET'),
  // The same port after a restart keeps the post_uri, and with it the subscription id.
  port: Number(required('WEBHOOK_PORT')),
});
await live.start();

const status = createServer((_req, res) => {
  void store.cdrs.listEndedSince(0).then((cdrs) => {
    const snapshot = live.core.snapshot({ audience: 'supervisor' }, 0);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ subscription: snapshot.health.subscription, stats: snapshot.health.stats, kpis: snapshot.kpis.total, cdrs }));
  });
});
await new Promise<void>((resolve) => status.listen(0, '127.0.0.1', resolve));
process.stdout.write(`${JSON.stringify({ statusUrl: `http://127.0.0.1:${(status.address() as AddressInfo).port}/` })}\n`);

process.once('SIGTERM', () => {
  void (async () => {
    status.close();
    await live.close();
    await store.close();
    process.exit(0);
  })();
});
