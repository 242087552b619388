import { describe, expect, it } from 'vitest';
import { applyCallEvent } from './apply-call-event';
import { applyCdrs } from './apply-cdrs';
import { applyStats } from './apply-stats';
import { cdrMessage, directCall, NINE_AM, queueCall, queueStats, SECOND } from './fixtures';
import { createLiveState } from './live-state';
import type { Caps } from './options';
import { project } from './projection';
import { tick } from './tick';

function stateWith(caps: Partial<Caps>) {
  return createLiveState({ timeZone: 'Europe/London', lingerMs: 0, caps }, NINE_AM);
}

describe('live state caps', () => {
  it('keeps at most the cap of calls, forgetting the least recently active', () => {
    const state = stateWith({ calls: 10 });
    applyStats(state, [queueStats('sales')], NINE_AM);
    const removed = new Set<string>();
    for (let index = 0; index < 1_000; index++) {
      const change = applyCallEvent(state, queueCall({ callId: `c${index}`, queue: 'sales', at: NINE_AM }).enters(), NINE_AM + index);
      for (const callId of change.removedCalls) removed.add(callId);
    }
    expect(state.calls.size).toBe(10);
    expect(project(state, { audience: 'supervisor' }).calls.map((call) => call.id)).toEqual(Array.from({ length: 10 }, (_, index) => `c${990 + index}`));
    expect(removed.size).toBe(990);
    expect(state.waitingByQueue.get('sales')?.size).toBe(10);
  });

  it('keeps at most the cap of agents', () => {
    const state = stateWith({ agents: 5 });
    for (let index = 0; index < 500; index++) {
      applyCallEvent(state, directCall({ callId: `d${index}`, from: { number: '+441632960567' }, to: { extension: `${1000 + index}` }, at: NINE_AM }).rings(), NINE_AM);
    }
    expect(state.agents.size).toBe(5);
    expect(project(state, { audience: 'supervisor' }).agents.map((agent) => agent.extension)).toEqual(['1495', '1496', '1497', '1498', '1499']);
  });

  it('keeps at most the cap of recent finished calls, the newest', () => {
    const state = stateWith({ recentCdrs: 5 });
    for (let index = 0; index < 300; index++) {
      applyCdrs(state, cdrMessage({ callId: `c${index}`, legs: [{ user: '201', start: NINE_AM + index * SECOND, answer: null, end: NINE_AM + (index + 1) * SECOND }] }), NINE_AM + 400 * SECOND);
    }
    expect(project(state, { audience: 'supervisor' }).recentCdrs.map((cdr) => cdr.callId)).toEqual(['c299', 'c298', 'c297', 'c296', 'c295']);
  });

  it('keeps at most the cap of numbers counted today', () => {
    const state = stateWith({ callerNumbers: 20 });
    for (let index = 0; index < 2_000; index++) {
      applyCdrs(state, cdrMessage({ callId: `c${index}`, number: `+4416329${String(index).padStart(5, '0')}`, legs: [{ user: '201', start: NINE_AM, answer: null, end: NINE_AM + SECOND }] }), NINE_AM + SECOND);
    }
    expect(state.callerCounts.size).toBe(20);
    expect(state.countedCallIds.size).toBe(20);
  });

  it('remembers at most the cap of ended calls', () => {
    const state = stateWith({ endedCallIds: 10 });
    for (let index = 0; index < 1_000; index++) {
      const call = queueCall({ callId: `c${index}`, queue: 'sales', at: NINE_AM });
      applyCallEvent(state, call.enters(), NINE_AM + index);
      applyCallEvent(state, call.hangsUp(), NINE_AM + index);
      tick(state, NINE_AM + index);
    }
    expect(state.endedCallIds.size).toBe(10);
    expect(state.removedCalls.size).toBe(10);
    expect(state.calls.size).toBe(0);
    expect(state.lingering.size).toBe(0);
  });

  it('keeps at most the cap of legs on a call that rings again and again', () => {
    const state = stateWith({ legsPerCall: 4 });
    const call = queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM });
    applyCallEvent(state, call.enters(), NINE_AM);
    for (let index = 0; index < 200; index++) {
      applyCallEvent(state, call.offers(`${200 + (index % 20)}`), NINE_AM + index * SECOND);
      for (const message of call.notAnswered()) applyCallEvent(state, message, NINE_AM + index * SECOND);
    }
    applyCallEvent(state, call.offers('299'), NINE_AM + 300 * SECOND);
    expect(state.calls.get('c1')?.legs.size).toBe(4);
    expect(state.calls.get('c1')?.extensionsSeen.size).toBe(4);
    expect(project(state, { audience: 'supervisor' }).calls).toMatchObject([{ id: 'c1', phase: 'ringing', agent: '299', queue: 'sales' }]);
  });

  it('keeps at most the cap of queues, and of queues per agent', () => {
    const state = stateWith({ queues: 3, queuesPerAgent: 2 });
    applyStats(state, Array.from({ length: 50 }, (_, index) => queueStats(`q${index}`)), NINE_AM);
    for (let index = 0; index < 50; index++) {
      const call = queueCall({ callId: `c${index}`, queue: `q${index}`, at: NINE_AM });
      applyCallEvent(state, call.enters(), NINE_AM);
      applyCallEvent(state, call.offers('201'), NINE_AM);
    }
    expect(state.queues.size).toBe(3);
    expect(state.eventQueueIds.size).toBe(3);
    expect(state.agents.get('201')?.queues).toHaveLength(2);
  });
});
