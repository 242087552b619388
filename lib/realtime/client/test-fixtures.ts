/**
 * Builders for snapshots in unit tests: a realistic base that each test
 * overrides only where it matters.
 */
import type { AgentLive, CdrView, DayKpis, LiveCall, LiveSnapshot, QueueLive } from '../types';

export const FIXTURE_NOW = Date.UTC(2026, 10, 21, 10, 0, 0);

export function dayKpis(overrides: Partial<DayKpis> = {}): DayKpis {
  return {
    answered: 0,
    missed: 0,
    avgTalkSeconds: 0,
    longestTalkSeconds: 0,
    avgAnswerSeconds: 0,
    perHour: Array.from({ length: 24 }, () => ({ answered: 0, missed: 0 })),
    ...overrides,
  };
}

export function queueLive(queue: string, overrides: Partial<QueueLive> = {}): QueueLive {
  return {
    queue,
    callsWaiting: 0,
    oldestWaitingSince: null,
    avgWaitSeconds: 0,
    agents: { total: 4, available: 4, busy: 0, away: 0 },
    statsAt: FIXTURE_NOW,
    updatedAt: FIXTURE_NOW,
    ...overrides,
  };
}

export function liveCall(id: string, overrides: Partial<LiveCall> = {}): LiveCall {
  return {
    id,
    phase: 'queued',
    onNet: false,
    direction: 'inbound',
    caller: { number: '+442079460958', name: 'Jane Doe', extension: null },
    callee: { number: null, extension: null },
    queue: 'Sales',
    agent: null,
    startedAt: FIXTURE_NOW - 30_000,
    queuedAt: FIXTURE_NOW - 25_000,
    answeredAt: null,
    endedAt: null,
    transferredFrom: null,
    outcome: null,
    callerCallsToday: 1,
    ...overrides,
  };
}

export function agentLive(extension: string, overrides: Partial<AgentLive> = {}): AgentLive {
  return { extension, name: `Agent ${extension}`, state: 'idle', since: FIXTURE_NOW - 600_000, callId: null, queues: ['Sales'], ...overrides };
}

export function cdrView(callId: string, overrides: Partial<CdrView> = {}): CdrView {
  return {
    callId,
    caller: { number: '+442079460958', name: 'Jane Doe' },
    queue: 'Sales',
    agent: '101',
    startTime: FIXTURE_NOW - 300_000,
    answerTime: FIXTURE_NOW - 280_000,
    endTime: FIXTURE_NOW - 100_000,
    waitSeconds: 20,
    talkSeconds: 180,
    outcome: 'answered',
    ...overrides,
  };
}

export function liveSnapshot(overrides: Partial<LiveSnapshot> = {}): LiveSnapshot {
  return {
    audience: 'supervisor',
    seq: 10,
    serverTime: FIXTURE_NOW,
    timeZone: 'Europe/London',
    queues: [queueLive('Sales'), queueLive('Support')],
    calls: [],
    agents: [agentLive('101'), agentLive('102')],
    kpis: { day: '2026-11-21', total: dayKpis(), byQueue: {} },
    recentCdrs: [],
    health: {
      stats: { pollMs: 15_000, lastSuccessAt: FIXTURE_NOW, lastAttemptAt: FIXTURE_NOW, failingSince: null, lastError: null, nextPollAt: FIXTURE_NOW + 15_000 },
      subscription: { id: '1234567890123456', phase: 'ready', expiresAt: FIXTURE_NOW + 86_400_000, lastEventAt: FIXTURE_NOW, error: null },
      token: { ok: true, error: null },
      webhooks: { accepted: 0, rejected: 0, duplicates: 0 },
    },
    thresholds: { callsWaiting: { amber: 3, red: 6 }, longestWaitSeconds: { amber: 60, red: 120 }, byQueue: {} },
    alerts: { soundEnabled: false, snoozedUntil: null, acknowledged: [] },
    ...overrides,
  };
}
