/**
 * Socket.IO event maps shared by the server and the browser.
 * Acks are `{ data } | { error: code }`; exception text never crosses the wire.
 */
import type { Audience, LivePatch, LiveSnapshot } from './types';

export type AckErrorCode = 'unauthorized' | 'forbidden' | 'invalid_payload' | 'unavailable';
type Ack<T> = { data: T } | { error: AckErrorCode };

export type WallView = 'queues' | 'queue' | 'agents';

export interface DisplayConfig {
  name: string;
  /** Queues this display shows; 'all' follows the company's queues as they appear. */
  queues: string[] | 'all';
  /** Views it rotates through; one entry means no rotation. */
  views: WallView[];
  rotateSeconds: number;
}

export type DisplayCommand =
  | { type: 'reload' }
  | { type: 'revoked' }
  | { type: 'configure'; config: DisplayConfig };

export interface DisplayStatus {
  version: string;
  /** performance.memory.usedJSHeapSize in MB where the browser reports it. */
  heapMb: number | null;
  domNodes: number;
  screen: { width: number; height: number };
}

export interface ServerToClientEvents {
  'live:snapshot': (snapshot: LiveSnapshot) => void;
  'live:patch': (patch: LivePatch) => void;
  /** Sent every few seconds so a client can tell a silent dead socket from a quiet board. */
  'server:heartbeat': (beat: { serverTime: number; seq: number }) => void;
  'display:command': (command: DisplayCommand) => void;
}

export interface ClientToServerEvents {
  /** Asks for a fresh snapshot after a gap in seq or a reconnect without recovery. */
  'live:resync': (ack: (result: Ack<LiveSnapshot>) => void) => void;
  'display:status': (status: DisplayStatus) => void;
}

/**
 * Who a socket belongs to, decided on the server from the handshake (the
 * next-auth session cookie, or a display token) and never from what the client asks.
 */
export type SocketGrant =
  | { kind: 'user'; userId: string; name: string; role: 'supervisor' | 'agent'; extension: string | null; expiresAt: number }
  | { kind: 'display'; displayId: string; config: DisplayConfig };

/**
 * What a browser sends in `io(url, { auth })`. `view` is the screen it shows; the
 * server grants it only if the session allows (agents: wall and their own agent
 * stream; supervisors: all; displays: wall of their queues).
 */
export interface HandshakeAuth {
  view: Audience;
  displayToken?: string;
}

export type AuthenticateHandshake = (handshake: {
  headers: Record<string, string | string[] | undefined>;
  auth: unknown;
}) => Promise<SocketGrant | null>;
