/**
 * npm run soak -- --minutes N [--clients C] [--sample-seconds S]
 *
 * Runs the wallboard's live server (embedded service with the simulator at a
 * high rate, PGlite in a temporary folder, stats poller, subscription, webhook
 * intake, Socket.IO) as a child process, connects C socket.io-client screens
 * (walls and supervisors) for N minutes, samples the server's RSS every S
 * seconds and fails when it grew by more than 10% after warm-up.
 *
 * Screens are socket.io-client connections in this process, not browser pages:
 * they exercise the server exactly as TVs do, without Next's pages.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';
import { systemClock } from '@/lib/clock';
import { createLogger } from '@/lib/log';
import { pbxOptionsFromEnv, startPbx } from '@/lib/pbx';
import { createLiveCore, createRealtimeServer, createWebhookIntake } from '@/lib/realtime';
import type { AuthenticateHandshake, SocketGrant } from '@/lib/realtime/events';
import { createUpstream } from '@/lib/runtime/upstream';
import { webhookPath } from '@/lib/runtime/webhook-secret';
import { openStore } from '@/lib/store';

const GROWTH_LIMIT = 0.1;
const DISPLAY_TOKEN = 'soak-display';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    clients: { type: 'string', default: '20' },
    'sample-seconds': { type: 'string', default: '5' },
    serve: { type: 'boolean', default: false },
  },
});

if (values.serve) await serve();
else process.exitCode = await soak(Number(values.minutes), Number(values.clients), Number(values['sample-seconds']));

/** The server side: the same pieces server.ts wires, minus Next. Prints `{"url"}` when ready. */
async function serve(): Promise<void> {
  const log = createLogger('warn');
  const clock = systemClock;
  const dataDir = await mkdtemp(join(tmpdir(), 'wallboard-soak-'));
  const pbxOptions = pbxOptionsFromEnv({ PBX_PORT: '0', PBX_LOG_LEVEL: 'warn', PBX_SIM_TIME_SCALE: '10', PBX_SIM_ARRIVALS_PER_MINUTE: '6', PBX_RATE_LIMITS: 'on' });
  const pbx = await startPbx(pbxOptions);
  const store = await openStore({ databaseUrl: null, dataDir });
  const core = createLiveCore({ clock, timeZone: 'UTC', store, log, statsPollMs: 15_000 });
  await core.start();

  let intake: ReturnType<typeof createWebhookIntake> | null = null;
  const httpServer = createServer((req, res) => {
    if (intake && req.url?.startsWith('/api/webhooks/telephony/')) return void intake(req, res);
    res.writeHead(404).end();
  });
  const supervisor: SocketGrant = { kind: 'user', userId: 'soak', name: 'Soak', role: 'supervisor', extension: null, expiresAt: Number.MAX_SAFE_INTEGER };
  const display: SocketGrant = { kind: 'display', displayId: 'soak-tv', config: { name: 'Soak', queues: 'all', views: ['queues'], rotateSeconds: 20 } };
  const authenticate: AuthenticateHandshake = async ({ auth }) => {
    const { view, displayToken } = (auth ?? {}) as { view?: string; displayToken?: string };
    if (displayToken === DISPLAY_TOKEN) return display;
    return view === 'supervisor' ? supervisor : null;
  };
  const realtime = createRealtimeServer(httpServer, { core, authenticate, clock, log });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;

  const secret = 's'.repeat(43);
  const upstream = createUpstream({
    telephony: { baseUrl: pbx.url, clientId: pbxOptions.seed.companies[0]!.apps[0]!.clientId, clientSecret: pbxOptions.seed.companies[0]!.apps[0]!.clientSecret, statsVersion: '1.4.0', subscriptionsVersion: '1.2.0', statsPollMs: 15_000 },
    postUri: url + webhookPath(secret),
    core,
    store,
    clock,
    log,
  });
  intake = createWebhookIntake({ pathSecret: secret, core, cdrs: store.cdrs, subscription: upstream.subscriptions, getSigningSecret: () => upstream.subscriptions.signingSecret(), clock, log });
  await upstream.start();
  process.stdout.write(`${JSON.stringify({ url })}\n`);

  process.once('SIGTERM', () => {
    void (async () => {
      const { webhooks } = core.snapshot({ audience: 'supervisor' }, 0).health;
      process.stdout.write(`${JSON.stringify({ webhooks })}\n`);
      await upstream.stop({ deleteUpstream: true });
      await realtime.close();
      core.close();
      await store.close();
      await pbx.close();
      await rm(dataDir, { recursive: true, force: true });
      process.exit(0);
    })();
  });
}

async function soak(minutes: number, clients: number, sampleSeconds: number): Promise<number> {
  if (!(minutes > 0) || !(clients > 0) || !(sampleSeconds > 0)) throw new Error('--minutes, --clients and --sample-seconds must be positive numbers');
  const server = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: server.stdout! })[Symbol.asyncIterator]();
  const { url } = JSON.parse((await lines.next()).value as string) as { url: string };

  let patches = 0;
  const sockets = Array.from({ length: clients }, (_, index) => {
    const auth = index % 4 === 0 ? { view: 'supervisor' } : { view: 'wall', displayToken: DISPLAY_TOKEN };
    const socket = io(url, { auth, transports: ['websocket'] });
    socket.on('live:patch', () => (patches += 1));
    return socket;
  });

  const samples: Array<{ atSeconds: number; rssMb: number }> = [];
  const started = Date.now();
  const durationMs = minutes * 60_000;
  process.stdout.write(`soak: ${minutes} min, ${clients} socket.io clients, server pid ${server.pid}, sampling every ${sampleSeconds} s\n`);
  while (Date.now() - started < durationMs) {
    await new Promise((resolve) => setTimeout(resolve, sampleSeconds * 1000));
    const sample = { atSeconds: Math.round((Date.now() - started) / 1000), rssMb: await rssMb(server.pid!) };
    samples.push(sample);
    process.stdout.write(`  t=${sample.atSeconds}s rss=${sample.rssMb.toFixed(1)} MB patches=${patches}\n`);
  }

  for (const socket of sockets) socket.close();
  server.kill('SIGTERM');
  const final = (await lines.next()).value as string | undefined;

  // Warm-up: the first quarter (at least a minute, at most five) fills caches, pools and the JIT.
  const warmUpSeconds = Math.min(300, Math.max(60, (minutes * 60) / 4));
  const settled = samples.filter((sample) => sample.atSeconds >= warmUpSeconds);
  if (settled.length < 6) {
    process.stdout.write('soak: too short to judge growth after warm-up; run at least 2 minutes\n');
    return 1;
  }
  const baseline = median(settled.slice(0, 3).map((sample) => sample.rssMb));
  const end = median(settled.slice(-3).map((sample) => sample.rssMb));
  const growth = (end - baseline) / baseline;
  const verdict = growth <= GROWTH_LIMIT ? 'PASS' : 'FAIL';
  process.stdout.write(
    `soak: server RSS after warm-up (${warmUpSeconds} s) ${baseline.toFixed(1)} MB -> ${end.toFixed(1)} MB at the end: ${(growth * 100).toFixed(1)}% (limit ${GROWTH_LIMIT * 100}%) ${verdict}\n` +
      `soak: ${patches} live patches received by ${clients} clients; server ${final ?? '(no final report)'}\n`,
  );
  return verdict === 'PASS' ? 0 : 1;
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  return kb / 1024;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
