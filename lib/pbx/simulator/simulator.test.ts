import { describe, expect, it } from 'vitest';
import { recordingSimulator, trace } from './test-fixtures';

const caller = { number: '+447700900123', name: 'Jane Doe' };

describe('createSimulator scripted queue calls', () => {
  it('produces queue entry, ringing, answer and hang-up messages when a call is moved step by step', () => {
    const { simulator, clock, messages } = recordingSimulator();
    const call = simulator.placeCall('acme', { from: caller, to: { queue: 'Sales' }, auto: false });
    clock.advance(10_000);
    simulator.step('acme', call.callId, { action: 'ring', extension: '101' });
    clock.advance(4_000);
    simulator.step('acme', call.callId, { action: 'answer' });
    clock.advance(60_000);
    simulator.step('acme', call.callId, { action: 'hangup' });

    expect(messages.map((m) => trace(m.message))).toEqual(['active > Sales:active', 'progressing > 101:ringing', 'active > 101:active', 'ended > 101:ended']);
    const [entry, ringing, answered, ended] = messages.map((m) => m.message.calls);
    expect(entry).toEqual({
      on_net: false,
      from: { id: '+447700900123', call_id: call.callId, state: 'active', user: null, domain: null, name: 'Jane Doe' },
      to: { id: 'sip:Sales@acme.test', call_id: entry!.to.call_id, state: 'active', user: 'Sales', domain: 'acme.test', is_human: false },
      time_start: '2026-11-21 09:00:00',
      time_answer: '2026-11-21 09:00:00',
      by_call_id: null,
    });
    expect(ringing!.to).toMatchObject({ id: 'sip:101@acme.test', user: '101', is_human: true, state: 'ringing' });
    expect(ringing!.time_answer).toBeNull();
    expect(answered!.time_answer).toBe('2026-11-21 09:00:14');
    expect(new Set(messages.map((m) => m.message.calls.from.call_id))).toEqual(new Set([call.callId]));
    expect(ended!.time_start).toBe('2026-11-21 09:00:00');
  });

  it('sends one CDR array a few seconds after the call ends with one record per leg', () => {
    const { simulator, clock, cdrs } = recordingSimulator();
    const call = simulator.placeCall('acme', { from: caller, to: { queue: 'Sales' }, auto: false });
    clock.advance(10_000);
    simulator.step('acme', call.callId, { action: 'ring', extension: '101' });
    clock.advance(5_000);
    simulator.step('acme', call.callId, { action: 'noanswer' });
    simulator.step('acme', call.callId, { action: 'ring', extension: '102' });
    clock.advance(3_000);
    simulator.step('acme', call.callId, { action: 'answer' });
    clock.advance(125_000);
    simulator.step('acme', call.callId, { action: 'hangup' });
    expect(cdrs).toHaveLength(0);

    clock.advance(5_000);
    expect(cdrs).toHaveLength(1);
    const records = cdrs[0]!.records;
    expect(records.map((r) => [r.to.user, r.answer_time, r.duration])).toEqual([
      ['Sales', 'Sat, 21 Nov 2026 09:00:00 +0000', 18],
      ['101', null, 0],
      ['102', 'Sat, 21 Nov 2026 09:00:18 +0000', 125],
    ]);
    expect(records[0]).toMatchObject({
      from: { call_id: call.callId, id: '+447700900123', name: 'Jane Doe', user: null, domain: null },
      start_time: 'Sat, 21 Nov 2026 09:00:00 +0000',
      end_time: 'Sat, 21 Nov 2026 09:00:18 +0000',
    });
    expect(records[1]).toMatchObject({ start_time: 'Sat, 21 Nov 2026 09:00:10 +0000', end_time: 'Sat, 21 Nov 2026 09:00:15 +0000' });
  });

  it('returns the caller to the queue when the ringing agent does not answer', () => {
    const { simulator, messages } = recordingSimulator();
    const call = simulator.placeCall('acme', { from: caller, to: { queue: 'Sales' }, auto: false });
    simulator.step('acme', call.callId, { action: 'ring', extension: '101' });
    // Ringing an agent does not end the wait: nobody has answered the caller yet.
    expect(simulator.stats('acme').find((s) => s.queue === 'Sales')).toMatchObject({ calls_waiting: 1, available_agents: 1 });
    simulator.step('acme', call.callId, { action: 'noanswer' });
    expect(messages.map((m) => trace(m.message))).toEqual(['active > Sales:active', 'progressing > 101:ringing', 'progressing > 101:ended', 'active > Sales:active']);
    expect(simulator.stats('acme').find((s) => s.queue === 'Sales')).toMatchObject({ calls_waiting: 1, available_agents: 2 });
  });

  it('ends both legs and keeps the queue leg unanswered-by-agent in the CDR when the caller abandons', () => {
    const { simulator, clock, messages, cdrs } = recordingSimulator();
    const call = simulator.placeCall('acme', { from: caller, to: { queue: 'Support' }, auto: false });
    clock.advance(42_000);
    simulator.step('acme', call.callId, { action: 'abandon' });
    clock.advance(10_000);
    expect(messages.map((m) => trace(m.message))).toEqual(['active > Support:active', 'ended > Support:ended']);
    expect(cdrs[0]!.records).toEqual([expect.objectContaining({ to: expect.objectContaining({ user: 'Support' }), duration: 42, end_time: 'Sat, 21 Nov 2026 09:00:42 +0000' })]);
    expect(simulator.stats('acme').find((s) => s.queue === 'Support')!.calls_waiting).toBe(0);
  });

  it('marks the new leg with the transferring leg as by_call_id when an agent transfers', () => {
    const { simulator, clock, messages, cdrs } = recordingSimulator();
    const call = simulator.placeCall('acme', { from: caller, to: { queue: 'Sales' }, auto: false });
    simulator.step('acme', call.callId, { action: 'ring', extension: '101' });
    simulator.step('acme', call.callId, { action: 'answer' });
    const agentLeg = messages.at(-1)!.message.calls.to.call_id;
    clock.advance(30_000);
    simulator.step('acme', call.callId, { action: 'transfer', extension: '103' });
    simulator.step('acme', call.callId, { action: 'answer' });
    simulator.step('acme', call.callId, { action: 'hangup' });
    clock.advance(10_000);

    expect(messages.slice(3).map((m) => [trace(m.message), m.message.calls.by_call_id])).toEqual([
      ['progressing > 103:ringing', agentLeg],
      ['progressing > 101:ended', null],
      ['active > 103:active', agentLeg],
      ['ended > 103:ended', agentLeg],
    ]);
    expect(cdrs[0]!.records.map((r) => r.to.user)).toEqual(['Sales', '101', '103']);
  });

  it('holds both agents busy on an on_net internal call', () => {
    const { simulator, messages } = recordingSimulator();
    const call = simulator.placeCall('acme', { from: { extension: '101' }, to: { extension: '102' }, auto: false });
    expect(simulator.stats('acme').map((s) => [s.queue, s.available_agents])).toEqual([
      ['Sales', 0],
      ['Support', 1],
    ]);
    simulator.step('acme', call.callId, { action: 'answer' });
    simulator.step('acme', call.callId, { action: 'hangup' });
    expect(messages.map((m) => [trace(m.message), m.message.calls.on_net])).toEqual([
      ['progressing > 102:ringing', true],
      ['active > 102:active', true],
      ['ended > 102:ended', true],
    ]);
    expect(messages[0]!.message.calls.from).toMatchObject({ user: '101', name: 'Alice', id: 'sip:101@acme.test', domain: 'acme.test' });
  });

  it('refuses to ring an agent who is already on a call', () => {
    const { simulator } = recordingSimulator();
    simulator.placeCall('acme', { from: { extension: '101' }, to: { extension: '102' }, auto: false });
    const call = simulator.placeCall('acme', { from: caller, to: { queue: 'Sales' }, auto: false });
    expect(() => simulator.step('acme', call.callId, { action: 'ring', extension: '101' })).toThrow(expect.objectContaining({ code: 'user_busy' }));
    expect(() => simulator.step('acme', call.callId, { action: 'answer' })).toThrow(expect.objectContaining({ code: 'invalid_state' }));
  });
});

