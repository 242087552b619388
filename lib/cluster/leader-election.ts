/**
 * Runs the lease state machine (lease.ts) against a LeaseStore on the injected
 * clock: a follower tries to take the lease, the leader renews it, and each
 * change of leadership is announced as a term (or null when this instance stops
 * leading). One lease request is in flight at a time; while one is, a timer
 * still ends the leadership the moment its validity runs out.
 */
import type { Clock, TimerHandle } from '@/lib/clock';
import type { Logger } from '@/lib/log';
import {
  followerLease,
  isLeading,
  nextLeaseStep,
  reduceLease,
  settleLease,
  type LeaseEvent,
  type LeaseState,
  type LeaseTiming,
} from './lease';

export interface LeaseStore {
  /** Takes the lease if nobody holds it: the new fencing token, or null when it is held. */
  acquire(owner: string, ttlMs: number): Promise<number | null>;
  /** Extends our lease; false when it lapsed or is someone else's. */
  renew(owner: string, token: number, ttlMs: number): Promise<boolean>;
  /** Deletes our lease at once, if it is still ours. */
  release(owner: string, token: number): Promise<void>;
}

export interface LeaderTerm {
  /** The fencing token of this term: higher than any earlier term's. */
  readonly token: number;
  /** Whether the term still holds at this instant. Check it right before acting. */
  holds(): boolean;
}

export interface LeaderElection {
  start(): void;
  current(): LeaderTerm | null;
  onChange(listener: (term: LeaderTerm | null) => void): () => void;
  /** Stops for good and gives the lease up at once, so another instance need not wait for the ttl. */
  release(): Promise<void>;
}

interface LeaderElectionDeps {
  lease: LeaseStore;
  /** This instance's name in the lease; unique per process. */
  owner: string;
  timing: LeaseTiming;
  clock: Clock;
  log: Logger;
}

export function createLeaderElection(deps: LeaderElectionDeps): LeaderElection {
  const { clock, lease, log, owner, timing } = deps;
  const listeners = new Set<(term: LeaderTerm | null) => void>();
  let state: LeaseState = followerLease(clock.now());
  let term: LeaderTerm | null = null;
  let inFlight: Promise<void> | null = null;
  let timer: TimerHandle | null = null;
  let running = false;

  function enter(next: LeaseState): void {
    state = next;
    const token = state.role === 'leader' ? state.token : null;
    if (term && term.token !== token) {
      // Losing the lease while running is worth a look (Redis unreachable, a stalled event loop); handing it over is not.
      if (state.role === 'stopped') log.info({ fence: term.token }, 'leadership handed over');
      else log.warn({ fence: term.token }, 'leadership lost');
      term = null;
      announce(null);
    }
    if (!term && token !== null) {
      term = { token, holds: () => isLeading(state, clock.now()) && state.token === token };
      log.info({ fence: token }, 'leading the cluster');
      announce(term);
    }
  }

  function announce(current: LeaderTerm | null): void {
    for (const listener of listeners) {
      try {
        listener(current);
      } catch (error) {
        log.error({ err: error }, 'leadership listener failed');
      }
    }
  }

  function wakeAt(at: number): void {
    if (timer) clock.clearTimeout(timer);
    timer = clock.setTimeout(wake, at - clock.now());
  }

  function wake(): void {
    if (timer) clock.clearTimeout(timer);
    timer = null;
    if (!running) return;
    enter(settleLease(state, clock.now()));
    if (inFlight) {
      if (state.role === 'leader') wakeAt(state.validUntil);
      return;
    }
    const step = nextLeaseStep(state);
    if (!step) return;
    if (step.at > clock.now()) return wakeAt(step.at);
    if (step.action === 'acquire' || step.action === 'renew') send(step.action);
  }

  function send(action: 'acquire' | 'renew'): void {
    const sentAt = clock.now();
    const token = state.role === 'leader' ? state.token : null;
    inFlight = (async () => {
      const event = await request(action, sentAt, token);
      inFlight = null;
      if (state.role === 'stopped' && event.type === 'granted') {
        // Granted while we were shutting down: hand it straight back.
        await lease.release(owner, event.token).catch((error: unknown) => log.warn({ err: error }, 'releasing a late lease failed'));
      }
      enter(reduceLease(state, event, timing));
      wake();
    })();
    if (state.role === 'leader') wakeAt(state.validUntil);
  }

  async function request(action: 'acquire' | 'renew', sentAt: number, token: number | null): Promise<LeaseEvent> {
    try {
      if (action === 'acquire') {
        const granted = await lease.acquire(owner, timing.ttlMs);
        return granted === null ? { type: 'refused', at: clock.now() } : { type: 'granted', token: granted, sentAt };
      }
      const renewed = token !== null && (await lease.renew(owner, token, timing.ttlMs));
      return renewed ? { type: 'renewed', sentAt } : { type: 'refused', at: clock.now() };
    } catch (error) {
      log.warn({ err: error, action }, 'leader lease request failed');
      return { type: 'unreachable', at: clock.now() };
    }
  }

  return {
    start() {
      if (running || state.role === 'stopped') return;
      running = true;
      wake();
    },
    current: () => (term?.holds() ? term : null),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async release() {
      running = false;
      if (timer) clock.clearTimeout(timer);
      timer = null;
      const held = state.role === 'leader' ? state.token : null;
      enter({ role: 'stopped' });
      // Not waiting for a request in flight: Redis answers in order, and a late grant is handed back by send().
      if (held === null) return;
      await lease.release(owner, held).catch((error: unknown) => log.warn({ err: error }, 'releasing the leader lease failed'));
    },
  };
}
