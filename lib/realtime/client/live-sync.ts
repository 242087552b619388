/**
 * Keeps one live snapshot in step with the push server: the connect snapshot,
 * then patches in seq order. A lost patch (a seq gap, or a heartbeat ahead of
 * what we hold) asks for a fresh snapshot with `live:resync`; patches that
 * arrive meanwhile wait and are replayed on top of it.
 */
import type { Clock, TimerHandle } from '@/lib/clock';
import type { LivePatch, LiveSnapshot } from '../types';
import { applyPatch } from './apply-patch';
import type { LiveSocket } from './live-socket';
import { orderPatch } from './order-patch';
import { HeartbeatSchema, LivePatchSchema, LiveSnapshotSchema } from './schemas';

/** Beyond this many waiting patches a snapshot is cheaper than the replay. */
const MAX_PENDING_PATCHES = 500;
const RESYNC_TIMEOUT_MS = 10_000;

interface LiveSyncOptions {
  socket: LiveSocket;
  clock: Clock;
  /** Receives every new snapshot: the one place the screens read from. */
  write(snapshot: LiveSnapshot): void;
  /** Server time seen in a message, so screens can tick in server time whatever the device clock says. */
  onServerTime?(serverTime: number, receivedAt: number): void;
  resyncRetryMs?: number;
}

export interface LiveSync {
  dispose(): void;
}

export function startLiveSync({ socket, clock, write, onServerTime, resyncRetryMs = 5_000 }: LiveSyncOptions): LiveSync {
  let current: LiveSnapshot | null = null;
  let resyncing = false;
  let pending: LivePatch[] = [];
  let retry: TimerHandle | null = null;
  let disposed = false;

  function noteServerTime(serverTime: number): void {
    onServerTime?.(serverTime, clock.now());
  }

  function adopt(snapshot: LiveSnapshot): void {
    resyncing = false;
    if (retry) clock.clearTimeout(retry);
    retry = null;
    let next = snapshot;
    let gap = false;
    for (const patch of pending.sort((a, b) => a.seq - b.seq)) {
      const order = orderPatch(next.seq, patch.seq);
      if (order === 'next') next = applyPatch(next, patch);
      if (order === 'gap') {
        gap = true;
        break;
      }
    }
    pending = [];
    current = next;
    noteServerTime(next.serverTime);
    write(next);
    if (gap) requestResync();
  }

  function hold(patch: LivePatch): void {
    pending.push(patch);
    if (pending.length > MAX_PENDING_PATCHES) pending = pending.slice(-MAX_PENDING_PATCHES);
  }

  function requestResync(): void {
    if (resyncing || disposed) return;
    resyncing = true;
    socket.timeout(RESYNC_TIMEOUT_MS).emit('live:resync', (error, result) => {
      if (disposed) return;
      const snapshot = !error && 'data' in result ? LiveSnapshotSchema.safeParse(result.data) : null;
      if (snapshot?.success) {
        adopt(snapshot.data);
        return;
      }
      resyncing = false;
      retry = clock.setTimeout(() => {
        retry = null;
        requestResync();
      }, resyncRetryMs);
    });
  }

  const onSnapshot = (raw: unknown): void => {
    const parsed = LiveSnapshotSchema.safeParse(raw);
    // A malformed snapshot is dropped: asking again would return the same one.
    if (parsed.success) adopt(parsed.data);
  };

  const onPatch = (raw: unknown): void => {
    const parsed = LivePatchSchema.safeParse(raw);
    if (!parsed.success) {
      requestResync();
      return;
    }
    const patch = parsed.data;
    noteServerTime(patch.serverTime);
    if (!current || resyncing) {
      hold(patch);
      return;
    }
    const order = orderPatch(current.seq, patch.seq);
    if (order === 'next') {
      current = applyPatch(current, patch);
      write(current);
    } else if (order === 'gap') {
      hold(patch);
      requestResync();
    }
  };

  const onHeartbeat = (raw: unknown): void => {
    const parsed = HeartbeatSchema.safeParse(raw);
    if (!parsed.success) return;
    noteServerTime(parsed.data.serverTime);
    // The server has sent patches we never saw, and may send no more for a while.
    if (current && !resyncing && parsed.data.seq > current.seq) requestResync();
  };

  socket.on('live:snapshot', onSnapshot);
  socket.on('live:patch', onPatch);
  socket.on('server:heartbeat', onHeartbeat);

  return {
    dispose() {
      disposed = true;
      if (retry) clock.clearTimeout(retry);
      socket.off('live:snapshot', onSnapshot);
      socket.off('live:patch', onPatch);
      socket.off('server:heartbeat', onHeartbeat);
    },
  };
}
