/**
 * What the subscription manager does next, and when: pure, so every timing
 * rule is tested without timers.
 */
import type { SubscriptionInitState } from './types';

export type SubscriptionAction = 'create' | 'renew' | 'check' | 'recreate';

export interface HeldSubscription {
  id: string;
  expiresAt: number;
  /** Last successful create or renew. */
  renewedAt: number;
  /** When this id was created or adopted: the start of its silence window. */
  establishedAt: number;
  state: SubscriptionInitState;
}

export interface SubscriptionTimeline {
  held: HeldSubscription | null;
  /** Last accepted webhook delivery of any kind. */
  lastActivityAt: number | null;
  lastCheckAt: number;
  /** Set after a failed step: the step to retry and when. */
  retry: { action: SubscriptionAction; at: number } | null;
}

interface SubscriptionPolicy {
  /** How often to read the subscription back to notice that the service lost it. */
  checkEveryMs: number;
  /** No delivery for this long while ready means deliveries stopped: recreate. */
  silenceLimitMs: number;
}

interface SubscriptionStep {
  action: SubscriptionAction;
  at: number;
}

export function planSubscriptionStep(
  timeline: SubscriptionTimeline,
  policy: SubscriptionPolicy,
  now: number,
): SubscriptionStep {
  if (timeline.retry) return timeline.retry;
  const { held } = timeline;
  if (!held || held.expiresAt <= now) return { action: 'create', at: now };
  // In order of precedence when due at the same instant: recreating also renews, renewing also proves it exists.
  const candidates: SubscriptionStep[] = [];
  if (held.state === 'ready') {
    const quietSince = Math.max(timeline.lastActivityAt ?? -Infinity, held.establishedAt);
    candidates.push({ action: 'recreate', at: quietSince + policy.silenceLimitMs });
  }
  // Renewing at half-life leaves the other half for retries if the service is down.
  candidates.push({ action: 'renew', at: held.renewedAt + (held.expiresAt - held.renewedAt) / 2 });
  candidates.push({ action: 'check', at: timeline.lastCheckAt + policy.checkEveryMs });
  return candidates.reduce((soonest, step) => (step.at < soonest.at ? step : soonest));
}
