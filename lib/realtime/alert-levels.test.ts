import { describe, expect, it } from 'vitest';
import { bandFor, levelOf, pruneAcknowledged } from './alert-levels';
import { defaultAlerts, defaultThresholds } from './settings-schemas';
import type { QueueLive, Thresholds } from './types';

const now = Date.UTC(2026, 10, 21, 9, 0);

function queue(name: string, callsWaiting: number, waitingSeconds: number | null): QueueLive {
  return {
    queue: name,
    callsWaiting,
    oldestWaitingSince: waitingSeconds === null ? null : now - waitingSeconds * 1000,
    avgWaitSeconds: 0,
    agents: { total: 1, available: 1, busy: 0, away: 0 },
    statsAt: null,
    updatedAt: now,
  };
}

describe('levelOf', () => {
  it('returns amber when the value reaches amber but not red', () => {
    expect(levelOf(3, { amber: 3, red: 6 })).toBe('amber');
  });

  it('returns red when the value reaches red', () => {
    expect(levelOf(6, { amber: 3, red: 6 })).toBe('red');
  });

  it('returns normal when the value is below amber', () => {
    expect(levelOf(2, { amber: 3, red: 6 })).toBe('normal');
  });
});

describe('bandFor', () => {
  it('returns the queue override when one exists', () => {
    const thresholds: Thresholds = { ...defaultThresholds, byQueue: { vip: { callsWaiting: { amber: 1, red: 2 } } } };
    expect(bandFor(thresholds, 'vip', 'callsWaiting')).toEqual({ amber: 1, red: 2 });
    expect(bandFor(thresholds, 'vip', 'longestWaitSeconds')).toEqual(defaultThresholds.longestWaitSeconds);
  });
});

describe('pruneAcknowledged', () => {
  const alerts = { ...defaultAlerts, acknowledged: ['sales:callsWaiting', 'sales:longestWaitSeconds', 'support:callsWaiting'] };

  it('drops acknowledgements whose metric is back to normal', () => {
    const queues = [queue('sales', 1, 90), queue('support', 4, 10)];
    expect(pruneAcknowledged(alerts, queues, defaultThresholds, now)?.acknowledged).toEqual([
      'sales:longestWaitSeconds',
      'support:callsWaiting',
    ]);
  });

  it('drops acknowledgements of queues that are gone', () => {
    expect(pruneAcknowledged(alerts, [queue('support', 4, null)], defaultThresholds, now)?.acknowledged).toEqual([
      'support:callsWaiting',
    ]);
  });

  it('returns null when every acknowledged metric is still raised', () => {
    const queues = [queue('sales', 3, 60), queue('support', 7, 0)];
    expect(pruneAcknowledged(alerts, queues, defaultThresholds, now)).toBeNull();
  });
});
