import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock, type Clock, type ManualClock } from '@/lib/clock';
import { createLogger } from '@/lib/log';
import { leaseTiming } from './lease';
import { createLeaderElection, type LeaderElection, type LeaderTerm, type LeaseStore } from './leader-election';

const timing = leaseTiming(3_000);
const log = createLogger('silent');

/** Redis's side of the lease on the manual clock: a key with an expiry and a counter. */
function createLeaseServer(clock: ManualClock) {
  let holder: { value: string; expiresAt: number } | null = null;
  let fence = 0;
  const live = () => (holder && holder.expiresAt > clock.now() ? holder : null);
  return {
    holder: () => live()?.value ?? null,
    /** One instance's connection, which can be cut (requests fail) or frozen (requests never answer, as in a paused process). */
    connect() {
      let mode: 'up' | 'down' | 'frozen' = 'up';
      const gate = async <T>(work: () => T): Promise<T> => {
        if (mode === 'down') throw new Error('connection refused');
        if (mode === 'frozen') return new Promise<T>(() => undefined);
        return work();
      };
      const store: LeaseStore = {
        acquire: (owner, ttlMs) =>
          gate(() => {
            if (live()) return null;
            fence += 1;
            holder = { value: `${owner}/${fence}`, expiresAt: clock.now() + ttlMs };
            return fence;
          }),
        renew: (owner, token, ttlMs) =>
          gate(() => {
            const current = live();
            if (current?.value !== `${owner}/${token}`) return false;
            current.expiresAt = clock.now() + ttlMs;
            return true;
          }),
        release: (owner, token) =>
          gate(() => {
            if (live()?.value === `${owner}/${token}`) holder = null;
          }),
      };
      return { store, set: (next: typeof mode) => (mode = next) };
    },
  };
}

interface Instance {
  election: LeaderElection;
  terms: Array<LeaderTerm | null>;
  connection: ReturnType<ReturnType<typeof createLeaseServer>['connect']>;
}

let running: Instance[] = [];

function startInstance(clock: ManualClock, server: ReturnType<typeof createLeaseServer>, owner: string): Instance {
  const connection = server.connect();
  const election = createLeaderElection({ lease: connection.store, owner, timing, clock, log });
  const terms: Array<LeaderTerm | null> = [];
  election.onChange((term) => terms.push(term));
  election.start();
  const instance = { election, terms, connection };
  running.push(instance);
  return instance;
}

afterEach(async () => {
  for (const instance of running) {
    instance.connection.set('up');
    await instance.election.release();
  }
  running = [];
});

/** Advances in small steps, checking at each that no two instances act as leader at once. */
async function advanceCheckingOneLeader(clock: ManualClock, instances: Instance[], ms: number): Promise<void> {
  for (let elapsed = 0; elapsed < ms; elapsed += 10) {
    await clock.advanceAsync(10);
    expect(instances.filter((instance) => instance.election.current() !== null).length).toBeLessThanOrEqual(1);
  }
}

describe('createLeaderElection', () => {
  it('elects exactly one of two instances when both start together', async () => {
    const clock = createManualClock();
    const server = createLeaseServer(clock);
    const a = startInstance(clock, server, 'a');
    const b = startInstance(clock, server, 'b');
    await advanceCheckingOneLeader(clock, [a, b], 10_000);
    expect(a.election.current()?.token).toBe(1);
    expect(b.election.current()).toBeNull();
    expect(b.terms).toEqual([]);
    expect(server.holder()).toBe('a/1');
  });

  it('hands leadership over within the ttl and one attempt when the leader freezes, never with two leaders at once', async () => {
    const clock = createManualClock();
    const server = createLeaseServer(clock);
    const a = startInstance(clock, server, 'a');
    await clock.advanceAsync(10);
    const b = startInstance(clock, server, 'b');
    await advanceCheckingOneLeader(clock, [a, b], 2_000);
    a.connection.set('frozen');
    const frozenAt = clock.now();
    while (!b.election.current()) await advanceCheckingOneLeader(clock, [a, b], 10);
    expect(clock.now() - frozenAt).toBeLessThanOrEqual(timing.ttlMs + timing.attemptEveryMs);
    expect(a.terms.at(-1)).toBeNull();
    expect(b.election.current()?.token).toBe(2);
  });

  it('ends a term the moment its validity runs out, before any timer runs, so an instance waking from a pause does not act', async () => {
    const clock = createManualClock();
    let pausedFor = 0;
    const pausable: Clock = { ...clock, now: () => clock.now() + pausedFor };
    const server = createLeaseServer(clock);
    const connection = server.connect();
    const election = createLeaderElection({ lease: connection.store, owner: 'a', timing, clock: pausable, log });
    election.start();
    await clock.advanceAsync(10);
    const term = election.current();
    expect(term?.holds()).toBe(true);
    pausedFor = timing.ttlMs;
    expect(term?.holds()).toBe(false);
    expect(election.current()).toBeNull();
    await election.release();
  });

  it('lets another instance take over at once when the leader releases the lease', async () => {
    const clock = createManualClock();
    const server = createLeaseServer(clock);
    const a = startInstance(clock, server, 'a');
    await clock.advanceAsync(10);
    const b = startInstance(clock, server, 'b');
    await clock.advanceAsync(1_000);
    await a.election.release();
    expect(a.terms).toEqual([expect.objectContaining({ token: 1 }), null]);
    expect(server.holder()).toBeNull();
    await clock.advanceAsync(timing.attemptEveryMs);
    expect(b.election.current()?.token).toBe(2);
  });

  it('keeps leading through renewals that fail for less than the lease', async () => {
    const clock = createManualClock();
    const server = createLeaseServer(clock);
    const a = startInstance(clock, server, 'a');
    await clock.advanceAsync(1_500);
    a.connection.set('down');
    await clock.advanceAsync(1_000);
    a.connection.set('up');
    await clock.advanceAsync(5_000);
    expect(a.terms.map((term) => term?.token ?? null)).toEqual([1]);
    expect(a.election.current()?.token).toBe(1);
  });

  it('stops leading when Redis stays unreachable until the lease lapses, and leads again with a new token once it is back', async () => {
    const clock = createManualClock();
    const server = createLeaseServer(clock);
    const a = startInstance(clock, server, 'a');
    await clock.advanceAsync(10);
    a.connection.set('down');
    await clock.advanceAsync(timing.ttlMs);
    expect(a.election.current()).toBeNull();
    expect(a.terms.map((term) => term?.token ?? null)).toEqual([1, null]);
    a.connection.set('up');
    await clock.advanceAsync(timing.ttlMs);
    expect(a.election.current()?.token).toBe(2);
  });

  it('gives back a lease that is granted while the instance is releasing', async () => {
    const clock = createManualClock();
    const server = createLeaseServer(clock);
    const connection = server.connect();
    let grant: (token: number) => void = () => undefined;
    const store: LeaseStore = {
      ...connection.store,
      acquire: (owner, ttlMs) =>
        new Promise((resolve) => {
          grant = () => void connection.store.acquire(owner, ttlMs).then(resolve);
        }),
    };
    const election = createLeaderElection({ lease: store, owner: 'a', timing, clock, log });
    election.start();
    const released = election.release();
    grant(1);
    await released;
    await clock.advanceAsync(10);
    expect(server.holder()).toBeNull();
    expect(election.current()).toBeNull();
  });
});