describe('createSimulator stats', () => {
  it('reports waits in whole seconds over the callers waiting now', () => {
    const { simulator, clock } = recordingSimulator();
    simulator.placeCall('acme', { from: caller, to: { queue: 'Sales' }, auto: false });
    clock.advance(30_500);
    simulator.placeCall('acme', { from: caller, to: { queue: 'Sales' }, auto: false });
    clock.advance(10_000);
    simulator.setPresence('acme', '102', 'away');
    expect(simulator.stats('acme')[0]).toEqual({ queue: 'Sales', calls_waiting: 2, avg_wait: 25, max_wait: 40, num_agents: 2, available_agents: 1, unavailable_agents: 1 });
  });

  it('returns no queues for an unknown company', () => {
    expect(recordingSimulator().simulator.stats('nobody')).toEqual([]);
  });
});

describe('createSimulator auto calls', () => {
  it('abandons a waiting caller after their patience runs out when no agent is free', () => {
    const { simulator, clock, messages } = recordingSimulator();
    simulator.setPresence('globex', '301', 'away');
    simulator.placeCall('globex', { from: caller, to: { queue: 'Helpdesk' }, auto: true });
    clock.advance(60 * 60_000);
    expect(messages.map((m) => trace(m.message))).toEqual(['active > Helpdesk:active', 'ended > Helpdesk:ended']);
  });

  it('offers a queued caller to a free member who answers and later hangs up', () => {
    const { simulator, clock, messages, cdrs } = recordingSimulator();
    simulator.placeCall('globex', { from: caller, to: { queue: 'Helpdesk' }, auto: true });
    clock.advance(2 * 60 * 60_000);
    const traces = messages.map((m) => trace(m.message));
    expect(traces[0]).toBe('active > Helpdesk:active');
    expect(traces.at(-1)).toMatch(/^ended > /);
    expect(traces).toContain('progressing > 301:ringing');
    expect(cdrs).toHaveLength(1);
  });

  it('hands a scripted call to the simulator when a step asks for auto', () => {
    const { simulator, clock, messages } = recordingSimulator();
    const call = simulator.placeCall('globex', { from: caller, to: { queue: 'Helpdesk' }, auto: false });
    clock.advance(60 * 60_000);
    expect(messages).toHaveLength(1);
    simulator.step('globex', call.callId, { action: 'ring', extension: '301' }, true);
    clock.advance(2 * 60 * 60_000);
    expect(messages.at(-1)!.message.calls.from.state).toBe('ended');
  });
});
