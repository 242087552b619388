/**
 * A Socket.IO viewer that only listens: it speaks just enough of the Engine.IO 4 /
 * Socket.IO 5 protocol over a raw WebSocket to join the live namespace with its
 * handshake auth (open packet, "40" + auth, then "40{sid}") and to answer pings,
 * and it parses nothing else. The server does exactly the work a browser would
 * cause; the fleet spends almost nothing per message, so thousands of these can
 * share one process with the sampled, fully parsing clients. After a drop it
 * comes back with the browser's backoff and gets a fresh snapshot, as a browser does.
 */
import WebSocket from 'ws';

const PING = 0x32; // '2'
const OPEN = 0x30; // '0'
const MESSAGE = 0x34; // '4'
const CONNECT = 0x30; // '0' after '4'
const CONNECT_ERROR = 0x34; // '4' after '4'
const SNAPSHOT_PREFIX = Buffer.from('42["live:snapshot"');

export interface SilentViewerEvents {
  /** The namespace accepted the handshake. */
  onJoined(): void;
  onSnapshot(): void;
  onDropped(): void;
}

export interface SilentViewer {
  close(): void;
}

/** Resolves at the first snapshot, as a browser's screen would first show. */
export function connectSilentViewer(baseUrl: string, auth: object, events: SilentViewerEvents): Promise<SilentViewer> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
  let closed = false;
  let attempt = 0;
  let current: WebSocket | null = null;
  let first: { resolve(): void; reject(error: Error): void } | null = null;

  function open(): void {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    current = socket;
    let awaitingSnapshot = false;
    socket.on('message', (data: Buffer) => {
      if (data[0] === PING && data.length === 1) return socket.send('3');
      if (data[0] === OPEN) return socket.send(`40${JSON.stringify(auth)}`);
      if (data[0] === MESSAGE && data[1] === CONNECT) {
        attempt = 0;
        awaitingSnapshot = true;
        return events.onJoined();
      }
      if (data[0] === MESSAGE && data[1] === CONNECT_ERROR) {
        first?.reject(new Error(`handshake refused: ${String(data)}`));
        first = null;
        closed = true;
        return socket.close();
      }
      if (awaitingSnapshot && data.subarray(0, SNAPSHOT_PREFIX.length).equals(SNAPSHOT_PREFIX)) {
        awaitingSnapshot = false;
        events.onSnapshot();
        first?.resolve();
        first = null;
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (closed) return;
      events.onDropped();
      // The browser's settings (lib/realtime/client/socket.ts): 1 s doubling to 10 s, ±50% jitter.
      const delay = Math.min(10_000, 1_000 * 2 ** attempt) * (0.5 + Math.random());
      attempt += 1;
      setTimeout(open, delay);
    });
  }

  return new Promise((resolve, reject) => {
    first = { resolve: () => resolve({ close }), reject };
    open();
  });

  function close(): void {
    closed = true;
    current?.close();
  }
}
