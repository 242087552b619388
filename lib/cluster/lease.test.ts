import { describe, expect, it } from 'vitest';
import { followerLease, isLeading, leaseTiming, nextLeaseStep, reduceLease, settleLease, type LeaseState } from './lease';

const timing = leaseTiming(3_000);
const t0 = 1_000_000;

function grantedAt(sentAt: number, token = 7): LeaseState {
  return reduceLease(followerLease(sentAt), { type: 'granted', token, sentAt }, timing);
}

describe('leaseTiming', () => {
  it('renews three times per ttl and lets a follower try six times per ttl when the ttl is 3 s', () => {
    expect(timing).toEqual({ ttlMs: 3_000, renewEveryMs: 1_000, attemptEveryMs: 500, retryMs: 250, driftMs: 30 });
  });
});

describe('reduceLease', () => {
  it('leads until the ttl less drift after the request was sent when granted', () => {
    expect(grantedAt(t0, 7)).toEqual({ role: 'leader', token: 7, validUntil: t0 + 2_970, renewAt: t0 + 1_000 });
  });

  it('counts validity from when the renewal was sent when renewed', () => {
    const renewed = reduceLease(grantedAt(t0), { type: 'renewed', sentAt: t0 + 1_000 }, timing);
    expect(renewed).toEqual({ role: 'leader', token: 7, validUntil: t0 + 3_970, renewAt: t0 + 2_000 });
  });

  it('never shortens validity when an older renewal lands after a newer one', () => {
    const renewed = reduceLease(grantedAt(t0 + 500), { type: 'renewed', sentAt: t0 }, timing);
    expect(renewed).toMatchObject({ role: 'leader', validUntil: t0 + 500 + 2_970 });
  });

  it('stays a follower when a renewal lands after leadership lapsed', () => {
    const lapsed = settleLease(grantedAt(t0), t0 + 2_970);
    expect(reduceLease(lapsed, { type: 'renewed', sentAt: t0 + 2_000 }, timing)).toEqual(lapsed);
  });

  it('becomes a follower that tries again after attemptEvery when the lease is refused', () => {
    expect(reduceLease(grantedAt(t0), { type: 'refused', at: t0 + 1_010 }, timing)).toEqual({ role: 'follower', attemptAt: t0 + 1_510 });
    expect(reduceLease(followerLease(t0), { type: 'refused', at: t0 }, timing)).toEqual({ role: 'follower', attemptAt: t0 + 500 });
  });

  it('keeps leading with the same validity and retries soon when a renewal cannot reach Redis', () => {
    const failed = reduceLease(grantedAt(t0), { type: 'unreachable', at: t0 + 1_100 }, timing);
    expect(failed).toEqual({ role: 'leader', token: 7, validUntil: t0 + 2_970, renewAt: t0 + 1_350 });
  });

  it('stays a follower that tries again later when taking the lease cannot reach Redis', () => {
    expect(reduceLease(followerLease(t0), { type: 'unreachable', at: t0 + 20 }, timing)).toEqual({ role: 'follower', attemptAt: t0 + 520 });
  });

  it('never leads again once stopped, even when a grant lands afterwards', () => {
    const stopped = reduceLease(grantedAt(t0), { type: 'stopped' }, timing);
    expect(stopped).toEqual({ role: 'stopped' });
    expect(reduceLease(stopped, { type: 'granted', token: 8, sentAt: t0 }, timing)).toEqual({ role: 'stopped' });
  });
});

describe('settleLease', () => {
  it('ends leadership when its validity has run out', () => {
    expect(settleLease(grantedAt(t0), t0 + 2_970)).toEqual({ role: 'follower', attemptAt: t0 + 2_970 });
  });

  it('keeps leadership up to the last millisecond of validity', () => {
    expect(settleLease(grantedAt(t0), t0 + 2_969)).toEqual(grantedAt(t0));
  });
});

describe('isLeading', () => {
  it('is true only before validity ends', () => {
    expect(isLeading(grantedAt(t0), t0 + 2_969)).toBe(true);
    expect(isLeading(grantedAt(t0), t0 + 2_970)).toBe(false);
  });

  it('is false for a follower and once stopped', () => {
    expect(isLeading(followerLease(t0), t0)).toBe(false);
    expect(isLeading({ role: 'stopped' }, t0)).toBe(false);
  });
});

describe('nextLeaseStep', () => {
  it('asks a follower to take the lease at its next attempt', () => {
    expect(nextLeaseStep({ role: 'follower', attemptAt: t0 + 500 })).toEqual({ action: 'acquire', at: t0 + 500 });
  });

  it('asks the leader to renew when the renewal is due before validity ends', () => {
    expect(nextLeaseStep(grantedAt(t0))).toEqual({ action: 'renew', at: t0 + 1_000 });
  });

  it('names the lapse when retries would come after validity ends', () => {
    const late = reduceLease(grantedAt(t0), { type: 'unreachable', at: t0 + 2_800 }, timing);
    expect(nextLeaseStep(late)).toEqual({ action: 'expire', at: t0 + 2_970 });
  });

  it('has nothing to do once stopped', () => {
    expect(nextLeaseStep({ role: 'stopped' })).toBeNull();
  });
});
