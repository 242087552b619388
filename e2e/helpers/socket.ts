import type { BrowserContext } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';

export type SocketOutcome =
  | { kind: 'connected'; socket: Socket; firstSnapshot: Promise<{ audience: string }> }
  | { kind: 'refused'; code: string };

/** Opens a Socket.IO connection the way a browser would, with an explicit cookie header, and reports what the server decided. */
export function connectSocket(baseURL: string, options: { auth: unknown; cookie?: string }): Promise<SocketOutcome> {
  const socket = io(baseURL, {
    path: '/socket.io',
    auth: options.auth as Record<string, unknown>,
    extraHeaders: options.cookie ? { cookie: options.cookie } : {},
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  // The server sends the snapshot as soon as the socket joins: listen before connecting.
  const firstSnapshot = new Promise<{ audience: string }>((resolve) => socket.once('live:snapshot', resolve));
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ kind: 'connected', socket, firstSnapshot }));
    socket.once('connect_error', (error: Error & { data?: { code?: string } }) => {
      socket.close();
      resolve({ kind: 'refused', code: error.data?.code ?? error.message });
    });
  });
}

export async function cookieHeader(context: BrowserContext): Promise<string> {
  return (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}
