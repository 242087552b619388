/**
 * Which threshold crossings deserve a sound, and which ones a supervisor can
 * acknowledge. Keys are `${queue}:${metric}`, as in AlertSettings.acknowledged.
 */
import type { AlertSettings } from '@/lib/realtime/types';
import type { QueueFigures } from './queue-board';
import { isHigher, type Level, type Metric } from './thresholds';

export type LevelsByKey = ReadonlyMap<string, Level>;

export interface Crossing {
  key: string;
  queue: string;
  metric: Metric;
  level: Exclude<Level, 'normal'>;
  acknowledged: boolean;
}

const METRICS: Metric[] = ['callsWaiting', 'longestWaitSeconds'];

function alertKey(queue: string, metric: Metric): string {
  return `${queue}:${metric}`;
}

export function levelsByKey(queues: QueueFigures[]): LevelsByKey {
  const levels = new Map<string, Level>();
  for (const figures of queues) {
    if (figures.queue === null) continue;
    for (const metric of METRICS) levels.set(alertKey(figures.queue, metric), figures.levels[metric]);
  }
  return levels;
}

/**
 * Crossings that went up a level since the previous evaluation and should
 * sound: sound enabled, not snoozed, not acknowledged. A metric seen for the
 * first time counts as coming from normal.
 */
export function crossingsToSound(previous: LevelsByKey, current: LevelsByKey, alerts: AlertSettings, nowMs: number): string[] {
  if (!alerts.soundEnabled) return [];
  if (alerts.snoozedUntil !== null && alerts.snoozedUntil > nowMs) return [];
  const acknowledged = new Set(alerts.acknowledged);
  const rising: string[] = [];
  for (const [key, level] of current) {
    if (isHigher(level, previous.get(key) ?? 'normal') && !acknowledged.has(key)) rising.push(key);
  }
  return rising;
}

/** Every metric above normal now, red first, for the supervisor's alert list. */
export function activeCrossings(queues: QueueFigures[], alerts: AlertSettings): Crossing[] {
  const acknowledged = new Set(alerts.acknowledged);
  const crossings: Crossing[] = [];
  for (const figures of queues) {
    if (figures.queue === null) continue;
    for (const metric of METRICS) {
      const level = figures.levels[metric];
      if (level === 'normal') continue;
      const key = alertKey(figures.queue, metric);
      crossings.push({ key, queue: figures.queue, metric, level, acknowledged: acknowledged.has(key) });
    }
  }
  return crossings.sort((a, b) => (a.level === b.level ? 0 : a.level === 'red' ? -1 : 1));
}
