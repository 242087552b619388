import { describe, expect, it } from 'vitest';
import type { Thresholds } from '@/lib/realtime/types';
import { bandsFor, isHigher, levelOf, levelsFor, longestWaitSeconds, worseLevel } from './thresholds';

const thresholds: Thresholds = {
  callsWaiting: { amber: 3, red: 6 },
  longestWaitSeconds: { amber: 60, red: 120 },
  byQueue: { Priority: { longestWaitSeconds: { amber: 20, red: 45 } } },
};

describe('levelOf', () => {
  it.each([
    [0, 'normal'],
    [2, 'normal'],
    [3, 'amber'],
    [5, 'amber'],
    [6, 'red'],
    [40, 'red'],
  ] as const)('rates %s as %s against amber 3 / red 6', (value, expected) => {
    expect(levelOf(value, { amber: 3, red: 6 })).toBe(expected);
  });

  it('rates any value red when red is 0 and amber is above it', () => {
    expect(levelOf(0, { amber: 5, red: 0 })).toBe('red');
  });
});

describe('bandsFor', () => {
  it('uses the queue override for the overridden metric and the default for the other', () => {
    expect(bandsFor(thresholds, 'Priority')).toEqual({
      callsWaiting: { amber: 3, red: 6 },
      longestWaitSeconds: { amber: 20, red: 45 },
    });
  });

  it('uses the defaults when the queue has no override or for the total', () => {
    expect(bandsFor(thresholds, 'Sales')).toEqual({ callsWaiting: { amber: 3, red: 6 }, longestWaitSeconds: { amber: 60, red: 120 } });
    expect(bandsFor(thresholds, null)).toEqual(bandsFor(thresholds, 'Sales'));
  });
});

describe('levelsFor', () => {
  it('reports each metric and the worse of the two as overall', () => {
    expect(levelsFor({ callsWaiting: 4, longestWaitSeconds: 130 }, bandsFor(thresholds, 'Sales'))).toEqual({
      callsWaiting: 'amber',
      longestWaitSeconds: 'red',
      overall: 'red',
    });
  });

  it('rates a queue red under its override when the default would say normal', () => {
    const levels = levelsFor({ callsWaiting: 1, longestWaitSeconds: 50 }, bandsFor(thresholds, 'Priority'));
    expect(levels.longestWaitSeconds).toBe('red');
  });
});

describe('longestWaitSeconds', () => {
  it('counts whole seconds since the oldest caller queued when someone waits', () => {
    expect(longestWaitSeconds({ oldestWaitingSince: 10_000 }, 75_500)).toBe(65);
  });

  it('is 0 when nobody waits or the device clock is behind', () => {
    expect(longestWaitSeconds({ oldestWaitingSince: null }, 75_500)).toBe(0);
    expect(longestWaitSeconds({ oldestWaitingSince: 80_000 }, 75_500)).toBe(0);
  });
});

describe('worseLevel and isHigher', () => {
  it('orders normal below amber below red', () => {
    expect(worseLevel('amber', 'red')).toBe('red');
    expect(worseLevel('amber', 'normal')).toBe('amber');
    expect(isHigher('red', 'amber')).toBe(true);
    expect(isHigher('amber', 'amber')).toBe(false);
  });
});
