/**
 * The leader lease as this instance knows it: a pure state machine, driven by
 * the results of lease requests and by time (leader-election.ts runs it).
 *
 * Redis holds the lease (redis-lease.ts) and drops it ttl after the last grant
 * or renewal it processed. We count our own validity from when we *sent* that
 * request, less a margin for clocks running at slightly different rates, so our
 * "I lead" always ends before Redis can hand the lease to anyone else.
 */

export interface LeaseTiming {
  ttlMs: number;
  /** The leader renews this often, so two renewals can fail before the lease lapses. */
  renewEveryMs: number;
  /** A follower tries to take the lease this often; takeover happens at most this long after it lapses. */
  attemptEveryMs: number;
  /** A leader whose renewal failed on the way (Redis unreachable) tries again this soon. */
  retryMs: number;
  /** Taken off our validity for clock-rate differences between this process and Redis. */
  driftMs: number;
}

export function leaseTiming(ttlMs: number): LeaseTiming {
  return {
    ttlMs,
    renewEveryMs: Math.floor(ttlMs / 3),
    attemptEveryMs: Math.floor(ttlMs / 6),
    retryMs: Math.floor(ttlMs / 12),
    driftMs: Math.ceil(ttlMs / 100),
  };
}

export type LeaseState =
  | { role: 'follower'; attemptAt: number }
  | { role: 'leader'; token: number; validUntil: number; renewAt: number }
  /** Released for good (shutdown): never leads again. */
  | { role: 'stopped' };

export type LeaseEvent =
  /** Redis gave us the lease with this fencing token. */
  | { type: 'granted'; token: number; sentAt: number }
  /** Redis extended our lease. */
  | { type: 'renewed'; sentAt: number }
  /** The lease is someone else's (taking it found it held; renewing found it gone or not ours). */
  | { type: 'refused'; at: number }
  /** The request failed: we cannot tell what Redis did. */
  | { type: 'unreachable'; at: number }
  | { type: 'stopped' };

/** A lease request to send, or `expire`: the instant our leadership lapses unless a renewal lands first. */
type LeaseStep = { action: 'acquire' | 'renew' | 'expire'; at: number } | null;

export function followerLease(now: number): LeaseState {
  return { role: 'follower', attemptAt: now };
}

export function reduceLease(state: LeaseState, event: LeaseEvent, timing: LeaseTiming): LeaseState {
  if (state.role === 'stopped' || event.type === 'stopped') return { role: 'stopped' };
  switch (event.type) {
    case 'granted':
      return {
        role: 'leader',
        token: event.token,
        validUntil: event.sentAt + timing.ttlMs - timing.driftMs,
        renewAt: event.sentAt + timing.renewEveryMs,
      };
    case 'renewed':
      // A renewal that lands after we gave up counts for nothing: we already stopped acting.
      if (state.role !== 'leader') return state;
      return {
        ...state,
        validUntil: Math.max(state.validUntil, event.sentAt + timing.ttlMs - timing.driftMs),
        renewAt: event.sentAt + timing.renewEveryMs,
      };
    case 'refused':
      return { role: 'follower', attemptAt: event.at + timing.attemptEveryMs };
    case 'unreachable':
      if (state.role === 'leader') return { ...state, renewAt: event.at + timing.retryMs };
      return { role: 'follower', attemptAt: event.at + timing.attemptEveryMs };
  }
}

/** Ends a leadership whose validity ran out; any other state is returned as it is. */
export function settleLease(state: LeaseState, now: number): LeaseState {
  if (state.role === 'leader' && now >= state.validUntil) return followerLease(now);
  return state;
}

/** True while this instance may act as the leader, by its own clock. */
export function isLeading(state: LeaseState, now: number): state is Extract<LeaseState, { role: 'leader' }> {
  return state.role === 'leader' && now < state.validUntil;
}

/** What to do next and when: a lease request, or giving up leadership when it lapses first. */
export function nextLeaseStep(state: LeaseState): LeaseStep {
  switch (state.role) {
    case 'stopped':
      return null;
    case 'follower':
      return { action: 'acquire', at: state.attemptAt };
    case 'leader':
      return state.renewAt < state.validUntil ? { action: 'renew', at: state.renewAt } : { action: 'expire', at: state.validUntil };
  }
}
