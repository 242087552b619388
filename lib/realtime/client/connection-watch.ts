/**
 * Tells the screens whether they are live, and repairs sockets that look open
 * but are dead: a TV on a flaky network or a laptop waking from sleep can hold
 * a socket that never reports closing. No heartbeat for `silenceMs` forces a
 * reconnect, after which the server sends a fresh snapshot.
 */
import type { Clock, TimerHandle } from '@/lib/clock';
import type { LiveSocket } from './live-socket';

export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'refused';

export interface ConnectionState {
  status: ConnectionStatus;
  /** When the socket entered this status (device clock). */
  since: number;
  /** The server's reason when it refused the handshake, e.g. "unauthorized". */
  refusal: string | null;
}

interface ConnectionWatchOptions {
  socket: LiveSocket;
  clock: Clock;
  onChange(state: ConnectionState): void;
  /** Heartbeats come every few seconds; three missed ones mean the socket is dead. */
  silenceMs?: number;
  /** Wait before asking again after the server closed the socket itself or could not check the handshake. */
  retryMs?: number;
}

interface ConnectionWatch {
  /** Checks for silence now: timers may have slept in a hidden tab or a suspended TV. */
  checkNow(): void;
  dispose(): void;
}

export function startConnectionWatch({
  socket,
  clock,
  onChange,
  silenceMs = 15_000,
  retryMs = 5_000,
}: ConnectionWatchOptions): ConnectionWatch {
  let lastSignOfLife = clock.now();
  let silenceTimer: TimerHandle | null = null;
  let retryTimer: TimerHandle | null = null;
  let status: ConnectionStatus | null = null;

  function enter(next: ConnectionStatus, refusal: string | null = null): void {
    if (next === status && refusal === null) return;
    status = next;
    onChange({ status: next, since: clock.now(), refusal });
  }

  function armSilenceTimer(): void {
    if (silenceTimer) clock.clearTimeout(silenceTimer);
    silenceTimer = clock.setTimeout(checkNow, silenceMs);
  }

  function signOfLife(): void {
    lastSignOfLife = clock.now();
    armSilenceTimer();
  }

  function checkNow(): void {
    if (!socket.connected) return;
    if (clock.now() - lastSignOfLife < silenceMs) {
      armSilenceTimer();
      return;
    }
    enter('reconnecting');
    socket.disconnect();
    socket.connect();
  }

  const onConnect = (): void => {
    enter('connected');
    signOfLife();
  };

  const onDisconnect = (reason: string): void => {
    if (silenceTimer) clock.clearTimeout(silenceTimer);
    silenceTimer = null;
    if (reason === 'io client disconnect') return;
    enter('reconnecting');
    // The server closed this socket on purpose (revoked display, signed-out user);
    // Socket.IO will not retry by itself, so a new handshake lets the server decide again.
    if (reason === 'io server disconnect') retryLater();
  };

  const onConnectError = (error: Error): void => {
    if (socket.active) {
      enter('reconnecting');
      return;
    }
    // An inactive socket after an error means the server's middleware said no. "unavailable"
    // is the server failing to check, not a verdict: a TV must not unpair over it.
    if (error.message === 'unavailable') {
      enter('reconnecting');
      retryLater();
    } else {
      enter('refused', error.message);
    }
  };

  function retryLater(): void {
    if (retryTimer) clock.clearTimeout(retryTimer);
    retryTimer = clock.setTimeout(() => {
      retryTimer = null;
      socket.connect();
    }, retryMs);
  }

  socket.on('connect', onConnect);
  socket.on('disconnect', onDisconnect);
  socket.on('connect_error', onConnectError);
  socket.on('server:heartbeat', signOfLife);
  socket.on('live:snapshot', signOfLife);
  socket.on('live:patch', signOfLife);
  enter(socket.connected ? 'connected' : 'connecting');
  if (socket.connected) armSilenceTimer();

  return {
    checkNow,
    dispose() {
      if (silenceTimer) clock.clearTimeout(silenceTimer);
      if (retryTimer) clock.clearTimeout(retryTimer);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      socket.off('server:heartbeat', signOfLife);
      socket.off('live:snapshot', signOfLife);
      socket.off('live:patch', signOfLife);
    },
  };
}
