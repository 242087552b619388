import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { createLogger } from '@/lib/log';
import type { DisplayConfig, SocketGrant } from './events';
import { createConnectionHandlers } from './socket-connection';
import { createStreamRegistry } from './stream-registry';
import type { LiveSnapshot } from './types';
import type { StreamView } from './view-access';

type Handlers = ReturnType<typeof createConnectionHandlers<string>>;
type HandledSocket = Parameters<Handlers['onConnection']>[0];

const wallConfig: DisplayConfig = { name: 'Floor', queues: 'all', views: ['queues'], rotateSeconds: 30 };
const supervisor: SocketGrant = { kind: 'user', userId: 'u1', name: 'Sam', role: 'supervisor', extension: null, expiresAt: Date.UTC(2030, 0, 1) };
const display: SocketGrant = { kind: 'display', displayId: 'tv-1', config: wallConfig };

/** Sockets as far as the connection handlers touch them, recording what reaches each. */
function setup() {
  const clock = createManualClock();
  const sent: Array<{ to: string[]; event: string; payload: unknown }> = [];
  const snapshotsTaken: string[] = [];
  const failing = new Set<string>();
  const streams = createStreamRegistry<string>({
    clock,
    writesPerSecond: 1_000,
    retireAfterMs: 60_000,
    feed: { merge: (updates) => updates.join(','), render: () => null, popsFor: () => new Set() },
    publish: () => undefined,
  });
  const nsp = { local: { to: (ids: string | string[]) => ({ emit: (event: string, payload: unknown) => void sent.push({ to: [ids].flat(), event, payload }) }) } };
  const handlers = createConnectionHandlers<string>({
    core: {
      snapshot(view: StreamView, seq: number) {
        if (failing.has(view.audience)) throw new Error(`no snapshot for ${view.audience}`);
        snapshotsTaken.push(view.audience);
        return { audience: view.audience, seq } as LiveSnapshot;
      },
    },
    streams,
    clock,
    log: createLogger('silent'),
    streamRoom: (key) => `stream:${key}`,
  });

  function socket(id: string, grant: SocketGrant, view: StreamView, streamKey: string) {
    const rooms = new Set([id]);
    const fake = {
      id,
      rooms,
      connected: true,
      closed: false,
      conn: { close: () => void (fake.closed = true) },
      data: { grant, view, streamKey },
      nsp,
      join: (room: string) => void rooms.add(room),
      leave: (room: string) => void rooms.delete(room),
      on: () => undefined,
    };
    return fake;
  }
  const connect = (fake: ReturnType<typeof socket>) => handlers.onConnection(fake as unknown as HandledSocket);
  return { sent, snapshotsTaken, socket, connect, failSnapshotsOf: (audience: string) => void failing.add(audience) };
}

describe('createConnectionHandlers', () => {
  it('sends one snapshot per stream to every socket that joined it in the same turn', async () => {
    const { sent, snapshotsTaken, socket, connect } = setup();
    const walls = ['w1', 'w2', 'w3'].map((id) => socket(id, supervisor, { audience: 'wall' }, 'wall'));
    const boss = socket('s1', supervisor, { audience: 'supervisor' }, 'supervisor');
    for (const fake of [...walls, boss]) connect(fake);
    expect(sent).toEqual([]);

    await nextTurn();
    expect(snapshotsTaken.sort()).toEqual(['supervisor', 'wall']);
    expect(sent.map(({ to, event }) => [event, to])).toEqual([
      ['live:snapshot', ['w1', 'w2', 'w3']],
      ['live:snapshot', ['s1']],
    ]);
    for (const fake of walls) expect(fake.rooms.has('stream:wall')).toBe(true);
    expect(boss.rooms.has('stream:supervisor')).toBe(true);
  });

  it('sends nothing to a socket that left before the turn ended', async () => {
    const { sent, socket, connect } = setup();
    const stays = socket('w1', supervisor, { audience: 'wall' }, 'wall');
    const leaves = socket('w2', supervisor, { audience: 'wall' }, 'wall');
    connect(stays);
    connect(leaves);
    leaves.connected = false;

    await nextTurn();
    expect(sent.map(({ to }) => to)).toEqual([['w1']]);
    expect(leaves.rooms.has('stream:wall')).toBe(false);
  });

  it('closes the connections of a stream whose snapshot fails and still serves the other streams', async () => {
    const { sent, socket, connect, failSnapshotsOf } = setup();
    failSnapshotsOf('supervisor');
    const wall = socket('w1', supervisor, { audience: 'wall' }, 'wall');
    const boss = socket('s1', supervisor, { audience: 'supervisor' }, 'supervisor');
    connect(boss);
    connect(wall);

    await nextTurn();
    expect(sent.map(({ to }) => to)).toEqual([['w1']]);
    expect(boss.closed).toBe(true);
    expect(wall.closed).toBe(false);
  });

  it('tells a display its config after its snapshot', async () => {
    const { sent, socket, connect } = setup();
    connect(socket('tv', display, { audience: 'wall' }, 'wall'));

    await nextTurn();
    expect(sent.map(({ to, event, payload }) => [event, to, event === 'display:command' ? payload : null])).toEqual([
      ['live:snapshot', ['tv'], null],
      ['display:command', ['tv'], { type: 'configure', config: wallConfig }],
    ]);
  });
});
