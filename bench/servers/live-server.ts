/**
 * The wallboard's live server without Next, which is not on the webhook-to-screen
 * path: PGlite store in a fresh folder, live core, webhook intake and Socket.IO,
 * wired as server.ts wires them, with the bench authenticator in place of
 * next-auth and, when asked, the upstream link to a sandbox.
 *
 * Config (argv[2], JSON): { store: { pglite: dataDir } | 'memory', upstream: null | { baseUrl, clientId,
 * clientSecret, statsPollMs } }.
 * The memory store serves runs where no store I/O is on the measured path: PGlite
 * alone holds about 480 MB resident here, which would drown the sockets' share.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { z } from 'zod';
import { systemClock } from '@/lib/clock';
import { createLogger } from '@/lib/log';
import { createLiveCore, createRealtimeServer, createWebhookIntake } from '@/lib/realtime';
import { LISTEN_BACKLOG } from '@/lib/runtime/listen-backlog';
import { createUpstream } from '@/lib/runtime/upstream';
import { webhookPath } from '@/lib/runtime/webhook-secret';
import { createMemoryStore, openStore } from '@/lib/store';
import { parentChannel } from '../process/bench-child';
import { createBenchAuthenticator } from './bench-authenticator';
import { memoryFigures, type ServerCommand, type ServerReply } from './server-protocol';

const Config = z.object({
  store: z.union([z.literal('memory'), z.object({ pglite: z.string().min(1) })]),
  upstream: z
    .object({ baseUrl: z.url(), clientId: z.string(), clientSecret: z.string(), statsPollMs: z.number().int().positive() })
    .nullable(),
});

const config = Config.parse(JSON.parse(process.argv[2] ?? '{}'));
const parent = parentChannel<ServerCommand, ServerReply>();
const clock = systemClock;
const log = createLogger('error');
const DEFAULT_STATS_POLL_MS = 15_000;

const store = config.store === 'memory' ? createMemoryStore() : await openStore({ databaseUrl: null, dataDir: config.store.pglite });
const core = createLiveCore({ clock, timeZone: 'UTC', store, log, statsPollMs: config.upstream?.statsPollMs ?? DEFAULT_STATS_POLL_MS });
await core.start();

const pathSecret = randomBytes(32).toString('base64url');
const httpServer: Server = createServer((req, res) => {
  if (req.url?.startsWith('/api/webhooks/telephony/')) return void intake(req, res);
  res.writeHead(404).end();
});
await new Promise<void>((resolve) => httpServer.listen({ port: 0, host: '127.0.0.1', backlog: LISTEN_BACKLOG }, resolve));
const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
const webhookUrl = url + webhookPath(pathSecret);

const upstream = config.upstream
  ? createUpstream({
      telephony: { ...config.upstream, statsVersion: '1.4.0', subscriptionsVersion: '1.2.0' },
      postUri: webhookUrl,
      core,
      store,
      clock,
      log,
    })
  : null;
const intake = createWebhookIntake({
  pathSecret,
  core,
  cdrs: store.cdrs,
  subscription: upstream?.subscriptions ?? { noteInit: () => undefined, noteActivity: () => undefined },
  getSigningSecret: () => upstream?.subscriptions.signingSecret() ?? null,
  clock,
  log,
});
createRealtimeServer(httpServer, {
  core,
  authenticate: createBenchAuthenticator(clock.now),
  clock,
  log,
});

// Every TCP connection, upgraded WebSockets included, so a storm can cut them all at once.
const connections = new Set<Socket>();
httpServer.on('connection', (socket) => {
  connections.add(socket);
  socket.once('close', () => connections.delete(socket));
});

await upstream?.start();

parent.onCommand(async (command) => {
  switch (command.type) {
    case 'memory':
      return parent.reply({ type: 'memory', figures: memoryFigures() });
    case 'drop-connections': {
      const count = connections.size;
      for (const socket of connections) socket.destroy();
      return parent.reply({ type: 'dropped', connections: count });
    }
    case 'count-cdrs':
      return parent.reply({ type: 'cdrs', stored: (await store.cdrs.listEndedSince(0)).length });
  }
});
parent.reply({ type: 'ready', url, webhookUrl });
