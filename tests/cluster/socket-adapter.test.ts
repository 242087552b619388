/**
 * Two live servers sharing the cluster's Socket.IO adapter on this machine's
 * Redis (127.0.0.1:6379), each with its own live core as each instance has:
 * what crosses between them (display commands, reconfiguration,
 * disconnections) and what must not (one server's patches).
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { clusterKeys } from '@/lib/cluster';
import { createLogger } from '@/lib/log';
import { createLiveCore, createRealtimeServer, type LiveCore, type RealtimeServer } from '@/lib/realtime';
import type { AuthenticateHandshake, DisplayConfig, SocketGrant } from '@/lib/realtime/events';
import { createMemoryStore } from '@/lib/store';
import type { QueueStats } from '@/lib/telephony';
import { connectClient, type TestClient } from '../realtime/socket-clients';

const REDIS_URL = 'redis://127.0.0.1:6379';
const keyPrefix = `wallboard-test:${randomBytes(6).toString('hex')}:`;
const start = Date.UTC(2026, 10, 21, 9, 0);
const clock = createManualClock(start);
const log = createLogger('silent');
const floor: DisplayConfig = { name: 'Floor', queues: ['Sales'], views: ['queues'], rotateSeconds: 20 };
const grants: Record<string, SocketGrant> = {
  'session=sam': { kind: 'user', userId: 'sam', name: 'Sam', role: 'supervisor', extension: null, expiresAt: start + 3_600_000 },
};
const authenticate: AuthenticateHandshake = async ({ headers, auth }) =>
  (auth as { displayToken?: string }).displayToken === 'tv-token' ? { kind: 'display', displayId: 'tv-1', config: floor } : (grants[String(headers.cookie)] ?? null);

interface LiveServer {
  url: string;
  core: LiveCore;
  realtime: RealtimeServer;
}

const redisClients: Redis[] = [];
const clients: TestClient[] = [];
let a: LiveServer;
let b: LiveServer;

beforeAll(async () => {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redisClients.push(probe);
  await probe.connect().catch((error: Error) => {
    throw new Error(`These tests need Redis at ${REDIS_URL} (bash scripts/ensure-services.sh starts it): ${error.message}`);
  });
  [a, b] = await Promise.all([startLiveServer(), startLiveServer()]);
});

afterAll(async () => {
  for (const client of clients) client.socket.close();
  for (const server of [a, b]) {
    server?.core.close();
    await server?.realtime.close();
  }
  const [probe] = redisClients;
  if (probe?.status === 'ready') {
    const stale = await probe.keys(`${keyPrefix}*`);
    if (stale.length > 0) await probe.del(...stale);
  }
  for (const client of redisClients) client.disconnect();
});

async function startLiveServer(): Promise<LiveServer> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  redisClients.push(redis);
  const core = createLiveCore({ clock, timeZone: 'UTC', store: createMemoryStore(), log, statsPollMs: 15_000 });
  await core.start();
  const httpServer = createServer();
  const realtime = createRealtimeServer(httpServer, { core, authenticate, adapter: createAdapter(redis, clusterKeys(keyPrefix).adapter), clock, log });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`, core, realtime };
}

async function connect(server: LiveServer, options: Parameters<typeof connectClient>[1]): Promise<TestClient> {
  const client = await connectClient(server.url, options);
  clients.push(client);
  await client.waitFor('live:snapshot');
  return client;
}

function stats(queue: string, callsWaiting: number): QueueStats {
  return { queue, callsWaiting, avgWaitSeconds: 0, maxWaitSeconds: 0, numAgents: 2, availableAgents: 2, unavailableAgents: 0 };
}

describe('live servers sharing the cluster adapter', () => {
  it('keeps one server’s patches to its own sockets', async () => {
    // The same display on both servers: one stream key, so a broadcast patch would reach both.
    const tvOnA = await connect(a, { view: 'wall', displayToken: 'tv-token' });
    const tvOnB = await connect(b, { view: 'wall', displayToken: 'tv-token' });
    a.core.applyStats([stats('Sales', 3)], clock.now());
    clock.advance(50);
    await tvOnA.waitFor('live:patch', (patch) => patch.queues?.some((queue) => queue.callsWaiting === 3) ?? false);
    // Through the same Redis stream, after anything A could have leaked to B.
    a.realtime.sendDisplayCommand('tv-1', { type: 'reload' });
    await tvOnB.waitFor('display:command', (command) => command.type === 'reload');
    expect(tvOnB.patches()).toEqual([]);
  });

  it('moves a display’s socket on another server to its new queues', async () => {
    b.core.applyStats([stats('Sales', 1), stats('Support', 2)], clock.now());
    clock.advance(50);
    const tvOnB = await connect(b, { view: 'wall', displayToken: 'tv-token' });
    expect((await tvOnB.waitFor('live:snapshot')).queues.map((queue) => queue.queue)).toEqual(['Sales']);
    const before = tvOnB.events.length;

    a.realtime.sendDisplayCommand('tv-1', { type: 'configure', config: { ...floor, queues: ['Support'] } });

    expect((await tvOnB.waitFor('live:snapshot', undefined, before)).queues.map((queue) => queue.queue)).toEqual(['Support']);
    expect(await tvOnB.waitFor('display:command', undefined, before)).toEqual({ type: 'configure', config: { ...floor, queues: ['Support'] } });
  });

  it('sends a socket that reconnects a fresh snapshot with what it missed', async () => {
    const tv = await connect(a, { view: 'wall', displayToken: 'tv-token', reconnect: true });
    await tv.waitFor('live:snapshot');
    tv.socket.io.engine.close();
    await tv.waitFor('disconnect');
    const before = tv.events.length;
    a.core.applyStats([stats('Sales', 7)], clock.now());
    clock.advance(50);

    await new Promise<void>((resolve) => tv.socket.once('connect', () => resolve()));

    const snapshot = await tv.waitFor('live:snapshot', undefined, before);
    expect(snapshot.queues.find((queue) => queue.queue === 'Sales')?.callsWaiting).toBe(7);
  });

  it('ends a user’s sockets on every server', async () => {
    const samOnB = await connect(b, { view: 'supervisor', cookie: 'session=sam' });
    a.realtime.disconnectUser('sam');
    expect(await samOnB.waitFor('disconnect')).toBe('io server disconnect');
  });
});
