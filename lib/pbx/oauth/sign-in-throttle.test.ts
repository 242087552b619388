import { describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { createSignInThrottle } from './sign-in-throttle';

const options = { maxFailures: 3, windowMs: 60_000, lockoutMs: 300_000 };

describe('createSignInThrottle', () => {
  it('locks a key out when the failures reach the maximum within the window', () => {
    const throttle = createSignInThrottle(createManualClock(), options);
    expect(throttle.recordFailure('k')).toBe(0);
    expect(throttle.recordFailure('k')).toBe(0);
    expect(throttle.recordFailure('k')).toBe(300_000);
    expect(throttle.lockedFor('k')).toBe(300_000);
    expect(throttle.lockedFor('other')).toBe(0);
  });

  it('releases the lock-out when its time is up', () => {
    const clock = createManualClock();
    const throttle = createSignInThrottle(clock, options);
    for (let failure = 0; failure < 3; failure++) throttle.recordFailure('k');
    clock.advance(299_999);
    expect(throttle.lockedFor('k')).toBe(1);
    clock.advance(1);
    expect(throttle.lockedFor('k')).toBe(0);
  });

  it('does not lock out when the failures are spread beyond the window', () => {
    const clock = createManualClock();
    const throttle = createSignInThrottle(clock, options);
    throttle.recordFailure('k');
    throttle.recordFailure('k');
    clock.advance(60_000);
    expect(throttle.recordFailure('k')).toBe(0);
  });

  it('forgets the failures when a sign-in succeeds', () => {
    const throttle = createSignInThrottle(createManualClock(), options);
    throttle.recordFailure('k');
    throttle.recordFailure('k');
    throttle.recordSuccess('k');
    expect(throttle.recordFailure('k')).toBe(0);
  });

  it('keeps a lock-out through a sweep', () => {
    const clock = createManualClock();
    const throttle = createSignInThrottle(clock, options);
    for (let failure = 0; failure < 3; failure++) throttle.recordFailure('k');
    clock.advance(120_000);
    throttle.sweep();
    expect(throttle.lockedFor('k')).toBe(180_000);
  });
});
