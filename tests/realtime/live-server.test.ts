/**
 * The live server end to end over real I/O (STYLE rule 22): call events and
 * CDRs POSTed to the webhook intake over HTTP, the real live core on a memory
 * store, and socket.io-client clients for a supervisor, two agents, a wall and
 * a TV. Time that the server waits on (coalescing, ticks) is the manual clock.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { createLogger } from '@/lib/log';
import { createLiveCore, createRealtimeServer, createWebhookIntake, type LiveCore, type RealtimeServer } from '@/lib/realtime';
import type { AuthenticateHandshake, SocketGrant } from '@/lib/realtime/events';
import type { LivePatch } from '@/lib/realtime/types';
import { createMemoryStore } from '@/lib/store';
import type { QueueStats } from '@/lib/telephony';
import { connectClient, refusalOf, type TestClient } from './socket-clients';
import {
  answeredMessage,
  cdrMessage,
  endedMessage,
  queuedMessage,
  ringingMessage,
  type InboundCall,
} from './wire-messages';

const start = Date.UTC(2026, 10, 21, 9, 0);
const pathSecret = 's'.repeat(43);
const callerNumber = '+4915112345678';

const users: Record<string, SocketGrant> = {
  'session=sam': { kind: 'user', userId: 'sam', name: 'Sam', role: 'supervisor', extension: null, expiresAt: start + 8 * 3_600_000 },
  'session=ann': { kind: 'user', userId: 'ann', name: 'Ann', role: 'agent', extension: '101', expiresAt: start + 8 * 3_600_000 },
  'session=bob': { kind: 'user', userId: 'bob', name: 'Bob', role: 'agent', extension: '102', expiresAt: start + 8 * 3_600_000 },
};
const tv: SocketGrant = { kind: 'display', displayId: 'tv-1', config: { name: 'Floor', queues: 'all', views: ['queues'], rotateSeconds: 20 } };

/** Test tokens for grants: the session cookie for users, the display token for the TV. */
const authenticate: AuthenticateHandshake = async ({ headers, auth }) =>
  (auth as { displayToken?: string }).displayToken === 'tv-token' ? tv : (users[String(headers.cookie)] ?? null);

const clock = createManualClock(start);
const log = createLogger('silent');
let core: LiveCore;
let realtime: RealtimeServer;
let baseUrl: string;
let webhookUrl: string;
const clients: TestClient[] = [];
let sam: TestClient, ann: TestClient, bob: TestClient, wall: TestClient;

beforeAll(async () => {
  const store = createMemoryStore();
  core = createLiveCore({ clock, timeZone: 'UTC', store, log, statsPollMs: 15_000 });
  await core.start();
  const intake = createWebhookIntake({
    pathSecret,
    core,
    cdrs: store.cdrs,
    subscription: { noteInit: () => undefined, noteActivity: () => undefined },
    getSigningSecret: () => null,
    clock,
    log,
  });
  const httpServer = createServer((req, res) => {
    if (req.url?.startsWith('/api/webhooks/telephony/')) return void intake(req, res);
    res.writeHead(404).end();
  });
  realtime = createRealtimeServer(httpServer, { core, authenticate, clock, log });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  webhookUrl = `${baseUrl}/api/webhooks/telephony/${pathSecret}`;
  core.applyStats([stats('sales', 0)], start);
  clock.advance(50);
  sam = await connect({ view: 'supervisor', cookie: 'session=sam' });
  ann = await connect({ view: 'agent', cookie: 'session=ann' });
  bob = await connect({ view: 'agent', cookie: 'session=bob' });
  wall = await connect({ view: 'wall', cookie: 'session=bob' });
});

afterAll(async () => {
  for (const client of clients) client.socket.close();
  core.close();
  await realtime.close();
});

async function connect(options: Parameters<typeof connectClient>[1]): Promise<TestClient> {
  const client = await connectClient(baseUrl, options);
  clients.push(client);
  await client.waitFor('live:snapshot');
  return client;
}

async function deliver(body: unknown): Promise<void> {
  const response = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(204);
}

function stats(queue: string, callsWaiting: number): QueueStats {
  return { queue, callsWaiting, avgWaitSeconds: 0, maxWaitSeconds: 0, numAgents: 2, availableAgents: 2, unavailableAgents: 0 };
}

function phasesOf(client: TestClient, callId: string): string[] {
  return client.patches().flatMap((patch) => (patch.calls ?? []).filter((call) => call.id === callId).map((call) => call.phase));
}

function salesWaiting(patch: LivePatch): number | undefined {
  return patch.queues?.find((queue) => queue.queue === 'sales')?.callsWaiting;
}

const call: InboundCall = { callId: 'call-1', caller: callerNumber, callerName: 'Jane Roe', queue: 'sales', startedAt: start };
const answeredAt = start + 20_000;

