/**
 * The push layer over real sockets (STYLE rule 22), fed by a small fake live
 * feed so each behaviour of the server is visible on its own. The live server
 * with the real core and the webhook intake is exercised in live-server.test.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '@/lib/clock';
import { createLogger } from '@/lib/log';
import type { AuthenticateHandshake, DisplayStatus, SocketGrant } from '@/lib/realtime/events';
import type { LiveFeed } from '@/lib/realtime/live-feed';
import { createRealtimeServer, type RealtimeServer } from '@/lib/realtime/socket-server';
import type { LiveCall, LiveSnapshot } from '@/lib/realtime/types';
import { defaultAlerts, defaultThresholds } from '@/lib/realtime/settings-schemas';
import { connectClient, refusalOf, type TestClient } from './socket-clients';

const start = Date.UTC(2026, 10, 21, 9, 0);

const grants: Record<string, SocketGrant> = {
  'session=sam': { kind: 'user', userId: 'sam', name: 'Sam', role: 'supervisor', extension: null, expiresAt: start + 3_600_000 },
  'session=ann': { kind: 'user', userId: 'ann', name: 'Ann', role: 'agent', extension: '101', expiresAt: start + 3_600_000 },
  'session=bob': { kind: 'user', userId: 'bob', name: 'Bob', role: 'agent', extension: '102', expiresAt: start + 3_600_000 },
};
const displayGrant: SocketGrant = {
  kind: 'display',
  displayId: 'tv-1',
  config: { name: 'Floor', queues: ['sales'], views: ['queues'], rotateSeconds: 30 },
};

const authenticate: AuthenticateHandshake = async ({ headers, auth }) => {
  if ((auth as { displayToken?: string }).displayToken === 'tv-token') return displayGrant;
  return grants[String(headers.cookie)] ?? null;
};

/** A feed whose updates are the ids of calls that changed; agents see calls they handle, walls the calls of their queues. */
function createFakeFeed(clock: ManualClock) {
  const calls = new Map<string, LiveCall>();
  const listeners = new Set<(update: string[]) => void>();
  const settings: unknown[] = [];
  const visible = (call: LiveCall, view: { audience: string; extension?: string; queues?: string[] }) =>
    view.audience === 'supervisor' ||
    (view.audience === 'agent' && call.agent === view.extension) ||
    (view.audience === 'wall' && (!view.queues || view.queues.includes(call.queue ?? '')));
  const feed: LiveFeed<string[]> = {
    snapshot: (view, seq): LiveSnapshot => ({
      audience: view.audience,
      seq,
      serverTime: clock.now(),
      timeZone: 'UTC',
      queues: [],
      calls: [...calls.values()].filter((call) => visible(call, view)),
      agents: [],
      kpis: { day: '2026-11-21', total: emptyDay(), byQueue: {} },
      recentCdrs: [],
      health: {
        stats: { pollMs: 15_000, lastSuccessAt: null, lastAttemptAt: null, failingSince: null, lastError: null, nextPollAt: null },
        subscription: { id: null, phase: 'none', expiresAt: null, lastEventAt: null, error: null },
        token: { ok: true, error: null },
        webhooks: { accepted: 0, rejected: 0, duplicates: 0 },
      },
      thresholds: defaultThresholds,
      alerts: defaultAlerts,
    }),
    render(ids, view) {
      const changed = ids.flatMap((id) => calls.get(id) ?? []).filter((call) => visible(call, view));
      return changed.length ? { calls: changed } : null;
    },
    merge: (updates) => [...new Set(updates.flat())],
    popsFor: (ids) => new Set(ids.flatMap((id) => calls.get(id)?.agent ?? [])),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settingsChanged: (change) => void settings.push(change),
  };
  function upsert(id: string, queue: string, agent: string | null, phase: LiveCall['phase'] = 'ringing'): void {
    calls.set(id, { ...baseCall, id, queue, agent, phase });
    for (const listener of listeners) listener([id]);
  }
  return { feed, upsert, settings };
}

