/**
 * Threshold bands applied to live metrics. A value at or above the band's red
 * mark is red, at or above amber is amber. Per-queue overrides win over the
 * company default, metric by metric.
 */
import type { QueueLive, ThresholdBand, Thresholds } from '@/lib/realtime/types';

export type Level = 'normal' | 'amber' | 'red';

export type Metric = 'callsWaiting' | 'longestWaitSeconds';

export interface MetricLevels {
  callsWaiting: Level;
  longestWaitSeconds: Level;
  /** The worse of the two. */
  overall: Level;
}

const RANK: Record<Level, number> = { normal: 0, amber: 1, red: 2 };

export function levelOf(value: number, band: ThresholdBand): Level {
  if (value >= band.red) return 'red';
  if (value >= band.amber) return 'amber';
  return 'normal';
}

export function worseLevel(a: Level, b: Level): Level {
  return RANK[a] >= RANK[b] ? a : b;
}

export function isHigher(level: Level, than: Level): boolean {
  return RANK[level] > RANK[than];
}

/** The bands that apply to a queue; null for the company-wide total. */
export function bandsFor(thresholds: Thresholds, queue: string | null): Record<Metric, ThresholdBand> {
  const override = queue === null ? undefined : thresholds.byQueue[queue];
  return {
    callsWaiting: override?.callsWaiting ?? thresholds.callsWaiting,
    longestWaitSeconds: override?.longestWaitSeconds ?? thresholds.longestWaitSeconds,
  };
}

/** How long the longest-waiting caller has waited at `nowMs`, ticking between updates. */
export function longestWaitSeconds(queue: Pick<QueueLive, 'oldestWaitingSince'>, nowMs: number): number {
  if (queue.oldestWaitingSince === null) return 0;
  return Math.max(0, Math.floor((nowMs - queue.oldestWaitingSince) / 1000));
}

export function levelsFor(
  values: { callsWaiting: number; longestWaitSeconds: number },
  bands: Record<Metric, ThresholdBand>,
): MetricLevels {
  const callsWaiting = levelOf(values.callsWaiting, bands.callsWaiting);
  const longestWait = levelOf(values.longestWaitSeconds, bands.longestWaitSeconds);
  return { callsWaiting, longestWaitSeconds: longestWait, overall: worseLevel(callsWaiting, longestWait) };
}
