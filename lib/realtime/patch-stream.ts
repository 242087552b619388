/**
 * One viewer's stream of patches: numbers them (seq + 1 each, so a client can
 * spot a gap and resync) and coalesces bursts. Changes are rendered and sent at
 * the next turn of the event loop, so every delivery handled in one turn makes
 * one patch; sending opens a window during which changes wait, so a busy stream
 * sends at most one patch per window. An urgent change (an agent's screen pop)
 * does not wait for the window. The stream knows nothing of Socket.IO or the
 * live state: it is handed how to render what accumulated and where to publish it.
 */
import type { Clock, TimerHandle } from '@/lib/clock';
import type { LivePatch } from './types';

export type PatchBody = Omit<LivePatch, 'seq' | 'serverTime'>;

export interface PatchStreamOptions<Update> {
  clock: Clock;
  /** How long a patch holds the next one back; asked each time, as it may grow with the audience. */
  windowMs(): number;
  /** Updates in the order they came, as one (called once per patch, not per update). */
  merge(updates: readonly Update[]): Update;
  /** What the accumulated updates look like to this stream's viewer; null when none concerns them. */
  render(pending: Update): PatchBody | null;
  publish(patch: LivePatch): void;
}

export interface PatchStream<Update> {
  /** The seq of the last patch published; a snapshot taken now carries it. */
  readonly seq: number;
  /** An urgent update goes out at the next turn even while a window is open. */
  offer(update: Update, urgent?: boolean): void;
  /** Publishes what is pending now, so a snapshot taken next already includes it. */
  flush(): void;
  close(): void;
}

/** A timer of 0 ms fires after the I/O already queued in this turn, so a burst of deliveries shares one patch. */
const NEXT_TURN_MS = 0;

export function createPatchStream<Update>(options: PatchStreamOptions<Update>): PatchStream<Update> {
  const { clock } = options;
  let seq = 0;
  let pending: Update[] = [];
  let timer: TimerHandle | null = null;
  /** True while the pending changes are due at the next turn rather than at the window's end. */
  let dueNextTurn = false;

  function cancelTimer(): void {
    if (timer) clock.clearTimeout(timer);
    timer = null;
    dueNextTurn = false;
  }

  /** Returns whether a patch went out: a viewer who sees none of the changes gets nothing. */
  function publishPending(): boolean {
    if (pending.length === 0) return false;
    const body = options.render(options.merge(pending));
    pending = [];
    if (!body) return false;
    seq += 1;
    options.publish({ seq, serverTime: clock.now(), ...body });
    return true;
  }

  /** Sends what accumulated and holds the next patch back for a window; a quiet window ends the hold. */
  function send(): void {
    timer = null;
    dueNextTurn = false;
    if (publishPending()) timer = clock.setTimeout(send, options.windowMs());
  }

  function sendNextTurn(): void {
    if (dueNextTurn) return;
    cancelTimer();
    dueNextTurn = true;
    timer = clock.setTimeout(send, NEXT_TURN_MS);
  }

  return {
    get seq() {
      return seq;
    },
    offer(update, urgent = false) {
      pending.push(update);
      // No timer: the stream was quiet, so this change leads; a running timer is a window or the next turn.
      if (urgent || timer === null) sendNextTurn();
    },
    flush() {
      cancelTimer();
      publishPending();
    },
    close() {
      cancelTimer();
      pending = [];
    },
  };
}
