import { describe, expect, it } from 'vitest';
import { dayKpis, FIXTURE_NOW, liveSnapshot, queueLive } from '@/lib/realtime/client/test-fixtures';
import { buildQueueBoard } from './queue-board';

const snapshot = liveSnapshot({
  queues: [
    queueLive('Sales', {
      callsWaiting: 2,
      oldestWaitingSince: FIXTURE_NOW - 90_000,
      avgWaitSeconds: 60,
      agents: { total: 3, available: 0, busy: 2, away: 1 },
    }),
    queueLive('Support', {
      callsWaiting: 1,
      oldestWaitingSince: FIXTURE_NOW - 30_000,
      avgWaitSeconds: 30,
      agents: { total: 2, available: 1, busy: 1, away: 0 },
      statsAt: FIXTURE_NOW - 50_000,
    }),
  ],
  kpis: {
    day: '2026-11-21',
    total: dayKpis({ answered: 10, missed: 2, avgTalkSeconds: 200 }),
    byQueue: {
      Sales: dayKpis({ answered: 6, missed: 2, avgTalkSeconds: 240 }),
      Support: dayKpis({ answered: 4, missed: 0, avgTalkSeconds: 140 }),
    },
  },
  thresholds: {
    callsWaiting: { amber: 3, red: 6 },
    longestWaitSeconds: { amber: 60, red: 120 },
    byQueue: { Support: { longestWaitSeconds: { amber: 20, red: 40 } } },
  },
});

describe('buildQueueBoard', () => {
  const board = buildQueueBoard(snapshot, FIXTURE_NOW);
  const [sales, support] = board.queues;

  it('ticks the longest wait from when the oldest caller queued', () => {
    expect(sales?.longestWaitSeconds).toBe(90);
    expect(buildQueueBoard(snapshot, FIXTURE_NOW + 5_000).queues[0]?.longestWaitSeconds).toBe(95);
  });

  it('rates each queue against its own bands', () => {
    expect(sales?.levels).toEqual({ callsWaiting: 'normal', longestWaitSeconds: 'amber', overall: 'amber' });
    expect(support?.levels).toEqual({ callsWaiting: 'normal', longestWaitSeconds: 'amber', overall: 'amber' });
  });

  it("takes today's figures per queue from the KPIs", () => {
    expect(sales?.today).toEqual({ answered: 6, missed: 2, avgTalkSeconds: 240 });
  });

  it('forecasts a breach when nobody is free and talk times are long', () => {
    // Sales: waits 90 and 30 s, two busy agents freeing every 120 s: the oldest crosses 2:00 in 30 s.
    expect(sales?.forecast).toEqual({ kind: 'likely', inSeconds: 30 });
  });

  it('marks a queue stale when its stats are older than three polls', () => {
    expect(sales?.stale).toBe(false);
    expect(support?.stale).toBe(true);
  });

  it('totals calls, takes the longest wait overall and weights the average wait by callers', () => {
    expect(board.total).toMatchObject({ queue: null, callsWaiting: 3, longestWaitSeconds: 90, avgWaitSeconds: 50 });
    expect(board.total.today).toEqual({ answered: 10, missed: 2, avgTalkSeconds: 200 });
  });

  it('sums the queues agent counts in the total, like the tiles count them', () => {
    expect(board.total.agents).toEqual({ total: 5, available: 1, busy: 3, away: 1 });
  });

  it('is as stale as its stalest queue', () => {
    expect(board.total.statsAt).toBe(FIXTURE_NOW - 50_000);
    expect(board.total.stale).toBe(true);
  });

  it('shows only the listed queues and totals their KPIs when a display limits them', () => {
    const limited = buildQueueBoard(snapshot, FIXTURE_NOW, ['Support']);
    expect(limited.queues.map((figures) => figures.queue)).toEqual(['Support']);
    expect(limited.total.callsWaiting).toBe(1);
    expect(limited.total.today).toEqual({ answered: 4, missed: 0, avgTalkSeconds: 140 });
    expect(limited.total.agents).toEqual({ total: 2, available: 1, busy: 1, away: 0 });
  });
});
