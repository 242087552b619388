import { describe, expect, it } from 'vitest';
import { applyCallEvent } from './apply-call-event';
import { applyCdrs } from './apply-cdrs';
import { applyStats } from './apply-stats';
import { cdrMessage, directCall, MINUTE, NINE_AM, queueCall, queueStats, SECOND } from './fixtures';
import { createLiveState } from './live-state';
import { project } from './projection';

function setup() {
  const state = createLiveState({ timeZone: 'Europe/London' }, NINE_AM);
  applyStats(state, [queueStats('sales'), queueStats('support')], NINE_AM);
  const view = () => project(state, { audience: 'supervisor' });
  return { state, view };
}

/** A queue call answered by `agent` after `waitSeconds`, talking `talkSeconds`. */
function answeredCall(callId: string, queue: string, start: number, waitSeconds: number, talkSeconds: number, agent = '201') {
  const answer = start + waitSeconds * SECOND;
  return cdrMessage({
    callId,
    legs: [
      { user: queue, start, answer: start, end: answer },
      { user: agent, start: answer - 3 * SECOND, answer, end: answer + talkSeconds * SECOND },
    ],
  });
}

describe('applyCdrs', () => {
  it('counts answered and missed queue calls per queue, per hour and in total', () => {
    const { state, view } = setup();
    applyCdrs(state, answeredCall('c1', 'sales', NINE_AM, 20, 120), NINE_AM + 3 * MINUTE);
    applyCdrs(state, answeredCall('c2', 'sales', NINE_AM + 10 * MINUTE, 40, 300), NINE_AM + 20 * MINUTE);
    applyCdrs(state, answeredCall('c3', 'support', NINE_AM + 70 * MINUTE, 60, 60, '202'), NINE_AM + 80 * MINUTE);
    const change = applyCdrs(state, cdrMessage({ callId: 'c4', legs: [{ user: 'sales', start: NINE_AM + 75 * MINUTE, answer: NINE_AM + 75 * MINUTE, end: NINE_AM + 77 * MINUTE }] }), NINE_AM + 78 * MINUTE);

    expect(change.kpis).toBe(true);
    const { kpis } = view();
    expect(kpis.day).toBe('2026-11-21');
    expect(kpis.byQueue.sales).toMatchObject({ answered: 2, missed: 1, avgTalkSeconds: 210, longestTalkSeconds: 300, avgAnswerSeconds: 30 });
    expect(kpis.byQueue.support).toMatchObject({ answered: 1, missed: 0, avgTalkSeconds: 60, longestTalkSeconds: 60, avgAnswerSeconds: 60 });
    expect(kpis.total).toMatchObject({ answered: 3, missed: 1, avgTalkSeconds: 160, longestTalkSeconds: 300, avgAnswerSeconds: 40 });
    expect(kpis.total.perHour[9]).toEqual({ answered: 2, missed: 0 });
    expect(kpis.total.perHour[10]).toEqual({ answered: 1, missed: 1 });
    expect(kpis.total.perHour.reduce((sum, hour) => sum + hour.answered + hour.missed, 0)).toBe(4);
  });

  it('summarises each call as one view: who answered, how long they waited and talked', () => {
    const { state } = setup();
    // Rang 201 without an answer, then 202 answered and transferred to 301.
    const start = NINE_AM;
    const records = cdrMessage({
      callId: 'c1',
      legs: [
        { user: 'sales', start, answer: start, end: start + 35 * SECOND },
        { user: '201', start: start + 5 * SECOND, answer: null, end: start + 20 * SECOND },
        { user: '202', start: start + 21 * SECOND, answer: start + 35 * SECOND, end: start + 95 * SECOND },
        { user: '301', start: start + 90 * SECOND, answer: start + 95 * SECOND, end: start + 155 * SECOND },
      ],
    });
    const change = applyCdrs(state, records, start + 3 * MINUTE);
    expect(change.cdrs).toEqual([
      {
        callId: 'c1',
        caller: { number: '+441632960567', name: 'Ada Lovelace' },
        queue: 'sales',
        agent: '202',
        startTime: start,
        answerTime: start + 35 * SECOND,
        endTime: start + 155 * SECOND,
        waitSeconds: 35,
        talkSeconds: 120,
        outcome: 'answered',
      },
    ]);
    expect(project(state, { audience: 'supervisor' }).kpis.byQueue.sales).toMatchObject({ answered: 1, avgTalkSeconds: 120, avgAnswerSeconds: 35 });
  });

  it('lists direct calls among recent calls but leaves them out of the queue KPIs', () => {
    const { state, view } = setup();
    applyCdrs(state, cdrMessage({ callId: 'd1', fromExtension: '201', number: 'sip:201@acme.example', legs: [{ user: '202', start: NINE_AM, answer: NINE_AM + 5 * SECOND, end: NINE_AM + MINUTE }] }), NINE_AM + MINUTE);
    expect(view().kpis.total).toMatchObject({ answered: 0, missed: 0 });
    expect(view().recentCdrs).toMatchObject([{ callId: 'd1', queue: null, agent: '202', talkSeconds: 55, outcome: 'answered' }]);
  });

  it('closes a live call whose end message never came', () => {
    const { state, view } = setup();
    const call = queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM });
    applyCallEvent(state, call.enters(), NINE_AM);
    applyCallEvent(state, call.offers('201'), NINE_AM + 5 * SECOND);
    applyCallEvent(state, call.answers(NINE_AM + 10 * SECOND), NINE_AM + 10 * SECOND);

    const change = applyCdrs(state, answeredCall('c1', 'sales', NINE_AM, 10, 50), NINE_AM + 2 * MINUTE);
    expect([...change.calls]).toEqual(['c1']);
    expect(view().calls).toMatchObject([{ id: 'c1', phase: 'ended', outcome: 'answered', endedAt: NINE_AM + 60 * SECOND }]);
    expect(view().agents).toMatchObject([{ extension: '201', state: 'idle' }]);
    // The call is over: its late end message changes nothing.
    expect(applyCallEvent(state, call.hangsUp(), NINE_AM + 3 * MINUTE).calls.size).toBe(0);
  });

  it('closes a queued call as abandoned and stops counting it as waiting', () => {
    const { state, view } = setup();
    applyCallEvent(state, queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM }).enters(), NINE_AM + SECOND);
    expect(view().queues.find((queue) => queue.queue === 'sales')?.callsWaiting).toBe(1);
    applyCdrs(state, cdrMessage({ callId: 'c1', legs: [{ user: 'sales', start: NINE_AM, answer: NINE_AM, end: NINE_AM + MINUTE }] }), NINE_AM + 2 * MINUTE);
    expect(view().calls).toMatchObject([{ id: 'c1', phase: 'ended', outcome: 'abandoned' }]);
    expect(view().queues.find((queue) => queue.queue === 'sales')?.callsWaiting).toBe(0);
  });

  it('keeps recent calls newest first', () => {
    const { state, view } = setup();
    const change = applyCdrs(
      state,
      [...answeredCall('early', 'sales', NINE_AM, 10, 10), ...answeredCall('late', 'sales', NINE_AM + MINUTE, 10, 10)],
      NINE_AM + 2 * MINUTE,
    );
    applyCdrs(state, answeredCall('middle', 'sales', NINE_AM + 30 * SECOND, 10, 10), NINE_AM + 3 * MINUTE);
    expect(change.cdrs.map((cdr) => cdr.callId)).toEqual(['late', 'early']);
    expect(view().recentCdrs.map((cdr) => cdr.callId)).toEqual(['late', 'middle', 'early']);
  });

  it('counts a call once for its number whether seen live or only in its CDR', () => {
    const { state, view } = setup();
    applyCdrs(state, answeredCall('c1', 'sales', NINE_AM, 10, 10), NINE_AM + MINUTE);
    const live = queueCall({ callId: 'c2', queue: 'sales', at: NINE_AM + 2 * MINUTE });
    applyCallEvent(state, live.enters(), NINE_AM + 2 * MINUTE);
    applyCallEvent(state, live.hangsUp(), NINE_AM + 3 * MINUTE);
    applyCdrs(state, cdrMessage({ callId: 'c2', legs: [{ user: 'sales', start: NINE_AM + 2 * MINUTE, answer: NINE_AM + 2 * MINUTE, end: NINE_AM + 3 * MINUTE }] }), NINE_AM + 4 * MINUTE);
    const third = queueCall({ callId: 'c3', queue: 'sales', at: NINE_AM + 5 * MINUTE });
    applyCallEvent(state, third.enters(), NINE_AM + 5 * MINUTE);
    expect(view().calls.find((call) => call.id === 'c3')?.callerCallsToday).toBe(3);
  });

  it('leaves calls of another day out of today', () => {
    const { state, view } = setup();
    const yesterday = NINE_AM - 24 * 60 * MINUTE;
    applyCdrs(state, answeredCall('old', 'sales', yesterday, 10, 10), NINE_AM);
    expect(view().kpis.total).toMatchObject({ answered: 0 });
    expect(view().recentCdrs.map((cdr) => cdr.callId)).toEqual(['old']);
    // An agent's list is today's only.
    expect(project(state, { audience: 'agent', extension: '201' }).recentCdrs).toEqual([]);
  });

  it('closes a direct call that never ended as missed when nobody answered', () => {
    const { state, view } = setup();
    applyCallEvent(state, directCall({ callId: 'd1', from: { number: '+441632960999' }, to: { extension: '204' }, at: NINE_AM }).rings(), NINE_AM);
    applyCdrs(state, cdrMessage({ callId: 'd1', number: '+441632960999', legs: [{ user: '204', start: NINE_AM, answer: null, end: NINE_AM + 30 * SECOND }] }), NINE_AM + MINUTE);
    expect(view().calls).toMatchObject([{ id: 'd1', phase: 'ended', outcome: 'missed' }]);
    expect(view().recentCdrs).toMatchObject([{ callId: 'd1', outcome: 'missed', agent: null, waitSeconds: 30 }]);
  });
});
