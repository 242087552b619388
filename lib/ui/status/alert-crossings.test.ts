import { describe, expect, it } from 'vitest';
import { FIXTURE_NOW, liveSnapshot, queueLive } from '@/lib/realtime/client/test-fixtures';
import type { AlertSettings } from '@/lib/realtime/types';
import { activeCrossings, crossingsToSound, levelsByKey } from './alert-crossings';
import { buildQueueBoard } from './queue-board';
import type { Level } from './thresholds';

const soundOn: AlertSettings = { soundEnabled: true, snoozedUntil: null, acknowledged: [] };

function levels(entries: Record<string, Level>): Map<string, Level> {
  return new Map(Object.entries(entries));
}

describe('crossingsToSound', () => {
  it('sounds for each metric that went up a level', () => {
    const previous = levels({ 'Sales:callsWaiting': 'normal', 'Sales:longestWaitSeconds': 'amber', 'Support:callsWaiting': 'red' });
    const current = levels({ 'Sales:callsWaiting': 'amber', 'Sales:longestWaitSeconds': 'red', 'Support:callsWaiting': 'red' });
    expect(crossingsToSound(previous, current, soundOn, FIXTURE_NOW)).toEqual(['Sales:callsWaiting', 'Sales:longestWaitSeconds']);
  });

  it('stays quiet when a metric comes down', () => {
    const previous = levels({ 'Sales:callsWaiting': 'red' });
    expect(crossingsToSound(previous, levels({ 'Sales:callsWaiting': 'amber' }), soundOn, FIXTURE_NOW)).toEqual([]);
  });

  it('treats a queue seen for the first time as coming from normal', () => {
    expect(crossingsToSound(new Map(), levels({ 'New:callsWaiting': 'amber' }), soundOn, FIXTURE_NOW)).toEqual(['New:callsWaiting']);
  });

  it('stays quiet when the crossing is acknowledged', () => {
    const alerts = { ...soundOn, acknowledged: ['Sales:callsWaiting'] };
    expect(crossingsToSound(levels({}), levels({ 'Sales:callsWaiting': 'red' }), alerts, FIXTURE_NOW)).toEqual([]);
  });

  it('stays quiet while snoozed and sounds again once the snooze is over', () => {
    const alerts = { ...soundOn, snoozedUntil: FIXTURE_NOW + 1 };
    const current = levels({ 'Sales:callsWaiting': 'red' });
    expect(crossingsToSound(levels({}), current, alerts, FIXTURE_NOW)).toEqual([]);
    expect(crossingsToSound(levels({}), current, alerts, FIXTURE_NOW + 1)).toEqual(['Sales:callsWaiting']);
  });

  it('stays quiet when sound is off', () => {
    const alerts = { ...soundOn, soundEnabled: false };
    expect(crossingsToSound(levels({}), levels({ 'Sales:callsWaiting': 'red' }), alerts, FIXTURE_NOW)).toEqual([]);
  });
});

describe('levelsByKey and activeCrossings', () => {
  const snapshot = liveSnapshot({
    queues: [
      queueLive('Sales', { callsWaiting: 7, oldestWaitingSince: FIXTURE_NOW - 70_000 }),
      queueLive('Support', { callsWaiting: 1, oldestWaitingSince: FIXTURE_NOW - 5_000 }),
    ],
  });
  const board = buildQueueBoard(snapshot, FIXTURE_NOW);

  it('keys every metric of every queue', () => {
    expect(Object.fromEntries(levelsByKey(board.queues))).toEqual({
      'Sales:callsWaiting': 'red',
      'Sales:longestWaitSeconds': 'amber',
      'Support:callsWaiting': 'normal',
      'Support:longestWaitSeconds': 'normal',
    });
  });

  it('lists metrics above normal, red first, with their acknowledgement', () => {
    const alerts = { ...soundOn, acknowledged: ['Sales:longestWaitSeconds'] };
    expect(activeCrossings(board.queues, alerts)).toEqual([
      { key: 'Sales:callsWaiting', queue: 'Sales', metric: 'callsWaiting', level: 'red', acknowledged: false },
      { key: 'Sales:longestWaitSeconds', queue: 'Sales', metric: 'longestWaitSeconds', level: 'amber', acknowledged: true },
    ]);
  });
});
