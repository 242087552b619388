/**
 * One viewer's stream of patches: numbers them (seq + 1 each, so a client can
 * spot a gap and resync) and coalesces a burst of changes into one patch per
 * window. The stream knows nothing of Socket.IO or the live state: it is handed
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

  function flush(): void {
    cancelTimer();
    if (pending === null) return;
    const body = options.render(pending);
    pending = null;
    if (body) publish(body);
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
      timer ??= clock.setTimeout(flush, options.coalesceMs);
    },
    flush,
    close() {
      cancelTimer();
      pending = null;
    },
  };
}
