/**
 * A real Socket.IO server on port 0 for the client modules' tests (STYLE rule 22),
 * with a client socket that reconnects fast so tests wait on events, not on backoff.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../events';
import type { LiveSocket } from './live-socket';

export type TestServerSocket = ServerSocket<ClientToServerEvents, ServerToClientEvents>;

export interface TestServer {
  io: Server<ClientToServerEvents, ServerToClientEvents>;
  port: number;
  /** Resolves with the next server-side socket that connects. */
  nextConnection(): Promise<TestServerSocket>;
  connectClient(auth?: Record<string, unknown>): LiveSocket;
  close(): Promise<void>;
}

export async function startTestServer(port = 0): Promise<TestServer> {
  const http: HttpServer = createServer();
  const server = new Server<ClientToServerEvents, ServerToClientEvents>(http);
  const waiting: Array<(socket: TestServerSocket) => void> = [];
  const clients: LiveSocket[] = [];
  server.on('connection', (socket) => waiting.shift()?.(socket));
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  const boundPort = (http.address() as AddressInfo).port;
  return {
    io: server,
    port: boundPort,
    nextConnection: () => new Promise((resolve) => waiting.push(resolve)),
    connectClient(auth = { view: 'supervisor' }) {
      const client: LiveSocket = io(`http://127.0.0.1:${boundPort}`, {
        auth,
        transports: ['websocket'],
        reconnectionDelay: 20,
        reconnectionDelayMax: 50,
      });
      clients.push(client);
      return client;
    },
    async close() {
      for (const client of clients) client.disconnect();
      await server.close();
    },
  };
}

/** Resolves the next time the socket emits the event. */
export function once(socket: LiveSocket, event: 'connect' | 'disconnect' | 'connect_error'): Promise<unknown> {
  return new Promise((resolve) => socket.once(event, resolve));
}
