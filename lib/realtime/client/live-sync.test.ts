import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '@/lib/clock';
import type { LiveSnapshot } from '../types';
import type { LiveSocket } from './live-socket';
import { startLiveSync, type LiveSync } from './live-sync';
import { FIXTURE_NOW, liveSnapshot, queueLive } from './test-fixtures';
import { startTestServer, type TestServer, type TestServerSocket } from './test-server';

/** Collects written snapshots and lets a test wait for the one it expects. */
function snapshotLog() {
  const written: LiveSnapshot[] = [];
  const waiters: Array<{ predicate: (s: LiveSnapshot) => boolean; resolve: (s: LiveSnapshot) => void }> = [];
  return {
    written,
    write(snapshot: LiveSnapshot) {
      written.push(snapshot);
      for (const waiter of [...waiters]) {
        if (!waiter.predicate(snapshot)) continue;
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(snapshot);
      }
    },
    until(predicate: (s: LiveSnapshot) => boolean): Promise<LiveSnapshot> {
      const found = written.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ predicate, resolve }));
    },
  };
}

describe('startLiveSync', () => {
  let server: TestServer;
  let clock: ManualClock;
  let client: LiveSocket;
  let serverSocket: TestServerSocket;
  let log: ReturnType<typeof snapshotLog>;
  let sync: LiveSync;
  let resyncRequests: number;
  let resyncAnswer: () => LiveSnapshot | null;

  beforeEach(async () => {
    server = await startTestServer();
    clock = createManualClock(FIXTURE_NOW);
    log = snapshotLog();
    resyncRequests = 0;
    resyncAnswer = () => null;
    const connected = server.nextConnection();
    client = server.connectClient();
    sync = startLiveSync({ socket: client, clock, write: log.write });
    serverSocket = await connected;
    serverSocket.on('live:resync', (ack) => {
      resyncRequests += 1;
      const snapshot = resyncAnswer();
      ack(snapshot ? { data: snapshot } : { error: 'unavailable' });
    });
  });

  afterEach(async () => {
    sync.dispose();
    await server.close();
  });

  it('writes the snapshot when the server sends one on connect', async () => {
    serverSocket.emit('live:snapshot', liveSnapshot({ seq: 4 }));
    expect((await log.until((s) => s.seq === 4)).queues).toHaveLength(2);
  });

  it('applies patches in order when they follow the snapshot', async () => {
    serverSocket.emit('live:snapshot', liveSnapshot({ seq: 4 }));
    serverSocket.emit('live:patch', { seq: 5, serverTime: FIXTURE_NOW, queues: [queueLive('Sales', { callsWaiting: 1 })] });
    serverSocket.emit('live:patch', { seq: 6, serverTime: FIXTURE_NOW, queues: [queueLive('Sales', { callsWaiting: 2 })] });
    const latest = await log.until((s) => s.seq === 6);
    expect(latest.queues[0]?.callsWaiting).toBe(2);
    expect(resyncRequests).toBe(0);
  });

  it('ignores a patch when it was already applied', async () => {
    serverSocket.emit('live:snapshot', liveSnapshot({ seq: 4 }));
    serverSocket.emit('live:patch', { seq: 4, serverTime: FIXTURE_NOW, queues: [queueLive('Sales', { callsWaiting: 9 })] });
    serverSocket.emit('live:patch', { seq: 5, serverTime: FIXTURE_NOW });
    await log.until((s) => s.seq === 5);
    expect(log.written.map((s) => s.queues[0]?.callsWaiting)).toEqual([0, 0]);
  });

  it('asks for a snapshot and replays newer patches on it when a seq is missing', async () => {
    resyncAnswer = () => liveSnapshot({ seq: 7, queues: [queueLive('Sales', { callsWaiting: 7 })] });
    serverSocket.emit('live:snapshot', liveSnapshot({ seq: 4 }));
    serverSocket.emit('live:patch', { seq: 6, serverTime: FIXTURE_NOW, queues: [queueLive('Sales', { callsWaiting: 6 })] });
    serverSocket.emit('live:patch', { seq: 8, serverTime: FIXTURE_NOW, queues: [queueLive('Support', { callsWaiting: 8 })] });
    const latest = await log.until((s) => s.seq === 8);
    expect(resyncRequests).toBe(1);
    expect(latest.queues.map((queue) => queue.callsWaiting)).toEqual([7, 8]);
    expect(log.written.some((s) => s.queues[0]?.callsWaiting === 6)).toBe(false);
  });

  it('asks for a snapshot when a heartbeat is ahead of the snapshot held', async () => {
    resyncAnswer = () => liveSnapshot({ seq: 9 });
    serverSocket.emit('live:snapshot', liveSnapshot({ seq: 4 }));
    serverSocket.emit('server:heartbeat', { serverTime: FIXTURE_NOW, seq: 9 });
    await log.until((s) => s.seq === 9);
    expect(resyncRequests).toBe(1);
  });

  it('retries the resync after the retry delay when the server cannot answer', async () => {
    serverSocket.emit('live:snapshot', liveSnapshot({ seq: 4 }));
    serverSocket.emit('server:heartbeat', { serverTime: FIXTURE_NOW, seq: 6 });
    await expect.poll(() => clock.pendingTimers()).toBe(1);
    expect(resyncRequests).toBe(1);
    resyncAnswer = () => liveSnapshot({ seq: 6 });
    clock.advance(5_000);
    await log.until((s) => s.seq === 6);
    expect(resyncRequests).toBe(2);
  });

  it('drops a snapshot when it does not match the contract', async () => {
    serverSocket.emit('live:snapshot', { ...liveSnapshot({ seq: 3 }), queues: 'not a list' } as never);
    serverSocket.emit('live:snapshot', liveSnapshot({ seq: 5 }));
    await log.until((s) => s.seq === 5);
    expect(log.written.map((s) => s.seq)).toEqual([5]);
  });

  it('stops writing when disposed', async () => {
    serverSocket.emit('live:snapshot', liveSnapshot({ seq: 4 }));
    await log.until((s) => s.seq === 4);
    sync.dispose();
    const delivered = new Promise((resolve) => client.once('live:snapshot', resolve));
    serverSocket.emit('live:snapshot', liveSnapshot({ seq: 20 }));
    await delivered;
    expect(log.written.map((s) => s.seq)).toEqual([4]);
  });
});
