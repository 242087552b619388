import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { startConnectionWatch, type ConnectionState } from './connection-watch';
import { FIXTURE_NOW } from './test-fixtures';
import { once, startTestServer } from './test-server';

describe('startConnectionWatch', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setUp() {
    const server = await startTestServer();
    cleanups.push(() => server.close());
    const clock = createManualClock(FIXTURE_NOW);
    const states: ConnectionState[] = [];
    const firstConnection = server.nextConnection();
    const client = server.connectClient();
    const watch = startConnectionWatch({ socket: client, clock, onChange: (state) => states.push(state) });
    cleanups.push(() => watch.dispose());
    const serverSocket = await firstConnection;
    await expect.poll(() => states.at(-1)?.status).toBe('connected');
    return { server, clock, client, watch, states, serverSocket };
  }

  it('reports connecting then connected when the handshake succeeds', async () => {
    const { states } = await setUp();
    expect(states.map((state) => state.status)).toEqual(['connecting', 'connected']);
  });

  it('forces a new connection when no heartbeat arrives for 15 seconds', async () => {
    const { server, clock, states } = await setUp();
    const reconnection = server.nextConnection();
    clock.advance(15_000);
    await reconnection;
    await expect.poll(() => states.map((state) => state.status)).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
  });

  it('keeps the connection when heartbeats keep coming', async () => {
    const { clock, client, serverSocket, states } = await setUp();
    const firstId = client.id;
    for (let beat = 0; beat < 4; beat++) {
      const received = new Promise((resolve) => client.once('server:heartbeat', resolve));
      serverSocket.emit('server:heartbeat', { serverTime: FIXTURE_NOW, seq: 1 });
      await received;
      clock.advance(10_000);
    }
    expect(client.id).toBe(firstId);
    expect(states.map((state) => state.status)).toEqual(['connecting', 'connected']);
  });

  it('does nothing on checkNow when the last heartbeat is recent', async () => {
    const { clock, client, watch, states } = await setUp();
    const firstId = client.id;
    clock.advance(14_000);
    watch.checkNow();
    expect(client.id).toBe(firstId);
    expect(states.at(-1)?.status).toBe('connected');
  });

  it('reconnects by itself when the server restarts on the same port', async () => {
    const { server, states } = await setUp();
    const port = server.port;
    await server.io.close();
    await expect.poll(() => states.at(-1)?.status).toBe('reconnecting');
    const restarted = await startTestServer(port);
    cleanups.push(() => restarted.close());
    await restarted.nextConnection();
    await expect.poll(() => states.at(-1)?.status).toBe('connected');
  });

  it('asks the server again after a delay when the server closed the socket', async () => {
    const { server, clock, serverSocket, states } = await setUp();
    serverSocket.disconnect(true);
    await expect.poll(() => states.at(-1)?.status).toBe('reconnecting');
    const reconnection = server.nextConnection();
    clock.advance(5_000);
    await reconnection;
    await expect.poll(() => states.at(-1)?.status).toBe('connected');
  });

  it('reports refused with the reason when the server rejects the handshake', async () => {
    const server = await startTestServer();
    cleanups.push(() => server.close());
    server.io.use((_socket, next) => next(new Error('unauthorized')));
    const clock = createManualClock(FIXTURE_NOW);
    const states: ConnectionState[] = [];
    const client = server.connectClient({ view: 'wall', displayToken: 'revoked' });
    const watch = startConnectionWatch({ socket: client, clock, onChange: (state) => states.push(state) });
    cleanups.push(() => watch.dispose());
    await once(client, 'connect_error');
    expect(states.at(-1)).toEqual({ status: 'refused', since: FIXTURE_NOW, refusal: 'unauthorized' });
  });

  it('asks again after a delay instead of giving up when the server could not check the handshake', async () => {
    const server = await startTestServer();
    cleanups.push(() => server.close());
    let attempts = 0;
    server.io.use((_socket, next) => {
      attempts += 1;
      next(attempts === 1 ? new Error('unavailable') : undefined);
    });
    const clock = createManualClock(FIXTURE_NOW);
    const states: ConnectionState[] = [];
    const client = server.connectClient({ view: 'wall', displayToken: 'still-valid' });
    const watch = startConnectionWatch({ socket: client, clock, onChange: (state) => states.push(state) });
    cleanups.push(() => watch.dispose());
    await once(client, 'connect_error');
    expect(states.at(-1)?.status).toBe('reconnecting');
    const connection = server.nextConnection();
    clock.advance(5_000);
    await connection;
    await expect.poll(() => states.at(-1)?.status).toBe('connected');
    expect(states.map((state) => state.status)).not.toContain('refused');
  });
});