const baseCall: LiveCall = {
  id: '',
  phase: 'queued',
  onNet: false,
  direction: 'inbound',
  caller: { number: '+4915112345678', name: 'Jane', extension: null },
  callee: { number: null, extension: null },
  queue: null,
  agent: null,
  startedAt: start,
  queuedAt: start,
  answeredAt: null,
  endedAt: null,
  transferredFrom: null,
  outcome: null,
  callerCallsToday: 1,
};

function emptyDay() {
  return { answered: 0, missed: 0, avgTalkSeconds: 0, longestTalkSeconds: 0, avgAnswerSeconds: 0, perHour: [] };
}

let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function startServer(options: { onDisplayStatus?: (id: string, status: DisplayStatus) => void; writesPerSecond?: number } = {}) {
  const clock = createManualClock(start);
  const fake = createFakeFeed(clock);
  const httpServer: Server = createServer();
  const realtime: RealtimeServer = createRealtimeServer(httpServer, {
    core: fake.feed,
    authenticate,
    clock,
    log: createLogger('silent'),
    onDisplayStatus: options.onDisplayStatus,
    writesPerSecond: options.writesPerSecond,
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => realtime.close());
  const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  const connect = async (options: Parameters<typeof connectClient>[1]): Promise<TestClient> => {
    const client = await connectClient(url, options);
    cleanup.push(() => void client.socket.close());
    return client;
  };
  return { clock, url, realtime, connect, ...fake };
}

describe('createRealtimeServer', () => {
  it('refuses the connection with unauthorized when the handshake has no grant', async () => {
    const { url } = await startServer();
    expect(await refusalOf(url, { view: 'wall' })).toBe('unauthorized');
    expect(await refusalOf(url, { view: 'wall', cookie: 'session=mallory' })).toBe('unauthorized');
  });

  it('refuses with forbidden when an agent asks for the supervisor view', async () => {
    const { url } = await startServer();
    expect(await refusalOf(url, { view: 'supervisor', cookie: 'session=ann' })).toBe('forbidden');
  });

  it('refuses with invalid_payload when the view is not one of the audiences', async () => {
    const { url } = await startServer();
    expect(await refusalOf(url, { view: 'admin' as 'wall', cookie: 'session=sam' })).toBe('invalid_payload');
  });

  it('sends a snapshot at seq 0 first when a client connects', async () => {
    const { connect, upsert } = await startServer();
    upsert('c1', 'sales', '101');
    const ann = await connect({ view: 'agent', cookie: 'session=ann' });
    const snapshot = await ann.waitFor('live:snapshot');
    expect(snapshot).toMatchObject({ audience: 'agent', seq: 0, calls: [{ id: 'c1', agent: '101' }] });
    expect(ann.events[0]?.name).toBe('live:snapshot');
  });

  it('sends an agent its own calls at once and nothing of another agent', async () => {
    const { connect, upsert, clock } = await startServer();
    const ann = await connect({ view: 'agent', cookie: 'session=ann' });
    const bob = await connect({ view: 'agent', cookie: 'session=bob' });
    upsert('c1', 'sales', '101', 'ringing');
    clock.advance(0);
    // Inside the window the boards wait, but an agent's own call does not.
    upsert('c1', 'sales', '101', 'active');
    clock.advance(0);
    upsert('c2', 'sales', '102', 'ringing');
    clock.advance(0);
    await ann.waitFor('live:patch', (patch) => patch.seq === 2);
    await bob.waitFor('live:patch', (patch) => patch.seq === 1);
    await ann.resync();
    expect(ann.patches().map((patch) => [patch.seq, patch.calls?.map((call) => `${call.id}:${call.phase}`)])).toEqual([
      [1, ['c1:ringing']],
      [2, ['c1:active']],
    ]);
    await bob.resync();
    expect(bob.patches().map((patch) => patch.calls?.map((call) => call.id))).toEqual([['c2']]);
  });

  it('sends the changes of one turn in one wall patch and merges what follows within the window into the next', async () => {
    // One viewer within 20 writes a second: a 50 ms window.
    const { connect, upsert, clock } = await startServer({ writesPerSecond: 20 });
    const wall = await connect({ view: 'wall', cookie: 'session=ann' });
    await wall.waitFor('live:snapshot');
    upsert('c1', 'sales', null, 'queued');
    clock.advance(0);
    upsert('c2', 'sales', null, 'queued');
    clock.advance(10);
    upsert('c3', 'support', null, 'queued');
    clock.advance(40);
    await wall.waitFor('live:patch', (patch) => patch.seq === 2);
    await wall.resync();
    expect(wall.patches().map((patch) => [patch.seq, patch.calls?.map((call) => call.id)])).toEqual([
      [1, ['c1']],
      [2, ['c2', 'c3']],
    ]);
  });

  it('gives seq one more than the last patch on every patch of a stream', async () => {
    const { connect, upsert, clock } = await startServer();
    const sam = await connect({ view: 'supervisor', cookie: 'session=sam' });
    for (let i = 1; i <= 5; i++) {
      upsert(`c${i}`, 'sales', null);
      clock.advance(50);
    }
    await sam.waitFor('live:patch', (patch) => patch.seq === 5);
    expect(sam.patches().map((patch) => patch.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers resync with a snapshot at the stream seq, including changes still pending', async () => {
    const { connect, upsert, clock } = await startServer();
    const sam = await connect({ view: 'supervisor', cookie: 'session=sam' });
    upsert('c1', 'sales', null);
    clock.advance(50);
    upsert('c2', 'sales', null);
    const result = await sam.resync();
    expect(result).toMatchObject({ data: { audience: 'supervisor', seq: 2 } });
    expect('data' in result && result.data.calls.map((call) => call.id)).toEqual(['c1', 'c2']);
  });

  it('starts a joining client at the seq of a stream that is already running', async () => {
    const { connect, upsert, clock } = await startServer();
    await connect({ view: 'supervisor', cookie: 'session=sam' });
    upsert('c1', 'sales', null);
    clock.advance(50);
    upsert('c2', 'sales', null);
    const late = await connect({ view: 'supervisor', cookie: 'session=sam' });
    expect((await late.waitFor('live:snapshot')).seq).toBe(2);
    upsert('c3', 'sales', null);
    clock.advance(50);
    expect((await late.waitFor('live:patch')).seq).toBe(3);
  });

  it('sends a client that comes back after a dropped connection a fresh snapshot with what it missed', async () => {
    const { connect, upsert, clock } = await startServer();
    const sam = await connect({ view: 'supervisor', cookie: 'session=sam', reconnect: true });
    upsert('c1', 'sales', null);
    clock.advance(50);
    await sam.waitFor('live:patch');
    sam.socket.io.engine.close();
    const back = sam.events.length;
    await sam.waitFor('disconnect');
    upsert('c2', 'sales', null);
    clock.advance(50);
    await new Promise<void>((resolve) => sam.socket.once('connect', () => resolve()));
    const snapshot = await sam.waitFor('live:snapshot', undefined, back);
    expect(snapshot.seq).toBe(2);
    expect(snapshot.calls.map((call) => call.id)).toEqual(['c1', 'c2']);
  });

  it('sends the wall of its queues and then its config when a display connects', async () => {
    const { connect, upsert } = await startServer();
    upsert('c1', 'sales', null, 'queued');
    upsert('c2', 'support', null, 'queued');
    const tv = await connect({ view: 'wall', displayToken: 'tv-token' });
    await tv.waitFor('display:command');
    expect(tv.events.slice(0, 2).map((event) => event.name)).toEqual(['live:snapshot', 'display:command']);
    expect((await tv.waitFor('live:snapshot')).calls.map((call) => call.id)).toEqual(['c1']);
    expect(await tv.waitFor('display:command')).toEqual({ type: 'configure', config: displayGrant.config });
  });

  it('moves a display to its new queues with a fresh snapshot when it is reconfigured', async () => {
    const { connect, upsert, realtime } = await startServer();
    upsert('c2', 'support', null, 'queued');
    const tv = await connect({ view: 'wall', displayToken: 'tv-token' });
    await tv.waitFor('display:command');
    const config = { ...displayGrant.config, queues: ['support'] } as typeof displayGrant.config;
    realtime.sendDisplayCommand('tv-1', { type: 'configure', config });
    const snapshot = await tv.waitFor('live:snapshot', () => true, 2);
    expect(snapshot.calls.map((call) => call.id)).toEqual(['c2']);
    expect(await tv.waitFor('display:command', () => true, 3)).toEqual({ type: 'configure', config });
  });

  it('tells a display it was revoked and disconnects it when disconnectDisplay is called', async () => {
    const { connect, realtime } = await startServer();
    const tv = await connect({ view: 'wall', displayToken: 'tv-token' });
    const wall = await connect({ view: 'wall', cookie: 'session=ann' });
    await tv.waitFor('display:command');
    realtime.disconnectDisplay('tv-1');
    expect(await tv.waitFor('disconnect')).toBe('io server disconnect');
    expect(tv.events.some((event) => event.name === 'display:command' && event.payload.type === 'revoked')).toBe(true);
    expect(wall.socket.connected).toBe(true);
  });

  it('disconnects every socket of a user when disconnectUser is called', async () => {
    const { connect, realtime } = await startServer();
    const wall = await connect({ view: 'wall', cookie: 'session=ann' });
    const agent = await connect({ view: 'agent', cookie: 'session=ann' });
    const bob = await connect({ view: 'agent', cookie: 'session=bob' });
    realtime.disconnectUser('ann');
    await wall.waitFor('disconnect');
    await agent.waitFor('disconnect');
    expect(await bob.resync()).toMatchObject({ data: { audience: 'agent' } });
  });

  it('disconnects a user socket when its session expires', async () => {
    const { connect, clock } = await startServer();
    const ann = await connect({ view: 'agent', cookie: 'session=ann' });
    clock.advance(3_600_000 - 1);
    await ann.resync();
    expect(ann.socket.connected).toBe(true);
    clock.advance(1);
    expect(await ann.waitFor('disconnect')).toBe('io server disconnect');
  });

  it('sends a heartbeat with the stream seq when the interval passes', async () => {
    const { connect, clock, upsert } = await startServer();
    const sam = await connect({ view: 'supervisor', cookie: 'session=sam' });
    upsert('c1', 'sales', null);
    clock.advance(50);
    // Heartbeats are volatile: one due while a patch is still being written is dropped, so let the patch land first.
    await sam.waitFor('live:patch');
    clock.advance(4_950);
    expect(await sam.waitFor('server:heartbeat')).toEqual({ serverTime: start + 5_000, seq: 1 });
  });

  it('passes a valid display status on and ignores an invalid one', async () => {
    const statuses: Array<[string, DisplayStatus]> = [];
    const { connect } = await startServer({ onDisplayStatus: (id, status) => void statuses.push([id, status]) });
    const tv = await connect({ view: 'wall', displayToken: 'tv-token' });
    const status: DisplayStatus = { version: '1.2.3', heapMb: 42, domNodes: 900, screen: { width: 1920, height: 1080 } };
    tv.socket.emit('display:status', { ...status, domNodes: -1 });
    tv.socket.emit('display:status', 'garbage' as unknown as DisplayStatus);
    tv.socket.emit('display:status', status);
    await tv.resync();
    expect(statuses).toEqual([['tv-1', status]]);
  });

  it('keeps serving when a client sends a payload over the size limit', async () => {
    const { connect } = await startServer();
    const tv = await connect({ view: 'wall', displayToken: 'tv-token' });
    const other = await connect({ view: 'wall', cookie: 'session=ann' });
    tv.socket.emit('display:status', { version: 'x'.repeat(200_000) } as unknown as DisplayStatus);
    await tv.waitFor('disconnect');
    expect(await other.resync()).toMatchObject({ data: { audience: 'wall' } });
  });

  it('passes settings changes to the live core', async () => {
    const { realtime, settings } = await startServer();
    realtime.settingsChanged({ alerts: { ...defaultAlerts, soundEnabled: false } });
    expect(settings).toEqual([{ alerts: { ...defaultAlerts, soundEnabled: false } }]);
  });
});
