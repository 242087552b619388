import { describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { scheduleAt } from './schedule-at';

describe('scheduleAt', () => {
  it('calls back at the instant when it is more than 24.8 days away', () => {
    const clock = createManualClock();
    const at = clock.now() + 40 * 86_400_000;
    const fired: number[] = [];
    scheduleAt(clock, at, () => fired.push(clock.now()));
    clock.advance(30 * 86_400_000);
    expect(fired).toEqual([]);
    clock.advance(10 * 86_400_000);
    expect(fired).toEqual([at]);
  });

  it('calls back at once when the instant has passed', () => {
    const clock = createManualClock();
    let fired = false;
    scheduleAt(clock, clock.now() - 1000, () => (fired = true));
    clock.advance(0);
    expect(fired).toBe(true);
  });

  it('never calls back when cancelled', () => {
    const clock = createManualClock();
    let fired = false;
    const cancel = scheduleAt(clock, clock.now() + 40 * 86_400_000, () => (fired = true));
    clock.advance(30 * 86_400_000);
    cancel();
    clock.advance(30 * 86_400_000);
    expect(fired).toBe(false);
    expect(clock.pendingTimers()).toBe(0);
  });
});
