/**
 * The live streams that have viewers: one per distinct view (the supervisor's,
 * each wall queue filter, each agent extension), each with its own seq. A
 * stream outlives its last viewer for a while, as that viewer is often back in
 * seconds (a reload, a network blink); after that it is dropped and a new one
 * starts at seq 0. Every viewer starts from a snapshot either way.
 *
 * Each patch costs one socket write per viewer, so a stream's window is as
 * long as its audience needs: patches per second times viewers stays under a
 * budget of writes, and a wall watched by thousands slows its pace rather than
 * the server. However few watch, the window is at least a quarter of a display
 * frame: a patch also costs a render and an encoding, and screens draw at most
 * once per frame (client/frame-writer), so a stream that patched on every one
 * of thousands of deliveries a second would spend the server on changes nobody
 * sees; a quarter frame adds no wait a screen shows.
 * A quiet stream still sends its first change at the next turn, and a screen
 * pop never waits.
 */
import type { Clock, TimerHandle } from '@/lib/clock';
import type { LiveFeed } from './live-feed';
import { createPatchStream, type PatchStream } from './patch-stream';
import type { LivePatch } from './types';
import type { StreamView } from './view-access';

interface StreamEntry<Update> {
  readonly key: string;
  readonly view: StreamView;
  readonly stream: PatchStream<Update>;
}

export interface StreamRegistry<Update> {
  /** Counts one more viewer of the stream, creating it if needed. */
  join(key: string, view: StreamView): StreamEntry<Update>;
  leave(key: string): void;
  get(key: string): StreamEntry<Update> | undefined;
  offer(update: Update): void;
  entries(): Iterable<StreamEntry<Update>>;
  close(): void;
}

interface Entry<Update> extends StreamEntry<Update> {
  viewers: number;
  retireTimer: TimerHandle | null;
}

export interface CoalescingOptions {
  /** Socket writes per second one stream may cause; a bigger audience gets a longer window. */
  writesPerSecond: number;
}

export function createStreamRegistry<Update>(options: CoalescingOptions & {
  clock: Clock;
  feed: Pick<LiveFeed<Update>, 'merge' | 'render' | 'popsFor'>;
  retireAfterMs: number;
  publish(key: string, patch: LivePatch): void;
}): StreamRegistry<Update> {
  const { clock, feed } = options;
  const streams = new Map<string, Entry<Update>>();

  function create(key: string, view: StreamView): Entry<Update> {
    const entry: Entry<Update> = {
      key,
      view,
      viewers: 0,
      retireTimer: null,
      stream: createPatchStream<Update>({
        clock,
        windowMs: () => windowFor(entry.viewers, options),
        merge: feed.merge,
        render: (update) => feed.render(update, view),
        publish: (patch) => options.publish(key, patch),
      }),
    };
    return entry;
  }

  return {
    join(key, view) {
      let entry = streams.get(key);
      if (!entry) {
        entry = create(key, view);
        streams.set(key, entry);
      }
      if (entry.retireTimer) clock.clearTimeout(entry.retireTimer);
      entry.retireTimer = null;
      entry.viewers += 1;
      return entry;
    },
    leave(key) {
      const entry = streams.get(key);
      if (!entry) return;
      entry.viewers = Math.max(0, entry.viewers - 1);
      if (entry.viewers > 0 || entry.retireTimer) return;
      entry.retireTimer = clock.setTimeout(() => {
        entry.stream.close();
        streams.delete(key);
      }, options.retireAfterMs);
    },
    get: (key) => streams.get(key),
    offer(update) {
      // Screen pops must not wait for the window; the wall and supervisor boards can.
      const pops = feed.popsFor(update);
      for (const entry of streams.values()) {
        const { audience, extension } = entry.view;
        entry.stream.offer(update, audience === 'agent' && extension !== undefined && pops.has(extension));
      }
    },
    entries: () => streams.values(),
    close() {
      for (const entry of streams.values()) {
        if (entry.retireTimer) clock.clearTimeout(entry.retireTimer);
        entry.stream.close();
      }
      streams.clear();
    },
  };
}

/** A quarter of a 60 Hz frame: at most 250 patches a second per stream (npm run bench, intake). */
const MIN_WINDOW_MS = 4;

export function windowFor(viewers: number, options: CoalescingOptions): number {
  return Math.max(MIN_WINDOW_MS, Math.ceil((viewers * 1000) / options.writesPerSecond));
}
