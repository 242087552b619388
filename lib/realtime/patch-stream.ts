/**
 * One viewer's stream of patches: numbers them (seq + 1 each, so a client can
 * spot a gap and resync) and coalesces bursts: the first change after a quiet
 * spell goes out at once, and what follows within the window goes out together
 * at its end, so a viewer gets at most one patch per window after the leading one. The stream knows nothing of Socket.IO or the live state: it is handed
 * how to render what accumulated and where to publish the result.
 */
import type { Clock, TimerHandle } from '@/lib/clock';
import type { LivePatch } from './types';

export type PatchBody = Omit<LivePatch, 'seq' | 'serverTime'>;

export interface PatchStreamOptions<Update> {
  clock: Clock;
  coalesceMs: number;
  merge(earlier: Update, later: Update): Update;
  /** What the accumulated updates look like to this stream's viewer; null when none concerns them. */
  render(pending: Update): PatchBody | null;
  /** Bodies that must go out at once rather than wait for the window (an agent's screen pop). */
  isUrgent?(body: PatchBody): boolean;
  publish(patch: LivePatch): void;
}

export interface PatchStream<Update> {
  /** The seq of the last patch published; a snapshot taken now carries it. */
  readonly seq: number;
  offer(update: Update): void;
  /** Publishes what is pending now, so a snapshot taken next already includes it. */
  flush(): void;
  close(): void;
}

export function createPatchStream<Update>(options: PatchStreamOptions<Update>): PatchStream<Update> {
  const { clock } = options;
  let seq = 0;
  let pending: Update | null = null;
  let timer: TimerHandle | null = null;

  function publish(body: PatchBody): void {
    seq += 1;
    options.publish({ seq, serverTime: clock.now(), ...body });
  }

  function cancelTimer(): void {
    if (timer) clock.clearTimeout(timer);
    timer = null;
  }

  function publishPending(): void {
    if (pending === null) return;
    const body = options.render(pending);
    pending = null;
    if (body) publish(body);
  }

  function flush(): void {
    cancelTimer();
    publishPending();
  }

  /** Ends a window: what arrived during it goes out, and a busy stream keeps coalescing. */
  function endWindow(): void {
    timer = null;
    if (pending === null) return;
    publishPending();
    timer = clock.setTimeout(endWindow, options.coalesceMs);
  }

  return {
    get seq() {
      return seq;
    },
    offer(update) {
      pending = pending === null ? update : options.merge(pending, update);
      if (options.isUrgent) {
        const body = options.render(pending);
        if (body === null) {
          pending = null;
          return;
        }
        if (options.isUrgent(body)) {
          cancelTimer();
          pending = null;
          publish(body);
          return;
        }
      }
      if (timer) return;
      // A quiet stream publishes at once; only what follows within the window waits for it.
      publishPending();
      timer = clock.setTimeout(endWindow, options.coalesceMs);
    },
    flush,
    close() {
      cancelTimer();
      pending = null;
    },
  };
}
