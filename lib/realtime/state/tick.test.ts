import { describe, expect, it } from 'vitest';
import { applyCallEvent } from './apply-call-event';
import { applyCdrs } from './apply-cdrs';
import { applyStats } from './apply-stats';
import { isEmptyChange } from './change';
import { cdrMessage, MINUTE, NINE_AM, queueCall, queueStats, SECOND } from './fixtures';
import { createLiveState } from './live-state';
import { project } from './projection';
import { tick } from './tick';

const HOUR = 60 * MINUTE;
const supervisor = { audience: 'supervisor' } as const;

function answeredCdr(callId: string, start: number) {
  return cdrMessage({
    callId,
    legs: [
      { user: 'sales', start, answer: start, end: start + 10 * SECOND },
      { user: '201', start: start + 5 * SECOND, answer: start + 10 * SECOND, end: start + 70 * SECOND },
    ],
  });
}

describe('tick', () => {
  it('removes an ended call once it has lingered', () => {
    const state = createLiveState({ timeZone: 'Europe/London', lingerMs: 30 * SECOND }, NINE_AM);
    const call = queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM });
    applyCallEvent(state, call.enters(), NINE_AM);
    applyCallEvent(state, call.hangsUp(), NINE_AM + 10 * SECOND);

    expect(isEmptyChange(tick(state, NINE_AM + 39 * SECOND))).toBe(true);
    expect(project(state, supervisor).calls).toHaveLength(1);
    const change = tick(state, NINE_AM + 40 * SECOND);
    expect([...change.removedCalls]).toEqual(['c1']);
    expect(project(state, supervisor).calls).toEqual([]);
    // Gone, and a late copy of its messages does not bring it back.
    expect(isEmptyChange(applyCallEvent(state, call.enters(), NINE_AM + 41 * SECOND))).toBe(true);
  });

  it('closes a call that has been silent for the timeout, then lets it linger', () => {
    const state = createLiveState({ timeZone: 'Europe/London', lingerMs: 30 * SECOND, callTimeoutMs: 4 * HOUR }, NINE_AM);
    applyStats(state, [queueStats('sales')], NINE_AM);
    const call = queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM });
    applyCallEvent(state, call.enters(), NINE_AM);
    applyCallEvent(state, call.offers('201'), NINE_AM + SECOND);
    applyCallEvent(state, call.answers(NINE_AM + 2 * SECOND), NINE_AM + 2 * SECOND);

    expect(tick(state, NINE_AM + 4 * HOUR + SECOND).calls.size).toBe(0);
    const change = tick(state, NINE_AM + 4 * HOUR + 2 * SECOND);
    expect([...change.calls]).toEqual(['c1']);
    expect(project(state, supervisor).calls).toMatchObject([{ id: 'c1', phase: 'ended', outcome: 'answered', endedAt: NINE_AM + 4 * HOUR + 2 * SECOND }]);
    expect(project(state, supervisor).agents).toMatchObject([{ extension: '201', state: 'idle' }]);
    expect([...tick(state, NINE_AM + 4 * HOUR + 32 * SECOND).removedCalls]).toEqual(['c1']);
  });

  it('starts a new day at midnight in the company zone', () => {
    // 23:30 in London on 21 November is 23:30 UTC (GMT).
    const evening = Date.UTC(2026, 10, 21, 23, 30);
    const state = createLiveState({ timeZone: 'Europe/London' }, evening);
    applyStats(state, [queueStats('sales')], evening);
    applyCdrs(state, answeredCdr('c1', evening), evening + MINUTE);
    expect(project(state, supervisor).kpis).toMatchObject({ day: '2026-11-21', total: { answered: 1 } });
    expect(project(state, supervisor).kpis.total.perHour[23]).toEqual({ answered: 1, missed: 0 });

    expect(tick(state, Date.UTC(2026, 10, 21, 23, 59, 59)).kpis).toBe(false);
    const change = tick(state, Date.UTC(2026, 10, 22, 0, 0, 0));
    expect(change.kpis).toBe(true);
    expect(project(state, supervisor).kpis).toMatchObject({ day: '2026-11-22', total: { answered: 0, missed: 0 }, byQueue: {} });
  });

  it('starts a new day on the next input when no tick came', () => {
    const evening = Date.UTC(2026, 10, 21, 23, 30);
    const state = createLiveState({ timeZone: 'Europe/London' }, evening);
    applyStats(state, [queueStats('sales')], evening);
    applyCdrs(state, answeredCdr('c1', evening), evening + MINUTE);
    const morning = Date.UTC(2026, 10, 22, 7, 0);
    const change = applyCallEvent(state, queueCall({ callId: 'c2', queue: 'sales', at: morning }).enters(), morning);
    expect(change.kpis).toBe(true);
    expect(project(state, supervisor).kpis).toMatchObject({ day: '2026-11-22', total: { answered: 0 } });
  });

  it('ends the day at 23:00 UTC when London springs forward that morning', () => {
    // 29 March 2026: clocks go from 01:00 GMT to 02:00 BST, so the day lasts 23 hours.
    const noon = Date.UTC(2026, 2, 29, 11, 0);
    const state = createLiveState({ timeZone: 'Europe/London' }, noon);
    applyStats(state, [queueStats('sales')], noon);
    applyCdrs(state, answeredCdr('c1', noon), noon + MINUTE);
    // 11:00 UTC is 12:00 BST.
    expect(project(state, supervisor).kpis.total.perHour[12]).toEqual({ answered: 1, missed: 0 });
    expect(tick(state, Date.UTC(2026, 2, 29, 22, 59, 59)).kpis).toBe(false);
    expect(tick(state, Date.UTC(2026, 2, 29, 23, 0, 0)).kpis).toBe(true);
    expect(project(state, supervisor).kpis.day).toBe('2026-03-30');
  });

  it('ends the day at midnight UTC when London falls back that morning', () => {
    // 25 October 2026: clocks go from 02:00 BST back to 01:00 GMT, so the day lasts 25 hours.
    const start = Date.UTC(2026, 9, 24, 23, 0);
    const state = createLiveState({ timeZone: 'Europe/London' }, start + MINUTE);
    expect(project(state, supervisor).kpis.day).toBe('2026-10-25');
    expect(tick(state, Date.UTC(2026, 9, 25, 23, 0, 0)).kpis).toBe(false);
    expect(tick(state, Date.UTC(2026, 9, 25, 23, 59, 59)).kpis).toBe(false);
    expect(tick(state, Date.UTC(2026, 9, 26, 0, 0, 0)).kpis).toBe(true);
    expect(project(state, supervisor).kpis.day).toBe('2026-10-26');
  });

  it('counts a number afresh on the new day', () => {
    const evening = Date.UTC(2026, 10, 21, 23, 50);
    const state = createLiveState({ timeZone: 'Europe/London' }, evening);
    applyCallEvent(state, queueCall({ callId: 'c1', queue: 'sales', at: evening }).enters(), evening);
    const morning = Date.UTC(2026, 10, 22, 8, 0);
    applyCallEvent(state, queueCall({ callId: 'c2', queue: 'sales', at: morning }).enters(), morning);
    expect(project(state, supervisor).calls.map((call) => [call.id, call.callerCallsToday])).toEqual([
      ['c1', 1],
      ['c2', 1],
    ]);
  });
});
