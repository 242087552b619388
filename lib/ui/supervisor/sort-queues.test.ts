import { describe, expect, it } from 'vitest';
import { FIXTURE_NOW, liveSnapshot, queueLive } from '@/lib/realtime/client/test-fixtures';
import { buildQueueBoard } from '@/lib/ui/status';
import { defaultDirection, sortQueues } from './sort-queues';

const { queues } = buildQueueBoard(
  liveSnapshot({
    queues: [
      queueLive('Support', { callsWaiting: 2, oldestWaitingSince: FIXTURE_NOW - 130_000 }),
      queueLive('Billing', { callsWaiting: 5 }),
      queueLive('Sales', { callsWaiting: 2 }),
      queueLive('Queue 10', { callsWaiting: 0 }),
      queueLive('Queue 9', { callsWaiting: 0 }),
    ],
  }),
  FIXTURE_NOW,
);

const names = (rows: typeof queues) => rows.map((row) => row.queue);

describe('sortQueues', () => {
  it('sorts by name with numbers in numeric order', () => {
    expect(names(sortQueues(queues, 'queue', 'ascending'))).toEqual(['Billing', 'Queue 9', 'Queue 10', 'Sales', 'Support']);
  });

  it('sorts by a figure and breaks ties by name', () => {
    expect(names(sortQueues(queues, 'callsWaiting', 'descending'))).toEqual(['Billing', 'Sales', 'Support', 'Queue 9', 'Queue 10']);
  });

  it('puts the worst level first when sorting by status descending', () => {
    expect(names(sortQueues(queues, 'level', 'descending')).slice(0, 2)).toEqual(['Support', 'Billing']);
  });

  it('leaves the input order alone', () => {
    const before = names(queues);
    sortQueues(queues, 'queue', 'descending');
    expect(names(queues)).toEqual(before);
  });
});

describe('defaultDirection', () => {
  it('starts names ascending and figures descending', () => {
    expect(defaultDirection('queue')).toBe('ascending');
    expect(defaultDirection('missed')).toBe('descending');
  });
});
