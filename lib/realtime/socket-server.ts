/**
 * The live push: Socket.IO on the wallboard's own HTTP server (path /socket.io).
 * Each socket is authenticated at the handshake, put in the stream its grant
 * allows, sent a full snapshot and then numbered patches of that stream.
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type ServerOptions } from 'socket.io';
import type { Clock } from '@/lib/clock';
import type { Logger } from '@/lib/log';
import type { RealtimeControl } from './control';
import type { AckErrorCode, AuthenticateHandshake, DisplayConfig, DisplayStatus } from './events';
import type { LiveFeed } from './live-feed';
import { createConnectionHandlers, type LiveServer } from './socket-connection';
import { createStreamRegistry } from './stream-registry';
import { decideView } from './view-access';

export interface RealtimeServerDeps<Update> {
  core: LiveFeed<Update>;
  authenticate: AuthenticateHandshake;
  clock: Clock;
  log: Logger;
  /** Receives each display's self-report (heartbeat, version, memory). */
  onDisplayStatus?: (displayId: string, status: DisplayStatus) => void | Promise<void>;
  /**
   * A cluster adapter when several servers share the audience (lib/cluster).
   * Display commands and disconnections then reach sockets on every server;
   * live patches and heartbeats never go through it, because each server
   * numbers its own streams from its own replica of the live state.
   */
  adapter?: ServerOptions['adapter'];
  /** Socket writes per second one stream may cause before its window widens. */
  writesPerSecond?: number;
  heartbeatMs?: number;
}

export interface RealtimeServer extends RealtimeControl {
  /** Ends every socket and closes the HTTP server Socket.IO is attached to. */
  close(): Promise<void>;
}

const STREAM_ROOM_PREFIX = 'stream:';
/** A reloaded page or a TV whose network blinked is back within seconds, and finds its stream still there. */
const STREAM_LINGER_MS = 15_000;
/**
 * A patch's write to one socket costs 10 to 30 µs on the 2-core development machine, most of it in
 * the kernel: at this budget a wall watched by 4,500 TVs sends a patch every 150 ms and spends about
 * 130 ms writing it out (npm run bench, 5,000 sockets).
 */
const DEFAULT_WRITES_PER_SECOND = 30_000;

export function createRealtimeServer<Update>(httpServer: HttpServer, deps: RealtimeServerDeps<Update>): RealtimeServer {
  const { clock, core, log } = deps;
  const heartbeatMs = deps.heartbeatMs ?? 5_000;

  const io: LiveServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    // Clients send only small messages (resync, display status): anything bigger is abuse.
    maxHttpBufferSize: 64 * 1024,
    // No connection state recovery: it keeps every broadcast for its window, so memory would grow with
    // the event rate. A screen that comes back gets a fresh snapshot, shared with everyone joining its
    // stream in the same turn (socket-connection.ts), which keeps a reconnect storm cheap.
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
  });

  const streams = createStreamRegistry<Update>({
    clock,
    feed: core,
    writesPerSecond: deps.writesPerSecond ?? DEFAULT_WRITES_PER_SECOND,
    retireAfterMs: STREAM_LINGER_MS,
    // A room broadcast serialises the patch once for every socket of the stream. Local: another
    // server's sockets get the same change from that server's replica, under its own seq.
    publish: (key, patch) => void io.local.to(STREAM_ROOM_PREFIX + key).emit('live:patch', patch),
  });
  const unsubscribe = core.subscribe((update) => streams.offer(update));

  io.use((socket, next) => {
    deps
      .authenticate({ headers: socket.handshake.headers, auth: socket.handshake.auth })
      .then((grant) => {
        const decision = decideView(grant, socket.handshake.auth, clock.now());
        if (!decision.ok) return next(refusal(decision.code));
        socket.data = { grant: decision.grant, view: decision.view, streamKey: decision.streamKey };
        next();
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'socket handshake authentication failed');
        next(refusal('unavailable'));
      });
  });

  const connections = createConnectionHandlers({
    core,
    streams,
    clock,
    log,
    onDisplayStatus: deps.onDisplayStatus,
    streamRoom: (key) => STREAM_ROOM_PREFIX + key,
  });
  io.on('connection', (socket) => connections.onConnection(socket));
  io.on('display:configure', (displayId, config) => reconfigureLocalDisplay(displayId, config));

  function reconfigureLocalDisplay(displayId: string, config: DisplayConfig): void {
    for (const socket of localSockets(io, `display:${displayId}`)) connections.reconfigureDisplay(socket, config);
  }

  let heartbeat = clock.setTimeout(beat, heartbeatMs);
  function beat(): void {
    for (const entry of streams.entries()) {
      // Volatile: a heartbeat that cannot be sent now is worthless later.
      io.local.to(STREAM_ROOM_PREFIX + entry.key).volatile.emit('server:heartbeat', { serverTime: clock.now(), seq: entry.stream.seq });
    }
    heartbeat = clock.setTimeout(beat, heartbeatMs);
  }

  return {
    settingsChanged: (change) => core.settingsChanged(change),
    sendDisplayCommand(displayId, command) {
      if (command.type === 'configure') {
        reconfigureLocalDisplay(displayId, command.config);
        if (deps.adapter) io.serverSideEmit('display:configure', displayId, command.config);
      }
      io.to(`display:${displayId}`).emit('display:command', command);
    },
    disconnectDisplay(displayId) {
      // Tell the TV why before it goes, so it shows the pairing screen instead of retrying.
      io.to(`display:${displayId}`).emit('display:command', { type: 'revoked' });
      io.in(`display:${displayId}`).disconnectSockets(true);
    },
    disconnectUser(userId) {
      io.in(`user:${userId}`).disconnectSockets(true);
    },
    async close() {
      clock.clearTimeout(heartbeat);
      unsubscribe();
      streams.close();
      await io.close();
    },
  };
}

function refusal(code: AckErrorCode): Error {
  return Object.assign(new Error(code), { data: { code } });
}

function localSockets(io: LiveServer, room: string) {
  const ids = io.sockets.adapter.rooms.get(room) ?? new Set<string>();
  return [...ids].flatMap((id) => io.sockets.sockets.get(id) ?? []);
}
