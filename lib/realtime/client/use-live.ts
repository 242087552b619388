import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { DisplayCommand, HandshakeAuth } from '../events';
import type { LiveSnapshot } from '../types';
import { systemClock } from '@/lib/clock';
import { startConnectionWatch, type ConnectionState } from './connection-watch';
import { browserFrames, createFrameWriter } from './frame-writer';
import { startLiveSync } from './live-sync';
import { liveQueryOptions } from './queries';
import { DisplayCommandSchema } from './schemas';
import { closeLiveSocket, openLiveSocket } from './socket';

interface LiveView {
  snapshot: LiveSnapshot | undefined;
  connection: ConnectionState;
  /** Add to the device clock to get server time (TV clocks drift). */
  serverOffsetMs: number;
}

interface UseLiveOptions {
  onDisplayCommand?(command: DisplayCommand): void;
}

/** Ignore offset changes smaller than this: network jitter is not clock drift. */
const OFFSET_JITTER_MS = 500;

/**
 * Connects the page's socket with the given handshake (null: not yet, e.g. a
 * wall waiting to be paired) and keeps the live snapshot in the query cache.
 */
export function useLive(auth: HandshakeAuth | null, { onDisplayCommand }: UseLiveOptions = {}): LiveView {
  const view = auth?.view ?? 'wall';
  const queryClient = useQueryClient();
  const { data: snapshot } = useQuery(liveQueryOptions(view));
  const [connection, setConnection] = useState<ConnectionState>({ status: 'connecting', since: 0, refusal: null });
  const [serverOffsetMs, setServerOffsetMs] = useState(0);
  const commandHandler = useRef(onDisplayCommand);
  commandHandler.current = onDisplayCommand;
  const authKey = auth ? JSON.stringify(auth) : null;

  useEffect(() => {
    // Without a handshake (a wall waiting to be paired) nothing from an earlier connection may linger.
    if (!authKey) {
      queryClient.removeQueries({ queryKey: liveQueryOptions(view).queryKey });
      return;
    }
    const handshake = JSON.parse(authKey) as HandshakeAuth;
    const socket = openLiveSocket(handshake);
    const { queryKey } = liveQueryOptions(handshake.view);
    const screen = createFrameWriter<LiveSnapshot>((next) => queryClient.setQueryData(queryKey, next), browserFrames);
    const sync = startLiveSync({
      socket,
      clock: systemClock,
      write: screen.write,
      onServerTime: (serverTime, receivedAt) =>
        setServerOffsetMs((previous) => {
          const offset = serverTime - receivedAt;
          return Math.abs(offset - previous) < OFFSET_JITTER_MS ? previous : offset;
        }),
    });
    const watch = startConnectionWatch({ socket, clock: systemClock, onChange: setConnection });
    const onCommand = (raw: unknown): void => {
      const command = DisplayCommandSchema.safeParse(raw);
      if (command.success) commandHandler.current?.(command.data);
    };
    const onVisible = (): void => {
      if (document.visibilityState === 'visible') watch.checkNow();
    };
    socket.on('display:command', onCommand);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      socket.off('display:command', onCommand);
      watch.dispose();
      sync.dispose();
      screen.dispose();
      closeLiveSocket(socket);
    };
  }, [authKey, view, queryClient]);

  return { snapshot, connection, serverOffsetMs };
}
