/** Whether a screen kept receiving the live feed, from its samples. Pure. */

const END_SHARE = 0.2;

export interface ScreenLiveness {
  name: string;
  patches: number;
  /** Sampling intervals in which no live patch arrived. */
  quietIntervals: number;
  pageErrors: number;
  /** Patches still arriving in the last 20% of the run, the board still on screen, no crash. */
  liveAtEnd: boolean;
}

export interface ScreenSamples {
  name: string;
  /** Patches received so far, at each sample. */
  patches: readonly number[];
  /** Whether the board was on screen, at each sample. */
  showing: readonly boolean[];
  pageErrors: number;
  crashed: boolean;
}

export function livenessOf(screen: ScreenSamples): ScreenLiveness {
  const { patches, showing } = screen;
  const last = patches.length - 1;
  const endWindow = Math.max(1, Math.ceil(END_SHARE * patches.length));
  const before = last - endWindow >= 0 ? patches[last - endWindow]! : 0;
  const quietIntervals = patches.filter((count, index) => index > 0 && count === patches[index - 1]).length;
  return {
    name: screen.name,
    patches: last >= 0 ? patches[last]! : 0,
    quietIntervals,
    pageErrors: screen.pageErrors,
    liveAtEnd: last >= 0 && patches[last]! > before && showing[last] === true && !screen.crashed,
  };
}
