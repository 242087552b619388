/**
 * Where a queue's metrics stand against the supervisor's thresholds, and which
 * acknowledged crossings have lapsed because the metric returned to normal.
 */
import type { AlertSettings, QueueLive, ThresholdBand, Thresholds } from './types';

type AlertLevel = 'normal' | 'amber' | 'red';
type Metric = 'callsWaiting' | 'longestWaitSeconds';

export function levelOf(value: number, band: ThresholdBand): AlertLevel {
  if (value >= band.red) return 'red';
  if (value >= band.amber) return 'amber';
  return 'normal';
}

/** The queue's own override wins over the company default (types.ts: Thresholds). */
export function bandFor(thresholds: Thresholds, queue: string, metric: Metric): ThresholdBand {
  return thresholds.byQueue[queue]?.[metric] ?? thresholds[metric];
}

function metricValue(queue: QueueLive, metric: Metric, now: number): number {
  if (metric === 'callsWaiting') return queue.callsWaiting;
  return queue.oldestWaitingSince === null ? 0 : Math.max(0, Math.floor((now - queue.oldestWaitingSince) / 1000));
}

/**
 * Drops acknowledgements (`${queue}:${metric}`) whose metric is back to normal,
 * so the next crossing alerts again. Returns null when nothing lapsed.
 */
export function pruneAcknowledged(
  alerts: AlertSettings,
  queues: readonly QueueLive[],
  thresholds: Thresholds,
  now: number,
): AlertSettings | null {
  if (alerts.acknowledged.length === 0) return null;
  const byName = new Map(queues.map((queue) => [queue.queue, queue]));
  const kept = alerts.acknowledged.filter((key) => {
    const split = key.lastIndexOf(':');
    const queue = byName.get(key.slice(0, split));
    const metric = key.slice(split + 1);
    if (split < 0 || !queue || (metric !== 'callsWaiting' && metric !== 'longestWaitSeconds')) return false;
    return levelOf(metricValue(queue, metric, now), bandFor(thresholds, queue.queue, metric)) !== 'normal';
  });
  return kept.length === alerts.acknowledged.length ? null : { ...alerts, acknowledged: kept };
}
