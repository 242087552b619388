/**
 * What the Socket.IO server needs of the live core: a feed of updates it can
 * merge, render for one viewer and snapshot. Keeping this seam narrow lets the
 * push layer be tested without the reducers and the core without sockets.
 */
import type { PatchBody } from './patch-stream';
import type { AlertSettings, LiveSnapshot, Thresholds } from './types';
import type { StreamView } from './view-access';

export interface LiveFeed<Update> {
  /** The full picture for one viewer, carrying the seq of that viewer's stream. */
  snapshot(view: StreamView, seq: number): LiveSnapshot;
  /** What an update looks like to one viewer; null when nothing in it concerns them. */
  render(update: Update, view: StreamView): PatchBody | null;
  /** Updates in the order they happened, as one. */
  merge(updates: readonly Update[]): Update;
  /** The agents' extensions whose own calls the update moved: their screens pop without waiting. */
  popsFor(update: Update): ReadonlySet<string>;
  /** Returns the unsubscribe function. */
  subscribe(listener: (update: Update) => void): () => void;
  settingsChanged(change: { thresholds?: Thresholds; alerts?: AlertSettings }): void;
}
