import { describe, expect, it } from 'vitest';
import { applyCallEvent } from './apply-call-event';
import { applyStats } from './apply-stats';
import { NINE_AM, queueCall, queueStats, SECOND } from './fixtures';
import { createLiveState } from './live-state';
import { project } from './projection';

function setup(caps = {}) {
  const state = createLiveState({ timeZone: 'Europe/London', caps }, NINE_AM);
  const queueOf = (id: string) => project(state, { audience: 'supervisor' }).queues.find((queue) => queue.queue === id);
  return { state, queueOf };
}

describe('applyStats', () => {
  it('takes the poll figures and dates the longest wait from them', () => {
    const { state, queueOf } = setup();
    const change = applyStats(state, [queueStats('sales', { callsWaiting: 2, avgWaitSeconds: 30, maxWaitSeconds: 45, numAgents: 5, availableAgents: 2, unavailableAgents: 3 })], NINE_AM);
    expect([...change.queues]).toEqual(['sales']);
    expect(queueOf('sales')).toEqual({
      queue: 'sales',
      callsWaiting: 2,
      oldestWaitingSince: NINE_AM - 45 * SECOND,
      avgWaitSeconds: 30,
      // No call event has shown a member yet, so the unavailable count as busy.
      agents: { total: 5, available: 2, busy: 3, away: 0 },
      statsAt: NINE_AM,
      updatedAt: NINE_AM,
    });
  });

  it('moves the figures between polls as callers wait and agents take calls', () => {
    const { state, queueOf } = setup();
    applyStats(state, [queueStats('sales', { numAgents: 3, availableAgents: 2, unavailableAgents: 1 })], NINE_AM);
    const call = queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM + 10 * SECOND });

    applyCallEvent(state, call.enters(), NINE_AM + 10 * SECOND);
    expect(queueOf('sales')).toMatchObject({ callsWaiting: 1, oldestWaitingSince: NINE_AM + 10 * SECOND, updatedAt: NINE_AM + 10 * SECOND });

    applyCallEvent(state, call.offers('201'), NINE_AM + 12 * SECOND);
    // Still waiting while the phone rings (the queue holds the caller until an answer), and 201 is now busy.
    expect(queueOf('sales')).toMatchObject({ callsWaiting: 1, agents: { total: 3, available: 1, busy: 1, away: 1 } });

    applyCallEvent(state, call.answers(NINE_AM + 15 * SECOND), NINE_AM + 15 * SECOND);
    expect(queueOf('sales')).toMatchObject({ callsWaiting: 0, oldestWaitingSince: null, agents: { available: 1, busy: 1, away: 1 } });

    applyCallEvent(state, call.hangsUp(), NINE_AM + 90 * SECOND);
    expect(queueOf('sales')).toMatchObject({ callsWaiting: 0, agents: { total: 3, available: 2, busy: 0, away: 1 } });
  });

  it('lowers the waiting count when a caller abandons', () => {
    const { state, queueOf } = setup();
    applyStats(state, [queueStats('sales', { callsWaiting: 1, maxWaitSeconds: 30, avgWaitSeconds: 30 })], NINE_AM);
    const call = queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM + SECOND });
    applyCallEvent(state, call.enters(), NINE_AM + SECOND);
    expect(queueOf('sales')).toMatchObject({ callsWaiting: 2, oldestWaitingSince: NINE_AM - 30 * SECOND });
    applyCallEvent(state, call.hangsUp(), NINE_AM + 20 * SECOND);
    expect(queueOf('sales')).toMatchObject({ callsWaiting: 1, oldestWaitingSince: NINE_AM - 30 * SECOND });
  });

  it('replaces the estimate with the poll and re-applies only what happened after the poll', () => {
    const { state, queueOf } = setup();
    applyStats(state, [queueStats('sales')], NINE_AM);
    applyCallEvent(state, queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM + 10 * SECOND }).enters(), NINE_AM + 10 * SECOND);
    applyCallEvent(state, queueCall({ callId: 'c2', queue: 'sales', at: NINE_AM + 30 * SECOND }).enters(), NINE_AM + 30 * SECOND);
    expect(queueOf('sales')?.callsWaiting).toBe(2);

    // The poll describes 09:00:20 and arrives after c2 entered: it covers c1 (and one caller events never showed), not c2.
    applyStats(state, [queueStats('sales', { callsWaiting: 2, maxWaitSeconds: 40, avgWaitSeconds: 25 })], NINE_AM + 20 * SECOND);
    expect(queueOf('sales')).toMatchObject({ callsWaiting: 3, avgWaitSeconds: 25, statsAt: NINE_AM + 20 * SECOND, oldestWaitingSince: NINE_AM - 20 * SECOND });

    // A later poll covers everything: the poll wins outright, and its 5 s longest wait rules c1 out.
    applyStats(state, [queueStats('sales', { callsWaiting: 1, maxWaitSeconds: 5, avgWaitSeconds: 5 })], NINE_AM + 40 * SECOND);
    expect(queueOf('sales')).toMatchObject({ callsWaiting: 1, oldestWaitingSince: NINE_AM + 30 * SECOND });
  });

  it('stops dating the oldest wait from a caller whose leaving was never heard', () => {
    const { state, queueOf } = setup();
    applyStats(state, [queueStats('sales')], NINE_AM);
    const lost = queueCall({ callId: 'lost', queue: 'sales', at: NINE_AM + SECOND });
    applyCallEvent(state, lost.enters(), NINE_AM + SECOND);
    // One caller waits, for 10 s at most: the one who entered at 09:00:01 (59 s before) is gone.
    applyStats(state, [queueStats('sales', { callsWaiting: 1, maxWaitSeconds: 10, avgWaitSeconds: 10 })], NINE_AM + 60 * SECOND);
    applyCallEvent(state, queueCall({ callId: 'next', queue: 'sales', at: NINE_AM + 70 * SECOND }).enters(), NINE_AM + 70 * SECOND);
    expect(queueOf('sales')).toMatchObject({ callsWaiting: 2, oldestWaitingSince: NINE_AM + 50 * SECOND });
    // Its end, heard late, does not lower a count the poll had already corrected.
    applyCallEvent(state, lost.hangsUp(), NINE_AM + 75 * SECOND);
    expect(queueOf('sales')).toMatchObject({ callsWaiting: 2, oldestWaitingSince: NINE_AM + 50 * SECOND });
  });

  it('ignores a poll older than the one a queue already has', () => {
    const { state, queueOf } = setup();
    applyStats(state, [queueStats('sales', { callsWaiting: 4, maxWaitSeconds: 10 })], NINE_AM + 10 * SECOND);
    applyStats(state, [queueStats('sales', { callsWaiting: 9, maxWaitSeconds: 10 })], NINE_AM);
    expect(queueOf('sales')).toMatchObject({ callsWaiting: 4, statsAt: NINE_AM + 10 * SECOND });
  });

  it('drops queues a newer poll no longer lists', () => {
    const { state } = setup();
    applyStats(state, [queueStats('sales'), queueStats('support')], NINE_AM);
    applyStats(state, [queueStats('sales')], NINE_AM + 5 * SECOND);
    expect(project(state, { audience: 'supervisor' }).queues.map((queue) => queue.queue)).toEqual(['sales']);
  });

  it('splits the unavailable into busy and away once call events show members', () => {
    const { state, queueOf } = setup();
    applyStats(state, [queueStats('sales', { numAgents: 4, availableAgents: 1, unavailableAgents: 3 })], NINE_AM);
    const call = queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM });
    applyCallEvent(state, call.enters(), NINE_AM + SECOND);
    applyCallEvent(state, call.offers('201'), NINE_AM + 2 * SECOND);
    expect(queueOf('sales')?.agents).toEqual({ total: 4, available: 0, busy: 1, away: 3 });
    // The next poll counts 201 among the unavailable already.
    applyStats(state, [queueStats('sales', { numAgents: 4, availableAgents: 0, unavailableAgents: 4 })], NINE_AM + 3 * SECOND);
    expect(queueOf('sales')?.agents).toEqual({ total: 4, available: 0, busy: 1, away: 3 });
  });

  it('keeps the figures when pending adjustments pass their cap', () => {
    const { state, queueOf } = setup({ pendingAdjustments: 3 });
    applyStats(state, [queueStats('sales')], NINE_AM);
    for (let index = 0; index < 10; index++) {
      applyCallEvent(state, queueCall({ callId: `c${index}`, queue: 'sales', at: NINE_AM + index * SECOND }).enters(), NINE_AM + (index + 1) * SECOND);
    }
    expect(queueOf('sales')?.callsWaiting).toBe(10);
    expect(state.queues.get('sales')?.pending.length).toBeLessThanOrEqual(3);
  });
});
