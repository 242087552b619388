/**
 * What an unpaired TV does while it waits: show a code, check every few
 * seconds whether a supervisor has used it, and fetch a new code shortly
 * before this one expires. Expiry is timed on the TV's own clock from the
 * code's lifetime, so a TV whose clock is wrong still renews on time.
 */
import type { Clock, TimerHandle } from '@/lib/clock';
import type { PairingApi } from './pairing-api';

export type PairingView =
  | { state: 'starting' }
  | { state: 'showing'; code: string }
  /** The server cannot be reached; the last code (if any) stays up, since it may still work. */
  | { state: 'offline'; code: string | null };

interface PairingLoopDeps {
  api: PairingApi;
  clock: Clock;
  tokenHash: string;
  onView(view: PairingView): void;
  onPaired(): void;
}

const CHECK_EVERY_MS = 3_000;
const RETRY_AFTER_MS = 5_000;
/** Renew this long before expiry, so nobody types a code that dies while they type it. */
const RENEW_BEFORE_EXPIRY_MS = 30_000;

/** Starts the loop; the returned function stops it (and ignores answers still on their way). */
export function startPairingLoop(deps: PairingLoopDeps): () => void {
  let stopped = false;
  let timer: TimerHandle | null = null;
  let code: { value: string; renewAt: number } | null = null;

  const schedule = (ms: number) => {
    timer = deps.clock.setTimeout(() => void step(), ms);
  };

  async function step(): Promise<void> {
    timer = null;
    try {
      if (!code || deps.clock.now() >= code.renewAt) {
        const issued = await deps.api.requestCode(deps.tokenHash);
        if (stopped) return;
        code = { value: issued.code, renewAt: deps.clock.now() + issued.expiresInSeconds * 1000 - RENEW_BEFORE_EXPIRY_MS };
        deps.onView({ state: 'showing', code: issued.code });
      }
      const paired = await deps.api.isPaired(deps.tokenHash);
      if (stopped) return;
      if (paired) {
        stopped = true;
        deps.onPaired();
        return;
      }
      deps.onView({ state: 'showing', code: code.value });
      schedule(CHECK_EVERY_MS);
    } catch {
      if (stopped) return;
      deps.onView({ state: 'offline', code: code?.value ?? null });
      schedule(RETRY_AFTER_MS);
    }
  }

  deps.onView({ state: 'starting' });
  void step();
  return () => {
    stopped = true;
    if (timer) deps.clock.clearTimeout(timer);
  };
}
