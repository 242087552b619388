import { describe, expect, it } from 'vitest';
import { applyPatch, RECENT_CDR_LIMIT } from './apply-patch';
import { orderPatch } from './order-patch';
import { agentLive, cdrView, FIXTURE_NOW, liveCall, liveSnapshot, queueLive } from './test-fixtures';

describe('applyPatch', () => {
  it('takes the patch seq and server time when it applies', () => {
    const next = applyPatch(liveSnapshot({ seq: 10 }), { seq: 11, serverTime: FIXTURE_NOW + 500 });
    expect(next.seq).toBe(11);
    expect(next.serverTime).toBe(FIXTURE_NOW + 500);
  });

  it('replaces a queue in place and keeps the order when the queue exists', () => {
    const snapshot = liveSnapshot({ queues: [queueLive('Sales'), queueLive('Support'), queueLive('Billing')] });
    const next = applyPatch(snapshot, { seq: 11, serverTime: FIXTURE_NOW, queues: [queueLive('Support', { callsWaiting: 4 })] });
    expect(next.queues.map((queue) => [queue.queue, queue.callsWaiting])).toEqual([
      ['Sales', 0],
      ['Support', 4],
      ['Billing', 0],
    ]);
  });

  it('appends a queue when the snapshot did not have it', () => {
    const next = applyPatch(liveSnapshot(), { seq: 11, serverTime: FIXTURE_NOW, queues: [queueLive('Priority', { callsWaiting: 1 })] });
    expect(next.queues.map((queue) => queue.queue)).toEqual(['Sales', 'Support', 'Priority']);
  });

  it('upserts calls by id and drops removed calls when both come in one patch', () => {
    const snapshot = liveSnapshot({ calls: [liveCall('a'), liveCall('b')] });
    const next = applyPatch(snapshot, {
      seq: 11,
      serverTime: FIXTURE_NOW,
      calls: [liveCall('b', { phase: 'ringing', agent: '101' }), liveCall('c')],
      removedCalls: ['a'],
    });
    expect(next.calls.map((call) => [call.id, call.phase])).toEqual([
      ['b', 'ringing'],
      ['c', 'queued'],
    ]);
  });

  it('removes a call when the patch only lists it as removed', () => {
    const next = applyPatch(liveSnapshot({ calls: [liveCall('a')] }), { seq: 11, serverTime: FIXTURE_NOW, removedCalls: ['a', 'unknown'] });
    expect(next.calls).toEqual([]);
  });

  it('upserts agents by extension when agents change', () => {
    const next = applyPatch(liveSnapshot(), {
      seq: 11,
      serverTime: FIXTURE_NOW,
      agents: [agentLive('102', { state: 'on_call', callId: 'x' }), agentLive('103')],
    });
    expect(next.agents.map((agent) => [agent.extension, agent.state])).toEqual([
      ['101', 'idle'],
      ['102', 'on_call'],
      ['103', 'idle'],
    ]);
  });

  it('puts new CDRs first and replaces one already listed when a CDR is resent', () => {
    const snapshot = liveSnapshot({ recentCdrs: [cdrView('old-2'), cdrView('old-1')] });
    const next = applyPatch(snapshot, {
      seq: 11,
      serverTime: FIXTURE_NOW,
      cdrs: [cdrView('new'), cdrView('old-2', { talkSeconds: 99 })],
    });
    expect(next.recentCdrs.map((cdr) => cdr.callId)).toEqual(['new', 'old-2', 'old-1']);
    expect(next.recentCdrs[1]?.talkSeconds).toBe(99);
  });

  it('keeps at most RECENT_CDR_LIMIT CDRs when more arrive', () => {
    const many = Array.from({ length: RECENT_CDR_LIMIT }, (_, index) => cdrView(`old-${index}`));
    const next = applyPatch(liveSnapshot({ recentCdrs: many }), { seq: 11, serverTime: FIXTURE_NOW, cdrs: [cdrView('new')] });
    expect(next.recentCdrs).toHaveLength(RECENT_CDR_LIMIT);
    expect(next.recentCdrs[0]?.callId).toBe('new');
    expect(next.recentCdrs.at(-1)?.callId).toBe(`old-${RECENT_CDR_LIMIT - 2}`);
  });

  it('replaces whole settings and health when the patch carries them', () => {
    const snapshot = liveSnapshot();
    const thresholds = { callsWaiting: { amber: 1, red: 2 }, longestWaitSeconds: { amber: 10, red: 20 }, byQueue: {} };
    const alerts = { soundEnabled: true, snoozedUntil: null, acknowledged: ['Sales:callsWaiting'] };
    const health = { ...snapshot.health, token: { ok: false, error: 'invalid_grant' } };
    const next = applyPatch(snapshot, { seq: 11, serverTime: FIXTURE_NOW, thresholds, alerts, health });
    expect(next.thresholds).toBe(thresholds);
    expect(next.alerts).toBe(alerts);
    expect(next.health).toBe(health);
  });

  it('keeps unchanged parts by reference and leaves the input alone when a patch changes one field', () => {
    const snapshot = liveSnapshot({ calls: [liveCall('a')] });
    const frozen = structuredClone(snapshot);
    const next = applyPatch(snapshot, { seq: 11, serverTime: FIXTURE_NOW, queues: [queueLive('Sales', { callsWaiting: 2 })] });
    expect(next.calls).toBe(snapshot.calls);
    expect(next.agents).toBe(snapshot.agents);
    expect(next.kpis).toBe(snapshot.kpis);
    expect(snapshot).toEqual(frozen);
  });
});

describe('orderPatch', () => {
  it('says next when the patch follows the snapshot', () => {
    expect(orderPatch(10, 11)).toBe('next');
  });

  it('says already-applied when the patch is a replay', () => {
    expect(orderPatch(10, 10)).toBe('already-applied');
    expect(orderPatch(10, 3)).toBe('already-applied');
  });

  it('says gap when a patch was lost in between', () => {
    expect(orderPatch(10, 12)).toBe('gap');
  });
});
