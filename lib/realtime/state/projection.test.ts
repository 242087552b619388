import { describe, expect, it } from 'vitest';
import { applyCallEvent } from './apply-call-event';
import { applyCdrs } from './apply-cdrs';
import { applyStats } from './apply-stats';
import { mergeAllChanges } from './change';
import { cdrMessage, directCall, MINUTE, NINE_AM, queueCall, queueStats, SECOND } from './fixtures';
import { createLiveState } from './live-state';
import { project, projectChange } from './projection';
import { tick } from './tick';

const agent201 = { audience: 'agent', extension: '201' } as const;
const agent202 = { audience: 'agent', extension: '202' } as const;

function setup() {
  const state = createLiveState({ timeZone: 'Europe/London', lingerMs: 30 * SECOND }, NINE_AM);
  applyStats(state, [queueStats('sales'), queueStats('support')], NINE_AM);
  return state;
}

describe('project', () => {
  it('masks numbers and outside callers\' names on the wall and sends it no finished calls', () => {
    const state = setup();
    const call = queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM, number: '+441632960567', name: 'Ada Lovelace' });
    applyCallEvent(state, call.enters(), NINE_AM);
    applyCallEvent(state, directCall({ callId: 'i1', from: { extension: '203', name: 'Alan Turing' }, to: { extension: '204' }, at: NINE_AM }).rings(), NINE_AM);
    applyCdrs(state, cdrMessage({ callId: 'old', legs: [{ user: 'sales', start: NINE_AM - MINUTE, answer: NINE_AM - MINUTE, end: NINE_AM }] }), NINE_AM);

    const wall = project(state, { audience: 'wall' });
    expect(wall.calls.find((live) => live.id === 'c1')).toMatchObject({ caller: { number: '•••• 567', name: null, extension: null }, callee: { number: '••••', extension: null } });
    expect(wall.calls.find((live) => live.id === 'i1')).toMatchObject({ caller: { number: '••••', name: 'Alan Turing', extension: '203' } });
    expect(wall.recentCdrs).toEqual([]);
    expect(wall.queues.map((queue) => queue.queue)).toEqual(['sales', 'support']);
    expect(wall.kpis.byQueue.sales).toMatchObject({ missed: 1 });
    expect(project(state, { audience: 'supervisor' }).calls.find((live) => live.id === 'c1')?.caller.number).toBe('+441632960567');
  });

  it('shows an agent only the calls on their own extension and their own finished calls', () => {
    const state = setup();
    const mine = queueCall({ callId: 'mine', queue: 'sales', at: NINE_AM });
    const theirs = queueCall({ callId: 'theirs', queue: 'sales', at: NINE_AM, number: '+441632960111' });
    applyCallEvent(state, mine.enters(), NINE_AM);
    applyCallEvent(state, theirs.enters(), NINE_AM);
    applyCallEvent(state, mine.offers('201'), NINE_AM + SECOND);
    applyCallEvent(state, theirs.offers('202'), NINE_AM + SECOND);
    applyCallEvent(state, directCall({ callId: 'placed', from: { extension: '201' }, to: { number: '+442079460123' }, at: NINE_AM }).rings(), NINE_AM);
    applyCdrs(state, cdrMessage({ callId: 'done-mine', legs: [{ user: '201', start: NINE_AM - MINUTE, answer: NINE_AM - 50 * SECOND, end: NINE_AM }] }), NINE_AM);
    applyCdrs(state, cdrMessage({ callId: 'done-theirs', legs: [{ user: '202', start: NINE_AM - MINUTE, answer: NINE_AM - 50 * SECOND, end: NINE_AM }] }), NINE_AM);

    const view = project(state, agent201);
    expect(view.calls.map((live) => live.id).sort()).toEqual(['mine', 'placed']);
    expect(view.calls.find((live) => live.id === 'mine')?.caller.number).toBe('+441632960567');
    expect(view.recentCdrs.map((cdr) => cdr.callId)).toEqual(['done-mine']);
    expect(view.agents.map((agent) => agent.extension)).toEqual(['201', '202']);
    expect(view.queues).toHaveLength(2);
    expect(project(state, { audience: 'agent' }).calls).toEqual([]);
  });

  it('narrows queues, KPIs by queue, calls and finished calls to a display\'s queues', () => {
    const state = setup();
    applyCallEvent(state, queueCall({ callId: 's1', queue: 'sales', at: NINE_AM }).enters(), NINE_AM);
    applyCallEvent(state, queueCall({ callId: 'p1', queue: 'support', at: NINE_AM }).enters(), NINE_AM);
    applyCdrs(state, cdrMessage({ callId: 's0', legs: [{ user: 'sales', start: NINE_AM - MINUTE, answer: NINE_AM - MINUTE, end: NINE_AM }] }), NINE_AM);
    applyCdrs(state, cdrMessage({ callId: 'p0', legs: [{ user: 'support', start: NINE_AM - MINUTE, answer: NINE_AM - MINUTE, end: NINE_AM }] }), NINE_AM);

    const wall = project(state, { audience: 'wall', queues: ['support'] });
    expect(wall.queues.map((queue) => queue.queue)).toEqual(['support']);
    expect(wall.calls.map((live) => live.id)).toEqual(['p1']);
    expect(Object.keys(wall.kpis.byQueue)).toEqual(['support']);
    expect(wall.kpis.total).toMatchObject({ missed: 1 });
    const supervisor = project(state, { audience: 'supervisor', queues: ['sales'] });
    expect(supervisor.recentCdrs.map((cdr) => cdr.callId)).toEqual(['s0']);
    expect(project(state, { audience: 'wall', queues: 'all' }).calls).toHaveLength(2);
  });

  it('shows a display of some queues only the agents who take calls for them', () => {
    const state = setup();
    const call = queueCall({ callId: 's1', queue: 'sales', at: NINE_AM });
    applyCallEvent(state, call.enters(), NINE_AM);
    const offered = applyCallEvent(state, call.offers('201'), NINE_AM + SECOND);
    expect(project(state, { audience: 'wall', queues: ['sales'] }).agents.map((agent) => agent.extension)).toEqual(['201']);
    expect(project(state, { audience: 'wall', queues: ['support'] }).agents).toEqual([]);
    expect(projectChange(state, offered, { audience: 'wall', queues: ['support'] })?.agents).toBeUndefined();
    expect(projectChange(state, offered, { audience: 'wall', queues: ['sales'] })?.agents?.map((agent) => agent.extension)).toEqual(['201']);
    expect(project(state, { audience: 'wall' }).agents.map((agent) => agent.extension)).toEqual(['201']);
  });
});

