import { describe, expect, it } from 'vitest';
import { FIXTURE_NOW, liveSnapshot } from '@/lib/realtime/client/test-fixtures';
import type { UpstreamHealth } from '@/lib/realtime/types';
import { assessDegradation, isStale } from './freshness';

const healthy = liveSnapshot().health;

function withStats(stats: Partial<UpstreamHealth['stats']>): UpstreamHealth {
  return { ...healthy, stats: { ...healthy.stats, ...stats } };
}

const connected = { status: 'connected' as const, sinceMs: FIXTURE_NOW - 600_000 };

describe('isStale', () => {
  it('is false while the stats are younger than three poll intervals', () => {
    expect(isStale(FIXTURE_NOW - 45_000, healthy, FIXTURE_NOW)).toBe(false);
  });

  it('is true once the stats are older than three poll intervals', () => {
    expect(isStale(FIXTURE_NOW - 45_001, healthy, FIXTURE_NOW)).toBe(true);
  });

  it('is false before the first poll, when there is nothing to call stale', () => {
    expect(isStale(null, healthy, FIXTURE_NOW)).toBe(false);
  });
});

describe('assessDegradation', () => {
  it('reports nothing when stats are fresh and the socket is connected', () => {
    expect(assessDegradation({ health: healthy, nowMs: FIXTURE_NOW, connection: connected })).toBeNull();
  });

  it('reports stats since the last good poll when polls have failed for three intervals', () => {
    const health = withStats({ lastSuccessAt: FIXTURE_NOW - 60_000, failingSince: FIXTURE_NOW - 45_000 });
    expect(assessDegradation({ health, nowMs: FIXTURE_NOW, connection: connected })).toEqual({
      reason: 'stats',
      since: FIXTURE_NOW - 60_000,
      lastSuccessAt: FIXTURE_NOW - 60_000,
    });
  });

  it('reports nothing when one poll failed but the last success is recent', () => {
    const health = withStats({ lastSuccessAt: FIXTURE_NOW - 20_000, failingSince: FIXTURE_NOW - 5_000 });
    expect(assessDegradation({ health, nowMs: FIXTURE_NOW, connection: connected })).toBeNull();
  });

  it('reports stats since the first failure when no poll ever succeeded', () => {
    const health = withStats({ lastSuccessAt: null, failingSince: FIXTURE_NOW - 10_000 });
    expect(assessDegradation({ health, nowMs: FIXTURE_NOW, connection: connected })).toEqual({
      reason: 'stats',
      since: FIXTURE_NOW - 10_000,
      lastSuccessAt: null,
    });
  });

  it('reports nothing while the first poll is still to come', () => {
    const health = withStats({ lastSuccessAt: null, failingSince: null });
    expect(assessDegradation({ health, nowMs: FIXTURE_NOW, connection: connected })).toBeNull();
  });

  it('reports the connection once it has been down past the grace period, before any stats issue', () => {
    const health = withStats({ lastSuccessAt: FIXTURE_NOW - 60_000 });
    const connection = { status: 'reconnecting' as const, sinceMs: FIXTURE_NOW - 5_000 };
    expect(assessDegradation({ health, nowMs: FIXTURE_NOW, connection })).toEqual({ reason: 'connection', since: FIXTURE_NOW - 5_000 });
  });

  it('ignores a reconnect shorter than the grace period', () => {
    const connection = { status: 'reconnecting' as const, sinceMs: FIXTURE_NOW - 4_999 };
    expect(assessDegradation({ health: healthy, nowMs: FIXTURE_NOW, connection })).toBeNull();
  });
});
