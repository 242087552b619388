/**
 * Hands a screen the newest snapshot at most once per animation frame. The
 * server sends each change as soon as it can; a busy stream may bring several
 * patches within one frame, and re-rendering a TV for each would only burn
 * its CPU. While the page is hidden frames stop, so values go through at once:
 * an agent's desktop notification must still fire for a tab in the background.
 */

export interface FrameScheduler {
  requestFrame(callback: () => void): number;
  cancelFrame(handle: number): void;
  isHidden(): boolean;
  /** Calls back whenever the page is hidden or shown; returns how to stop. */
  onVisibilityChange(callback: () => void): () => void;
}

export interface FrameWriter<Value> {
  write(value: Value): void;
  dispose(): void;
}

export function createFrameWriter<Value>(deliver: (value: Value) => void, scheduler: FrameScheduler): FrameWriter<Value> {
  let pending: { value: Value } | null = null;
  let frame: number | null = null;

  function flush(): void {
    if (frame !== null) scheduler.cancelFrame(frame);
    frame = null;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    deliver(value);
  }

  // A frame requested just before the page was hidden would not come until it is shown again.
  const stopWatching = scheduler.onVisibilityChange(() => {
    if (scheduler.isHidden()) flush();
  });

  return {
    write(value) {
      pending = { value };
      if (scheduler.isHidden()) flush();
      else frame ??= scheduler.requestFrame(flush);
    },
    dispose() {
      stopWatching();
      if (frame !== null) scheduler.cancelFrame(frame);
      frame = null;
      pending = null;
    },
  };
}

export const browserFrames: FrameScheduler = {
  requestFrame: (callback) => requestAnimationFrame(callback),
  cancelFrame: (handle) => cancelAnimationFrame(handle),
  isHidden: () => document.visibilityState === 'hidden',
  onVisibilityChange(callback) {
    document.addEventListener('visibilitychange', callback);
    return () => document.removeEventListener('visibilitychange', callback);
  },
};
