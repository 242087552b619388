/**
 * The browser's one Socket.IO connection (STYLE rule 16). A page shows one
 * view, so one socket serves it; asking with other handshake data (a display
 * token that just arrived) replaces it.
 */
import { io } from 'socket.io-client';
import type { DisplayStatus, HandshakeAuth } from '../events';
import type { LiveSocket } from './live-socket';

let open: { socket: LiveSocket; key: string } | null = null;

export function openLiveSocket(auth: HandshakeAuth): LiveSocket {
  const key = JSON.stringify(auth);
  if (open?.key === key) return open.socket;
  open?.socket.disconnect();
  const socket: LiveSocket = io({
    path: '/socket.io',
    auth: { ...auth },
    // A wall runs for weeks: keep trying, but no faster than every 10 s once it has been down a while.
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 10_000,
  });
  open = { socket, key };
  return socket;
}

export function closeLiveSocket(socket: LiveSocket): void {
  if (open?.socket !== socket) return;
  socket.disconnect();
  open = null;
}

export function sendDisplayStatus(status: DisplayStatus): void {
  if (open?.socket.connected) open.socket.emit('display:status', status);
}