describe('the live server', () => {
  it('refuses a socket with no grant', async () => {
    expect(await refusalOf(baseUrl, { view: 'wall' })).toBe('unauthorized');
  });

  it('refuses an agent who asks for the supervisor view', async () => {
    expect(await refusalOf(baseUrl, { view: 'supervisor', cookie: 'session=ann' })).toBe('forbidden');
  });

  it('shows the wall a caller waiting, with the number masked', async () => {
    const before = wall.events.length;
    await deliver(queuedMessage(call));
    clock.advance(50);
    const patch = await wall.waitFor('live:patch', (p) => salesWaiting(p) === 1, before);
    const shown = patch.calls?.find((c) => c.id === 'call-1');
    expect(shown?.phase).toBe('queued');
    expect(shown?.caller.number).not.toBe(callerNumber);
    expect(shown?.caller.number).toMatch(/678$/);
  });

  it('pops the call on agent 101 through ringing, active and ended in order without waiting for a window', async () => {
    // Each phase goes out at the next turn of the loop (advance(0)), never at the window's end.
    await deliver(ringingMessage(call, '101'));
    clock.advance(0);
    await ann.waitFor('live:patch', (p) => p.calls?.some((c) => c.id === 'call-1' && c.phase === 'ringing') ?? false);
    await deliver(answeredMessage(call, '101', answeredAt));
    clock.advance(0);
    await ann.waitFor('live:patch', (p) => p.calls?.some((c) => c.id === 'call-1' && c.phase === 'active') ?? false);
    await deliver(endedMessage(call, '101', answeredAt));
    clock.advance(0);
    await ann.waitFor('live:patch', (p) => p.calls?.some((c) => c.id === 'call-1' && c.phase === 'ended') ?? false);
    expect(phasesOf(ann, 'call-1')).toEqual(['ringing', 'active', 'ended']);
    expect(ann.patches().flatMap((p) => p.calls ?? []).every((c) => c.caller.number === callerNumber)).toBe(true);
  });

  it('sends agent 102 nothing of agent 101’s call', async () => {
    await bob.resync();
    expect(phasesOf(bob, 'call-1')).toEqual([]);
    expect(bob.patches().some((p) => p.removedCalls?.includes('call-1'))).toBe(false);
  });

  it('shows the wall the queue emptying once the caller is answered', async () => {
    const waitingAt = wall.events.findIndex((event) => event.name === 'live:patch' && salesWaiting(event.payload) === 1);
    clock.advance(50);
    const patch = await wall.waitFor('live:patch', (p) => salesWaiting(p) === 0, waitingAt + 1);
    expect(patch.calls?.find((c) => c.id === 'call-1')?.caller.number).toMatch(/^[^+]*678$/);
  });

  it('sends the supervisor every phase with the full number', async () => {
    clock.advance(50);
    await sam.waitFor('live:patch', (p) => p.calls?.some((c) => c.id === 'call-1' && c.phase === 'ended') ?? false);
    const phases = phasesOf(sam, 'call-1');
    expect(phases[0]).toBe('queued');
    expect(phases.at(-1)).toBe('ended');
    expect(sam.patches().flatMap((p) => p.calls ?? []).every((c) => c.caller.number === callerNumber)).toBe(true);
  });

  it('counts a CDR in the KPIs once when it is delivered twice', async () => {
    const cdr = cdrMessage(call, '101', answeredAt, start + 80_000);
    await deliver(cdr);
    await deliver(cdr);
    clock.advance(50);
    const patch = await sam.waitFor('live:patch', (p) => p.kpis?.byQueue.sales?.answered === 1);
    expect(patch.cdrs?.map((c) => c.callId)).toEqual(['call-1']);
    const snapshot = await sam.resync();
    expect(snapshot).toMatchObject({ data: { kpis: { total: { answered: 1 } }, health: { webhooks: { duplicates: 1, rejected: 0 } } } });
  });

  it('merges a burst into at most two wall patches while agent 101 gets its pop at once', async () => {
    await wall.resync();
    const wallBefore = wall.patches().length;
    const burst = ['b1', 'b2', 'b3', 'b4', 'b5'].map((id, i) => ({ ...call, callId: id, startedAt: start + 100_000 + i * 1000 }));
    const mark = wall.events.length;
    for (const waiting of burst) await deliver(queuedMessage(waiting));
    await deliver(ringingMessage(burst[0]!, '101'));
    clock.advance(0);
    await ann.waitFor('live:patch', (p) => p.calls?.some((c) => c.id === 'b1' && c.phase === 'ringing') ?? false);
    clock.advance(50);
    const merged = await wall.waitFor('live:patch', (p) => p.calls?.some((c) => c.id === 'b5') ?? false, mark);
    await wall.resync();
    const newPatches = wall.patches().slice(wallBefore);
    // At most the leading patch (the next turn of a quiet stream) and one merged window.
    expect(newPatches.length).toBeLessThanOrEqual(2);
    expect(newPatches.at(-1)).toEqual(merged);
    expect([...new Set(newPatches.flatMap((p) => p.calls?.map((c) => c.id) ?? []))].sort()).toEqual(['b1', 'b2', 'b3', 'b4', 'b5']);
  });

  it('numbers every patch of every client one after the previous', () => {
    for (const client of [sam, ann, bob, wall]) {
      const snapshot = client.events.find((event) => event.name === 'live:snapshot')!.payload as { seq: number };
      const seqs = client.patches().map((patch) => patch.seq);
      expect(seqs).toEqual(seqs.map((_, i) => snapshot.seq + 1 + i));
    }
  });

  it('answers resync with a snapshot of the viewer at the current seq', async () => {
    const result = await ann.resync();
    expect(result).toMatchObject({ data: { audience: 'agent', seq: ann.patches().at(-1)!.seq } });
    expect('data' in result && result.data.calls.every((c) => c.agent === '101')).toBe(true);
  });

  it('disconnects a revoked display', async () => {
    const display = await connect({ view: 'wall', displayToken: 'tv-token' });
    expect(await display.waitFor('display:command')).toEqual({ type: 'configure', config: tv.config });
    realtime.disconnectDisplay('tv-1');
    expect(await display.waitFor('disconnect')).toBe('io server disconnect');
    expect(wall.socket.connected).toBe(true);
  });
});
