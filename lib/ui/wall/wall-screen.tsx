'use client';
/**
 * The wall TV: decides how to connect (display token from the pairing link or
 * storage, else the signed-in person's session, else pairing), then shows the
 * live board with rotation, alert sound, burn-in care and status reports.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DisplayCommand, DisplayConfig, HandshakeAuth } from '@/lib/realtime/events';
import { useLive } from '@/lib/realtime/client';
import { useAlertSound, useServerNow } from '@/lib/ui/common';
import { PairingScreen } from '@/lib/ui/displays';
import { buildQueueBoard } from '@/lib/ui/status';
import { isOpenAt, type BusinessHours } from './business-hours';
import { forgetDisplayToken, resolveDisplayToken, storeDisplayToken } from './display-token';
import { pixelShiftAt } from './pixel-shift';
import { useCrossingSound } from './use-crossing-sound';
import { useDisplayStatusReport } from './use-display-status-report';
import { WallBoard } from './wall-board';

const DEFAULT_CONFIG: DisplayConfig = { name: 'Wallboard', queues: 'all', views: ['queues'], rotateSeconds: 30 };

type Connect = { kind: 'resolving' } | { kind: 'pairing' } | { kind: 'live'; auth: HandshakeAuth };

interface WallScreenProps {
  /** Someone is signed in: the wall can use their session when the TV has no display token. */
  signedIn: boolean;
  version: string;
  businessHours: BusinessHours;
}

export function WallScreen({ signedIn, version, businessHours }: WallScreenProps) {
  const [connect, setConnect] = useState<Connect>({ kind: 'resolving' });
  const [config, setConfig] = useState<DisplayConfig>(DEFAULT_CONFIG);

  // The token lives in the fragment or localStorage, which only the browser can read.
  useEffect(() => {
    const token = resolveDisplayToken({ storage: window.localStorage, location: window.location, history: window.history });
    if (token) setConnect({ kind: 'live', auth: { view: 'wall', displayToken: token } });
    else setConnect(signedIn ? { kind: 'live', auth: { view: 'wall' } } : { kind: 'pairing' });
  }, [signedIn]);

  const unpair = useCallback(() => {
    forgetDisplayToken(window.localStorage);
    setConfig(DEFAULT_CONFIG);
    setConnect(signedIn ? { kind: 'live', auth: { view: 'wall' } } : { kind: 'pairing' });
  }, [signedIn]);

  const onDisplayCommand = useCallback(
    (command: DisplayCommand) => {
      if (command.type === 'reload') window.location.reload();
      else if (command.type === 'revoked') unpair();
      else setConfig(command.config);
    },
    [unpair],
  );

  const auth = connect.kind === 'live' ? connect.auth : null;
  const live = useLive(auth, { onDisplayCommand });
  const paired = Boolean(auth?.displayToken);

  useEffect(() => {
    if (live.connection.status !== 'refused') return;
    if (paired) unpair();
    else setConnect({ kind: 'pairing' });
  }, [live.connection.status, paired, unpair]);

  useDisplayStatusReport(version, paired && live.connection.status === 'connected');

  const nowMs = useServerNow(live.serverOffsetMs);
  const snapshot = live.snapshot;
  const board = useMemo(() => (snapshot ? buildQueueBoard(snapshot, nowMs, config.queues) : null), [snapshot, nowMs, config.queues]);
  const sound = useAlertSound();
  useCrossingSound(board?.queues ?? null, snapshot?.alerts ?? null, nowMs, sound.play);

  if (connect.kind === 'resolving') return <WallMessage text="Starting…" />;
  if (connect.kind === 'pairing') {
    return (
      <PairingScreen
        onPaired={(token: string) => {
          storeDisplayToken(window.localStorage, token);
          setConnect({ kind: 'live', auth: { view: 'wall', displayToken: token } });
        }}
      />
    );
  }
  if (!snapshot || !board) return <WallMessage text="Connecting to the wallboard server…" />;

  const open = isOpenAt(businessHours, nowMs, snapshot.timeZone);
  const shift = pixelShiftAt(nowMs);
  const askForSound = snapshot.alerts.soundEnabled && !sound.unlocked;
  return (
    <main
      onPointerDown={sound.unlocked ? undefined : sound.unlock}
      className="h-dvh w-dvw cursor-none overflow-hidden bg-[#05080d] p-[2vh] text-slate-100"
      data-testid="wall"
      data-open={open}
    >
      <div
        className="h-full transition-[filter] duration-[3000ms]"
        style={{ transform: `translate(${shift.x}px, ${shift.y}px)`, filter: open ? undefined : 'brightness(0.35)' }}
      >
        <WallBoard
          snapshot={snapshot}
          board={board}
          config={config}
          connection={live.connection}
          serverOffsetMs={live.serverOffsetMs}
          nowMs={nowMs}
        />
      </div>
      {askForSound && (
        <button
          type="button"
          onClick={sound.unlock}
          className="fixed bottom-[1.5vh] right-[1.5vh] cursor-pointer rounded-full bg-slate-800/80 px-[1.6vh] py-[0.8vh] text-[1.6vh] text-slate-200"
        >
          Tap to enable sound
        </button>
      )}
    </main>
  );
}

function WallMessage({ text }: { text: string }) {
  return (
    <main className="grid h-dvh w-dvw place-items-center bg-[#05080d] text-[4vh] text-slate-200">
      <p role="status">{text}</p>
    </main>
  );
}
