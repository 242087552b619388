import { describe, expect, it } from 'vitest';
import { describeQueues, describeStatus, describeViews, formatLastSeen } from './describe-display';

describe('formatLastSeen', () => {
  const now = Date.UTC(2026, 10, 21, 9, 0, 0);
  it.each([
    [null, 'never'],
    [now - 3_000, 'just now'],
    [now - 42_000, '42 s ago'],
    [now - 12 * 60_000, '12 min ago'],
    [now - 3 * 3_600_000, '3 h ago'],
    [now - 86_400_000, '1 day ago'],
    [now - 5 * 86_400_000, '5 days ago'],
    [now + 5_000, 'just now'],
  ])('words a heartbeat at %j as %s', (lastSeenAt, text) => {
    expect(formatLastSeen(lastSeenAt, now)).toBe(text);
  });
});

describe('describeViews', () => {
  it('names the rotation when the display rotates through several views', () => {
    expect(describeViews({ name: 'x', queues: 'all', views: ['queues', 'agents'], rotateSeconds: 20 })).toBe('All queues → Agents, 20 s each');
  });

  it('leaves out the rotation when there is one view', () => {
    expect(describeViews({ name: 'x', queues: 'all', views: ['queue'], rotateSeconds: 20 })).toBe('One queue at a time');
  });
});

describe('describeQueues', () => {
  it('lists the queues when the display shows some', () => {
    expect(describeQueues({ name: 'x', queues: ['Sales', 'Billing'], views: ['queues'], rotateSeconds: 20 })).toBe('Sales, Billing');
  });
});

describe('describeStatus', () => {
  it('shows version, memory, DOM size and screen when the display has reported', () => {
    expect(describeStatus({ version: '0.1.0', heapMb: 41.6, domNodes: 12345, screen: { width: 3840, height: 2160 } })).toBe(
      'v0.1.0 · 42 MB · 12,345 nodes · 3840×2160',
    );
  });

  it('leaves memory out when the browser does not report it', () => {
    expect(describeStatus({ version: '0.1.0', heapMb: null, domNodes: 10, screen: { width: 1, height: 1 } })).toBe('v0.1.0 · 10 nodes · 1×1');
  });
});