describe('projectChange', () => {
  it('gives an agent nothing of another extension\'s call', () => {
    const state = setup();
    const call = queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM });
    const steps = [call.enters(), call.offers('202'), call.answers(NINE_AM + 5 * SECOND), call.hangsUp()];
    let all = tick(state, NINE_AM);
    for (const step of steps) {
      const change = applyCallEvent(state, step, NINE_AM + 5 * SECOND);
      all = mergeAllChanges([all, change]);
      const patch = projectChange(state, change, agent201);
      expect(patch?.calls).toBeUndefined();
      expect(patch?.removedCalls).toBeUndefined();
    }
    all = mergeAllChanges([all, tick(state, NINE_AM + MINUTE)]);
    const patch = projectChange(state, all, agent201);
    expect(JSON.stringify(patch)).not.toContain('c1');
    expect(projectChange(state, all, agent202)?.removedCalls).toEqual(['c1']);
  });

  it('takes a call off an agent\'s screen when it moves to another extension', () => {
    const state = setup();
    const call = queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM });
    applyCallEvent(state, call.enters(), NINE_AM);
    expect(projectChange(state, applyCallEvent(state, call.offers('201'), NINE_AM + SECOND), agent201)?.calls).toMatchObject([{ id: 'c1', agent: '201' }]);
    const [legEnded] = call.notAnswered();
    const left = projectChange(state, applyCallEvent(state, legEnded, NINE_AM + 16 * SECOND), agent201);
    expect(left).toMatchObject({ removedCalls: ['c1'] });
    expect(left?.calls).toBeUndefined();
    expect(projectChange(state, applyCallEvent(state, call.offers('202'), NINE_AM + 17 * SECOND), agent201)?.calls).toBeUndefined();
  });

  it('returns null when nothing in the change concerns the viewer', () => {
    const state = setup();
    const change = applyCallEvent(state, queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM }).enters(), NINE_AM);
    expect(projectChange(state, change, { audience: 'wall', queues: ['support'] })).toBeNull();
    expect(projectChange(state, change, { audience: 'wall', queues: ['sales'] })).toMatchObject({ calls: [{ id: 'c1', caller: { number: '•••• 567' } }], queues: [{ queue: 'sales', callsWaiting: 1 }] });
  });

  it('sends finished calls to the supervisor and to the agents they involved, never to the wall', () => {
    const state = setup();
    const change = applyCdrs(state, cdrMessage({ callId: 'c1', legs: [{ user: 'sales', start: NINE_AM, answer: NINE_AM, end: NINE_AM + 9 * SECOND }, { user: '201', start: NINE_AM + 5 * SECOND, answer: NINE_AM + 9 * SECOND, end: NINE_AM + MINUTE }] }), NINE_AM + MINUTE);
    expect(projectChange(state, change, { audience: 'supervisor' })?.cdrs).toMatchObject([{ callId: 'c1' }]);
    expect(projectChange(state, change, agent201)?.cdrs).toMatchObject([{ callId: 'c1' }]);
    expect(projectChange(state, change, agent202)?.cdrs).toBeUndefined();
    expect(projectChange(state, change, { audience: 'wall' })).toEqual({ kpis: project(state, { audience: 'wall' }).kpis });
  });
});
