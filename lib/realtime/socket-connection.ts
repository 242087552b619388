/**
 * What happens on one socket after its handshake was accepted: joining its
 * stream with a snapshot, resync on request, display reports, and the end of a
 * user's session.
 */
import type { Server, Socket } from 'socket.io';
import type { Clock } from '@/lib/clock';
import type { Logger } from '@/lib/log';
import { DisplayStatusSchema } from './display-status-schema';
import type { ClientToServerEvents, DisplayConfig, DisplayStatus, ServerToClientEvents, SocketGrant } from './events';
import type { LiveFeed } from './live-feed';
import { scheduleAt } from './schedule-at';
import type { StreamRegistry } from './stream-registry';
import { decideView, type StreamView } from './view-access';

interface SocketData {
  grant: SocketGrant;
  view: StreamView;
  streamKey: string;
}

/** What servers sharing a cluster adapter tell each other: a display's new queues, for its sockets on every server. */
interface InterServerEvents {
  'display:configure': (displayId: string, config: DisplayConfig) => void;
}
export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export interface ConnectionContext<Update> {
  core: Pick<LiveFeed<Update>, 'snapshot'>;
  streams: StreamRegistry<Update>;
  clock: Clock;
  log: Logger;
  onDisplayStatus?: (displayId: string, status: DisplayStatus) => void | Promise<void>;
  streamRoom(key: string): string;
}

export function createConnectionHandlers<Update>(context: ConnectionContext<Update>) {
  const { clock, core, log, streams } = context;

  /** Sockets waiting for their first snapshot, sent together at the end of this turn. */
  const awaitingSnapshot = new Map<string, { socket: LiveSocket; announceConfig: boolean }>();

  /**
   * Snapshot first, then the room: every patch the socket gets afterwards follows
   * the snapshot's seq. Every socket of one stream that joined in this turn gets
   * the same snapshot in one broadcast, which Socket.IO serialises once: when
   * thousands of TVs reconnect at once, that is most of the server's work.
   */
  function joinWithSnapshot(socket: LiveSocket, options: { announceConfig: boolean }): void {
    for (const room of socket.rooms) if (room.startsWith(context.streamRoom(''))) void socket.leave(room);
    const { view, streamKey } = socket.data;
    streams.join(streamKey, view);
    if (awaitingSnapshot.size === 0) setImmediate(sendAwaitedSnapshots);
    const announceConfig = options.announceConfig || awaitingSnapshot.get(socket.id)?.announceConfig === true;
    awaitingSnapshot.set(socket.id, { socket, announceConfig });
  }

  function sendAwaitedSnapshots(): void {
    const byStream = new Map<string, LiveSocket[]>();
    for (const { socket } of awaitingSnapshot.values()) {
      if (!socket.connected) continue;
      const sockets = byStream.get(socket.data.streamKey) ?? [];
      sockets.push(socket);
      byStream.set(socket.data.streamKey, sockets);
    }
    const announcing = [...awaitingSnapshot.values()];
    awaitingSnapshot.clear();
    for (const [streamKey, sockets] of byStream) {
      const entry = streams.get(streamKey);
      if (!entry) continue;
      try {
        // Publishing what is pending first keeps the next patch from repeating what the snapshot already holds.
        entry.stream.flush();
        const snapshot = core.snapshot(entry.view, entry.stream.seq);
        sockets[0]!.nsp.local.to(sockets.map((socket) => socket.id)).emit('live:snapshot', snapshot);
        for (const socket of sockets) void socket.join(context.streamRoom(streamKey));
      } catch (error) {
        // Outside any socket's handler: one stream's failure must neither crash the server nor starve the
        // other streams. Closing the transport has its screens say they are offline and reconnect with backoff.
        log.error({ err: error, streamKey }, 'sending a snapshot failed');
        for (const socket of sockets) socket.conn.close();
      }
    }
    for (const { socket, announceConfig } of announcing) {
      const { grant } = socket.data;
      if (announceConfig && socket.connected && grant.kind === 'display') {
        // Local, like the snapshot, so the two arrive in order even when a cluster adapter relays other emits.
        socket.nsp.local.to(socket.id).emit('display:command', { type: 'configure', config: grant.config });
      }
    }
  }

  function onConnection(socket: LiveSocket): void {
    const { grant } = socket.data;
    void socket.join(grant.kind === 'user' ? `user:${grant.userId}` : `display:${grant.displayId}`);
    joinWithSnapshot(socket, { announceConfig: true });

    const endSession = grant.kind === 'user' ? scheduleAt(clock, grant.expiresAt, () => socket.disconnect(true)) : null;

    socket.on('live:resync', (ack) => {
      if (typeof ack !== 'function') return;
      try {
        const entry = streams.get(socket.data.streamKey);
        if (!entry) throw new Error(`no live stream ${socket.data.streamKey}`);
        entry.stream.flush();
        ack({ data: core.snapshot(socket.data.view, entry.stream.seq) });
      } catch (error) {
        log.error({ err: error }, 'live resync failed');
        ack({ error: 'unavailable' });
      }
    });

    if (grant.kind === 'display') {
      socket.on('display:status', (raw: unknown) => {
        const parsed = DisplayStatusSchema.safeParse(raw);
        if (!parsed.success || !context.onDisplayStatus) return;
        Promise.resolve()
          .then(() => context.onDisplayStatus?.(grant.displayId, parsed.data))
          .catch((error: unknown) => log.error({ err: error, displayId: grant.displayId }, 'recording display status failed'));
      });
    }

    socket.on('disconnect', () => {
      endSession?.();
      streams.leave(socket.data.streamKey);
    });
  }

  /** Moves a display's socket to the wall of its new queues, with a fresh snapshot. */
  function reconfigureDisplay(socket: LiveSocket, config: DisplayConfig): void {
    const { grant } = socket.data;
    if (grant.kind !== 'display') return;
    const decision = decideView({ ...grant, config }, { view: 'wall' }, clock.now());
    if (!decision.ok) return;
    streams.leave(socket.data.streamKey);
    socket.data = { grant: decision.grant, view: decision.view, streamKey: decision.streamKey };
    joinWithSnapshot(socket, { announceConfig: false });
    // Now rather than at the end of the turn: the configure command sent next must follow the new snapshot.
    sendAwaitedSnapshots();
  }

  return { onConnection, reconfigureDisplay };
}
