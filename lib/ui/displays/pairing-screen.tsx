'use client';
/**
 * What an unpaired wall TV shows: a short code in very large type and how to
 * use it. The TV makes its own display token; only the token's SHA-256 leaves
 * the browser, and the token is handed to onPaired once a supervisor has used
 * the code. The caller stores it (lib/ui/wall keeps it in localStorage).
 */
import { useEffect, useRef, useState } from 'react';
import { systemClock } from '@/lib/clock';
import { httpPairingApi } from './pairing-api';
import { startPairingLoop, type PairingView } from './pairing-loop';
import { forgetPendingDisplayToken, pendingDisplayToken } from './pending-token';
import { sha256Hex } from './sha256';

export function PairingScreen({ onPaired }: { onPaired(displayToken: string): void }) {
  const [view, setView] = useState<PairingView>({ state: 'starting' });
  // The loop outlives renders; it must call the latest onPaired, not restart when the parent re-renders.
  const onPairedRef = useRef(onPaired);
  useEffect(() => {
    onPairedRef.current = onPaired;
  }, [onPaired]);

  useEffect(() => {
    const storage = window.localStorage;
    const token = pendingDisplayToken(storage, (bytes) => crypto.getRandomValues(bytes));
    return startPairingLoop({
      api: httpPairingApi(window.fetch.bind(window)),
      clock: systemClock,
      tokenHash: sha256Hex(token),
      onView: setView,
      onPaired: () => {
        forgetPendingDisplayToken(storage);
        onPairedRef.current(token);
      },
    });
  }, []);

  const code = view.state === 'starting' ? null : view.code;
  return (
    <main className="grid h-dvh w-dvw place-items-center bg-[#05080d] p-[4vh] text-slate-100" data-testid="pairing-screen">
      <div className="flex flex-col items-center gap-[4vh] text-center">
        <p className="text-[3.5vh] font-semibold uppercase tracking-[0.3em] text-sky-400">Pair this screen</p>
        <p
          className="font-mono text-[22vh] font-black leading-none tracking-[0.08em] text-white"
          data-testid="pairing-code"
        >
          {code ?? '···-···'}
        </p>
        <ol className="space-y-[1vh] text-[3.2vh] text-slate-300">
          <li>
            On a computer, open the <strong className="text-white">supervisor view</strong> →{' '}
            <strong className="text-white">Displays</strong> → <strong className="text-white">Pair</strong>.
          </li>
          <li>Enter this code, name the screen and choose what it shows.</li>
        </ol>
        <p className="text-[2.4vh] text-slate-500" role="status">
          {view.state === 'offline'
            ? 'Cannot reach the wallboard server. Trying again…'
            : 'The code changes every few minutes. This screen updates by itself once paired.'}
        </p>
      </div>
    </main>
  );
}
