import { describe, expect, it } from 'vitest';
import { cdrView, FIXTURE_NOW, liveCall, liveSnapshot } from '@/lib/realtime/client/test-fixtures';
import { agentCalls, crmLink } from './agent-calls';

describe('agentCalls', () => {
  it('pops a call when it rings on this extension and not when it rings on another', () => {
    const snapshot = liveSnapshot({
      calls: [liveCall('mine', { phase: 'ringing', agent: '101' }), liveCall('theirs', { phase: 'ringing', agent: '102' })],
    });
    expect(agentCalls(snapshot, '101').ringing.map((call) => call.id)).toEqual(['mine']);
  });

  it('drops the pop when another agent has the call', () => {
    const snapshot = liveSnapshot({ calls: [liveCall('c1', { phase: 'active', agent: '102' })] });
    expect(agentCalls(snapshot, '101')).toEqual({ ringing: [], active: [], history: [] });
  });

  it('turns the pop into the active call when this agent answers', () => {
    const snapshot = liveSnapshot({ calls: [liveCall('c1', { phase: 'active', agent: '101', answeredAt: FIXTURE_NOW - 5_000 })] });
    const calls = agentCalls(snapshot, '101');
    expect(calls.ringing).toEqual([]);
    expect(calls.active.map((call) => call.id)).toEqual(['c1']);
  });

  it('lists a just-ended call until its CDR arrives, then the CDR, newest first', () => {
    const ended = liveCall('c2', { phase: 'ended', agent: '101', answeredAt: FIXTURE_NOW - 65_000, endedAt: FIXTURE_NOW - 5_000 });
    const before = agentCalls(liveSnapshot({ calls: [ended], recentCdrs: [cdrView('c1', { agent: '101', endTime: FIXTURE_NOW - 100_000 })] }), '101');
    expect(before.history.map((entry) => [entry.callId, entry.talkSeconds, entry.outcome])).toEqual([
      ['c2', 60, 'answered'],
      ['c1', 180, 'answered'],
    ]);
    const after = agentCalls(
      liveSnapshot({ calls: [ended], recentCdrs: [cdrView('c2', { agent: '101', endTime: FIXTURE_NOW - 5_000, talkSeconds: 61 })] }),
      '101',
    );
    expect(after.history.map((entry) => [entry.callId, entry.talkSeconds])).toEqual([['c2', 61]]);
  });

  it('counts a call that ended unanswered as missed', () => {
    const snapshot = liveSnapshot({ calls: [liveCall('c3', { phase: 'ended', agent: '101', endedAt: FIXTURE_NOW })] });
    expect(agentCalls(snapshot, '101').history[0]?.outcome).toBe('missed');
  });

  it('keeps the history short when the agent has had many calls', () => {
    const cdrs = Array.from({ length: 30 }, (_, index) => cdrView(`c${index}`, { agent: '101', endTime: FIXTURE_NOW - index * 1000 }));
    expect(agentCalls(liveSnapshot({ recentCdrs: cdrs }), '101').history).toHaveLength(20);
  });
});

describe('crmLink', () => {
  it('puts the encoded number in the template', () => {
    expect(crmLink('https://crm.example.com/search?phone={number}', '+442079460958')).toBe(
      'https://crm.example.com/search?phone=%2B442079460958',
    );
  });

  it('gives no link when there is no template, no placeholder or no number', () => {
    expect(crmLink(null, '+442079460958')).toBeNull();
    expect(crmLink('https://crm.example.com/', '+442079460958')).toBeNull();
    expect(crmLink('https://crm.example.com/?q={number}', null)).toBeNull();
  });
});
