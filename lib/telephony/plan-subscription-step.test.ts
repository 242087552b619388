import { describe, expect, it } from 'vitest';
import { type HeldSubscription, planSubscriptionStep, type SubscriptionTimeline } from './plan-subscription-step';

const HOUR = 3_600_000;
const policy = { checkEveryMs: 5 * 60_000, silenceLimitMs: 15 * 60_000 };

function held(change: Partial<HeldSubscription> = {}): HeldSubscription {
  return { id: '1', expiresAt: 24 * HOUR, renewedAt: 0, establishedAt: 0, state: 'preparing', ...change };
}

function timeline(change: Partial<SubscriptionTimeline> = {}): SubscriptionTimeline {
  return { held: held(), lastActivityAt: null, lastCheckAt: 0, retry: null, ...change };
}

describe('planSubscriptionStep', () => {
  it('creates at once when nothing is held', () => {
    expect(planSubscriptionStep(timeline({ held: null }), policy, 1_000)).toEqual({ action: 'create', at: 1_000 });
  });

  it('creates at once when the held subscription has expired', () => {
    expect(planSubscriptionStep(timeline(), policy, 24 * HOUR)).toEqual({ action: 'create', at: 24 * HOUR });
  });

  it('retries the failed step when a retry is pending', () => {
    const retry = { action: 'renew' as const, at: 12 * HOUR + 5_000 };
    expect(planSubscriptionStep(timeline({ retry }), policy, 12 * HOUR)).toEqual(retry);
  });

  it('checks every interval when renewal is far off', () => {
    expect(planSubscriptionStep(timeline({ lastCheckAt: 60_000 }), policy, 60_000)).toEqual({
      action: 'check',
      at: 360_000,
    });
  });

  it('renews at half of the lifetime left after the last renewal', () => {
    const step = planSubscriptionStep(
      timeline({ held: held({ renewedAt: 2 * HOUR, expiresAt: 26 * HOUR }), lastCheckAt: 14 * HOUR - 60_000 }),
      policy,
      14 * HOUR - 60_000,
    );
    expect(step).toEqual({ action: 'renew', at: 14 * HOUR });
  });

  it('recreates when a ready subscription has had no delivery for the silence limit', () => {
    const step = planSubscriptionStep(
      timeline({ held: held({ state: 'ready' }), lastActivityAt: 10 * HOUR, lastCheckAt: 10 * HOUR + 14 * 60_000 }),
      policy,
      10 * HOUR + 14 * 60_000,
    );
    expect(step).toEqual({ action: 'recreate', at: 10 * HOUR + 15 * 60_000 });
  });

  it('counts silence from when the subscription was established when no delivery came since', () => {
    const step = planSubscriptionStep(
      timeline({ held: held({ state: 'ready', establishedAt: 3 * HOUR }), lastActivityAt: HOUR, lastCheckAt: 3 * HOUR + 600_000 }),
      policy,
      3 * HOUR + 600_000,
    );
    expect(step).toEqual({ action: 'recreate', at: 3 * HOUR + 15 * 60_000 });
  });

  it('never recreates for silence while the subscription is still preparing', () => {
    const step = planSubscriptionStep(timeline({ lastActivityAt: 0, lastCheckAt: 20 * HOUR }), policy, 20 * HOUR);
    expect(step.action).not.toBe('recreate');
  });
});
