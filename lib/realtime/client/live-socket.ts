import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../events';

/** The browser's typed Socket.IO client socket. */
export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
