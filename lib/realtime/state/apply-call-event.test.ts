import { describe, expect, it } from 'vitest';
import { applyCallEvent } from './apply-call-event';
import { isEmptyChange } from './change';
import { directCall, NINE_AM, queueCall, SECOND } from './fixtures';
import { createLiveState } from './live-state';
import { project } from './projection';

const supervisor = { audience: 'supervisor' } as const;

function setup() {
  const state = createLiveState({ timeZone: 'Europe/London' }, NINE_AM);
  const callOf = (id: string) => project(state, supervisor).calls.find((call) => call.id === id);
  const agentOf = (extension: string) => project(state, supervisor).agents.find((agent) => agent.extension === extension);
  return { state, callOf, agentOf };
}

describe('applyCallEvent', () => {
  it('follows a queue call from entry through ringing and answer to its end', () => {
    const { state, callOf, agentOf } = setup();
    const call = queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM });

    applyCallEvent(state, call.enters(), NINE_AM);
    expect(callOf('c1')).toMatchObject({ phase: 'queued', queue: 'sales', queuedAt: NINE_AM, agent: null, direction: 'inbound', onNet: false });
    expect(callOf('c1')?.caller).toEqual({ number: '+441632960567', name: 'Ada Lovelace', extension: null });

    applyCallEvent(state, call.offers('201'), NINE_AM + 20 * SECOND);
    expect(callOf('c1')).toMatchObject({ phase: 'ringing', agent: '201' });
    expect(agentOf('201')).toMatchObject({ state: 'ringing', callId: 'c1', since: NINE_AM + 20 * SECOND, queues: ['sales'] });

    applyCallEvent(state, call.answers(NINE_AM + 25 * SECOND), NINE_AM + 25 * SECOND);
    expect(callOf('c1')).toMatchObject({ phase: 'active', agent: '201', answeredAt: NINE_AM + 25 * SECOND });
    expect(agentOf('201')).toMatchObject({ state: 'on_call', callId: 'c1' });

    const change = applyCallEvent(state, call.hangsUp(), NINE_AM + 5 * 60 * SECOND);
    expect(callOf('c1')).toMatchObject({ phase: 'ended', outcome: 'answered', agent: '201', endedAt: NINE_AM + 5 * 60 * SECOND });
    expect(agentOf('201')).toMatchObject({ state: 'idle', callId: null, since: NINE_AM + 5 * 60 * SECOND });
    expect([...change.calls]).toEqual(['c1']);
    expect([...change.agents]).toEqual(['201']);
  });

  it('marks the call abandoned when the caller hangs up in the queue', () => {
    const { state, callOf } = setup();
    const call = queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM });
    applyCallEvent(state, call.enters(), NINE_AM);
    applyCallEvent(state, call.hangsUp(), NINE_AM + 40 * SECOND);
    expect(callOf('c1')).toMatchObject({ phase: 'ended', outcome: 'abandoned', agent: null, answeredAt: null });
  });

  it('rings a second agent when the first does not answer', () => {
    const { state, callOf, agentOf } = setup();
    const call = queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM });
    applyCallEvent(state, call.enters(), NINE_AM);
    applyCallEvent(state, call.offers('201'), NINE_AM + SECOND);
    const [legEnded, backInQueue] = call.notAnswered();

    applyCallEvent(state, legEnded, NINE_AM + 16 * SECOND);
    expect(callOf('c1')).toMatchObject({ phase: 'queued', agent: null });
    expect(agentOf('201')).toMatchObject({ state: 'idle' });
    expect(isEmptyChange(applyCallEvent(state, backInQueue, NINE_AM + 16 * SECOND))).toBe(true);

    applyCallEvent(state, call.offers('202'), NINE_AM + 17 * SECOND);
    applyCallEvent(state, call.answers(NINE_AM + 20 * SECOND), NINE_AM + 20 * SECOND);
    expect(callOf('c1')).toMatchObject({ phase: 'active', agent: '202', queuedAt: NINE_AM });
    expect(agentOf('202')).toMatchObject({ state: 'on_call', queues: ['sales'] });
  });

  it('moves the call to the new agent and records who transferred it', () => {
    const { state, callOf, agentOf } = setup();
    const call = queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM });
    applyCallEvent(state, call.enters(), NINE_AM);
    applyCallEvent(state, call.offers('201'), NINE_AM + SECOND);
    applyCallEvent(state, call.answers(NINE_AM + 2 * SECOND), NINE_AM + 2 * SECOND);
    const [newPhoneRings, oldLegEnds] = call.transfers('301');

    applyCallEvent(state, newPhoneRings, NINE_AM + 60 * SECOND);
    expect(callOf('c1')).toMatchObject({ phase: 'ringing', agent: '301', transferredFrom: 'c1-a1' });
    applyCallEvent(state, oldLegEnds, NINE_AM + 60 * SECOND);
    expect(callOf('c1')).toMatchObject({ phase: 'ringing', agent: '301', transferredFrom: 'c1-a1' });
    expect(agentOf('201')).toMatchObject({ state: 'idle' });
    // 301 was not offered the call by the queue, so nothing says it serves the queue.
    expect(agentOf('301')).toMatchObject({ state: 'ringing', queues: [] });

    applyCallEvent(state, call.answers(NINE_AM + 65 * SECOND), NINE_AM + 65 * SECOND);
    expect(callOf('c1')).toMatchObject({ phase: 'active', agent: '301', answeredAt: NINE_AM + 2 * SECOND });
  });

  it('returns an empty Change when a message arrives twice', () => {
    const { state } = setup();
    const call = queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM });
    for (const message of [call.enters(), call.offers('201'), call.answers(NINE_AM + 5 * SECOND), call.hangsUp()]) {
      expect(isEmptyChange(applyCallEvent(state, message, NINE_AM + 5 * SECOND))).toBe(false);
      expect(isEmptyChange(applyCallEvent(state, message, NINE_AM + 6 * SECOND))).toBe(true);
    }
  });

  it('keeps a call ended when its ringing arrives after its end', () => {
    const { state, callOf, agentOf } = setup();
    const call = queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM });
    applyCallEvent(state, call.enters(), NINE_AM);
    const ringing = call.offers('201');
    const ended = call.hangsUp();

    applyCallEvent(state, ended, NINE_AM + 10 * SECOND);
    expect(isEmptyChange(applyCallEvent(state, ringing, NINE_AM + 11 * SECOND))).toBe(true);
    expect(callOf('c1')).toMatchObject({ phase: 'ended', outcome: 'abandoned' });
    expect(agentOf('201')).toBeUndefined();
  });

  it('does not open a call whose first message is its end', () => {
    const { state, callOf } = setup();
    const call = queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM });
    const entered = call.enters();
    applyCallEvent(state, call.hangsUp(), NINE_AM + 10 * SECOND);
    expect(isEmptyChange(applyCallEvent(state, entered, NINE_AM + 11 * SECOND))).toBe(true);
    expect(callOf('c1')).toBeUndefined();
  });

  it('ignores a stale ringing that arrives after the answer', () => {
    const { state, callOf, agentOf } = setup();
    const call = queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM });
    applyCallEvent(state, call.enters(), NINE_AM);
    const ringing = call.offers('201');
    applyCallEvent(state, call.answers(NINE_AM + 5 * SECOND), NINE_AM + 5 * SECOND);
    expect(isEmptyChange(applyCallEvent(state, ringing, NINE_AM + 6 * SECOND))).toBe(true);
    expect(callOf('c1')).toMatchObject({ phase: 'active', agent: '201' });
    expect(agentOf('201')).toMatchObject({ state: 'on_call' });
  });

  it('ignores a late queue message once an agent holds the caller', () => {
    const { state, callOf } = setup();
    const call = queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM });
    const entered = call.enters();
    applyCallEvent(state, call.offers('201'), NINE_AM + SECOND);
    expect(isEmptyChange(applyCallEvent(state, entered, NINE_AM + 2 * SECOND))).toBe(true);
    expect(callOf('c1')).toMatchObject({ phase: 'ringing', agent: '201' });
  });

  it('tells internal, outbound and inbound direct calls apart', () => {
    const { state, callOf, agentOf } = setup();
    const internal = directCall({ callId: 'i1', from: { extension: '201', name: 'Alan Turing' }, to: { extension: '202' }, at: NINE_AM });
    const outbound = directCall({ callId: 'o1', from: { extension: '203' }, to: { number: '+442079460123' }, at: NINE_AM });
    const inbound = directCall({ callId: 'n1', from: { number: '+441632960999' }, to: { extension: '204' }, at: NINE_AM });
    for (const call of [internal, outbound, inbound]) applyCallEvent(state, call.rings(), NINE_AM);

    expect(callOf('i1')).toMatchObject({ direction: 'internal', phase: 'ringing', agent: '202', caller: { extension: '201' }, callee: { extension: '202' } });
    expect(callOf('o1')).toMatchObject({ direction: 'outbound', phase: 'ringing', agent: '203', callee: { number: '+442079460123', extension: null } });
    expect(callOf('n1')).toMatchObject({ direction: 'inbound', phase: 'ringing', agent: '204', queue: null });
    expect(agentOf('201')).toMatchObject({ name: 'Alan Turing', state: 'on_call', callId: 'i1' });
    expect(agentOf('202')).toMatchObject({ state: 'ringing', callId: 'i1' });

    applyCallEvent(state, internal.hangsUp(), NINE_AM + 9 * SECOND);
    expect(callOf('i1')).toMatchObject({ phase: 'ended', outcome: 'missed' });
    expect(agentOf('201')).toMatchObject({ state: 'idle' });
    expect(agentOf('202')).toMatchObject({ state: 'idle' });
  });

  it('counts the calls a number made today', () => {
    const { state, callOf } = setup();
    for (const [index, callId] of ['c1', 'c2', 'c3'].entries()) {
      applyCallEvent(state, queueCall({ callId, queue: 'sales', at: NINE_AM + index * SECOND }).enters(), NINE_AM + index * SECOND);
    }
    applyCallEvent(state, queueCall({ callId: 'x1', queue: 'sales', at: NINE_AM, number: '+441632960000' }).enters(), NINE_AM);
    expect(callOf('c3')?.callerCallsToday).toBe(3);
    expect(callOf('x1')?.callerCallsToday).toBe(1);
  });
});
