import { describe, expect, it } from 'vitest';
import { createLogger } from '@/lib/log';
import type { Thresholds } from '@/lib/realtime/types';
import type { CdrRecord } from '@/lib/telephony';
import type { DecodedEntry } from './log-entry-codec';
import type { LeaderHealth, LogEntry } from './log-entry-schemas';
import { createReplica, type ReplicaDeps, type WebhookActivity } from './replica';

const at = Date.UTC(2026, 10, 21, 9, 0);
const log = createLogger('silent');

const thresholds: Thresholds = { callsWaiting: { amber: 2, red: 4 }, longestWaitSeconds: { amber: 30, red: 90 }, byQueue: {} };

const health: LeaderHealth = {
  stats: { pollMs: 15_000, lastSuccessAt: at, lastAttemptAt: at, failingSince: null, lastError: null, nextPollAt: null },
  subscription: { id: 's-1', phase: 'ready', expiresAt: null, lastEventAt: null, error: null },
  token: { ok: true, error: null },
};

const record: CdrRecord = {
  from: { callId: 'c-1', id: null, user: null, domain: null, name: null },
  to: { callId: 'a-1', id: null, user: '101', domain: null, name: null },
  startTime: at,
  answerTime: null,
  endTime: at + 30_000,
  durationSeconds: 0,
};

const callEvent = {
  onNet: false,
  from: { callId: 'c-1', id: null, state: 'active' as const, user: null, domain: null, name: null, isHuman: null },
  to: { callId: 'q-1', id: null, state: 'active' as const, user: 'Sales', domain: null, name: null, isHuman: false },
  timeStart: at,
  timeAnswer: null,
  byCallId: null,
};

function stats(fence: number, callsWaiting: number): LogEntry {
  return { kind: 'stats', at, fence, stats: [{ queue: 'Sales', callsWaiting, avgWaitSeconds: 0, maxWaitSeconds: 0, numAgents: 1, availableAgents: 1, unavailableAgents: 0 }] };
}

let nextId = 0;
function logged(entry: LogEntry): DecodedEntry {
  nextId += 1;
  return { ok: true, id: `${nextId}-0`, entry };
}

function setUp(overrides: Partial<ReplicaDeps> = {}) {
  const applied: string[] = [];
  const core: ReplicaDeps['core'] = {
    applyStats: (list) => applied.push(`stats ${list.map((s) => s.callsWaiting).join(',')}`),
    applyCallEvent: (event) => applied.push(`call ${event.from.callId}`),
    applyCdrs: (records) => applied.push(`cdrs ${records.map((r) => r.from.callId).join(',')}`),
    updateHealth: (part) => applied.push(`health ${part.subscription?.id}`),
    countWebhook: (outcome) => applied.push(`count ${outcome}`),
    settingsChanged: (change) => applied.push(`settings ${Object.keys(change).join(',')}`),
  };
  const replica = createReplica({
    core,
    loadSettings: async () => ({ thresholds, alerts: { soundEnabled: true, snoozedUntil: null, acknowledged: [] } }),
    startUpCdrs: { notLoaded: (records) => records },
    log,
    ...overrides,
  });
  return { replica, applied };
}

describe('createReplica', () => {
  it('applies call events, CDRs, stats and health to the live core in log order', () => {
    const { replica, applied } = setUp();
    for (const entry of [stats(1, 2), { kind: 'call', at, event: callEvent }, { kind: 'cdrs', at, records: [record] }, { kind: 'health', at, fence: 1, health, signingSecret: null }] as LogEntry[]) {
      replica.apply(logged(entry), { replayed: true });
    }
    expect(applied).toEqual(['stats 2', 'call c-1', 'cdrs c-1', 'health s-1']);
  });

  it('counts deliveries as they happen, a duplicate as one, and none of those replayed at start-up', () => {
    const { replica, applied } = setUp();
    replica.apply(logged({ kind: 'init', at, state: 'ready' }), { replayed: true });
    replica.apply(logged({ kind: 'call', at, event: callEvent }), { replayed: false });
    replica.apply(logged({ kind: 'duplicate', at }), { replayed: false });
    expect(applied).toEqual(['call c-1', 'count accepted', 'count duplicate']);
  });

  it('ignores stats and health from an earlier leader once a later one has published', () => {
    const { replica, applied } = setUp();
    replica.apply(logged(stats(4, 1)), { replayed: false });
    replica.apply(logged(stats(3, 9)), { replayed: false });
    replica.apply(logged({ kind: 'health', at, fence: 3, health, signingSecret: null }), { replayed: false });
    replica.apply(logged(stats(4, 2)), { replayed: false });
    replica.apply(logged(stats(5, 3)), { replayed: false });
    expect(applied).toEqual(['stats 1', 'stats 2', 'stats 3']);
  });

  it('applies only the CDRs the live core did not load at start', () => {
    const { replica, applied } = setUp({ startUpCdrs: { notLoaded: (records) => records.filter((r) => r.from.callId !== 'c-1') } });
    replica.apply(logged({ kind: 'cdrs', at, records: [record] }), { replayed: false });
    replica.apply(logged({ kind: 'cdrs', at, records: [record, { ...record, from: { ...record.from, callId: 'c-2' } }] }), { replayed: false });
    expect(applied).toEqual(['count accepted', 'cdrs c-2', 'count accepted']);
  });

  it('reads back only the settings documents another instance changed', async () => {
    const { replica, applied } = setUp();
    replica.apply(logged({ kind: 'settings', thresholds: true, alerts: false }), { replayed: false });
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(applied).toEqual(['settings thresholds']);
  });

  it('keeps the signing key the leader last published', () => {
    const { replica } = setUp();
    expect(replica.signingSecret()).toBeNull();
    replica.apply(logged({ kind: 'health', at, fence: 1, health, signingSecret: 'whsec_1' }), { replayed: false });
    expect(replica.signingSecret()).toBe('whsec_1');
  });

  it('tells listeners of every delivery some instance accepted, for the leader’s silence watchdog', () => {
    const { replica } = setUp();
    const seen: WebhookActivity[] = [];
    replica.onWebhook((activity) => seen.push(activity));
    replica.apply(logged({ kind: 'init', at, state: 'preparing' }), { replayed: false });
    replica.apply(logged({ kind: 'duplicate', at: at + 1 }), { replayed: false });
    replica.apply(logged(stats(1, 0)), { replayed: false });
    expect(seen).toEqual([
      { kind: 'init', at, state: 'preparing' },
      { kind: 'duplicate', at: at + 1 },
    ]);
  });

  it('skips an entry it cannot read and applies the next', () => {
    const { replica, applied } = setUp();
    replica.apply({ ok: false, id: '9-0', reason: 'not JSON' }, { replayed: false });
    replica.apply(logged(stats(1, 5)), { replayed: false });
    expect(applied).toEqual(['stats 5']);
  });
});
