/**
 * Real socket.io-client connections for realtime tests, each with an inbox that
 * records every event in arrival order, so a test waits for what it expects
 * instead of sleeping.
 */
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@/lib/realtime/events';
import type { Audience, LivePatch, LiveSnapshot } from '@/lib/realtime/types';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

type InboxEvent =
  | { name: 'live:snapshot'; payload: LiveSnapshot }
  | { name: 'live:patch'; payload: LivePatch }
  | { name: 'server:heartbeat'; payload: { serverTime: number; seq: number } }
  | { name: 'display:command'; payload: Parameters<ServerToClientEvents['display:command']>[0] }
  | { name: 'disconnect'; payload: string };

export interface TestClient {
  socket: ClientSocket;
  events: InboxEvent[];
  patches(): LivePatch[];
  /** Resolves with the first recorded event (past or future) that matches and comes after `after` events. */
  waitFor<N extends InboxEvent['name']>(
    name: N,
    matches?: (payload: Extract<InboxEvent, { name: N }>['payload']) => boolean,
    after?: number,
  ): Promise<Extract<InboxEvent, { name: N }>['payload']>;
  /** A round trip on this socket: every event the server sent before it has arrived when this resolves. */
  resync(): Promise<Parameters<Parameters<ClientToServerEvents['live:resync']>[0]>[0]>;
}

export interface ClientOptions {
  view: Audience;
  /** Sent as the Cookie header, as a browser would send the session cookie. */
  cookie?: string;
  displayToken?: string;
  /** Reconnect on a dropped transport, as a browser would. */
  reconnect?: boolean;
}

export function connectClient(baseUrl: string, options: ClientOptions): Promise<TestClient> {
  const socket: ClientSocket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: options.reconnect ?? false,
    reconnectionDelay: 10,
    forceNew: true,
    auth: { view: options.view, ...(options.displayToken ? { displayToken: options.displayToken } : {}) },
    extraHeaders: options.cookie ? { cookie: options.cookie } : {},
  });
  const client = createInbox(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(client));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** The refusal message of a handshake the server rejects. */
export function refusalOf(baseUrl: string, options: ClientOptions): Promise<string> {
  return connectClient(baseUrl, options).then(
    (client) => {
      client.socket.close();
      throw new Error('the server accepted a connection it should have refused');
    },
    (error: Error) => error.message,
  );
}

function createInbox(socket: ClientSocket): TestClient {
  const events: InboxEvent[] = [];
  const waiters = new Set<() => void>();
  function record(event: InboxEvent): void {
    events.push(event);
    for (const wake of [...waiters]) wake();
  }
  socket.on('live:snapshot', (payload) => record({ name: 'live:snapshot', payload }));
  socket.on('live:patch', (payload) => record({ name: 'live:patch', payload }));
  socket.on('server:heartbeat', (payload) => record({ name: 'server:heartbeat', payload }));
  socket.on('display:command', (payload) => record({ name: 'display:command', payload }));
  socket.on('disconnect', (reason) => record({ name: 'disconnect', payload: reason }));

  return {
    socket,
    events,
    patches: () => events.flatMap((event) => (event.name === 'live:patch' ? [event.payload] : [])),
    waitFor: ((name: InboxEvent['name'], matches: (payload: unknown) => boolean = () => true, after = 0) => {
      const find = () => events.slice(after).find((event) => event.name === name && matches(event.payload));
      return new Promise<unknown>((resolve) => {
        const found = find();
        if (found) return resolve(found.payload);
        const wake = () => {
          const hit = find();
          if (!hit) return;
          waiters.delete(wake);
          resolve(hit.payload);
        };
        waiters.add(wake);
      });
    }) as TestClient['waitFor'],
    resync: () => socket.emitWithAck('live:resync'),
  };
}
