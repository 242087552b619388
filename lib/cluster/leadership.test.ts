import { describe, expect, it } from 'vitest';
import { createLogger } from '@/lib/log';
import type { LeaderElection, LeaderTerm } from './leader-election';
import { runLeadership, type StartLeaderDuties } from './leadership';

const log = createLogger('silent');
const health = {
  stats: { pollMs: 15_000, lastSuccessAt: null, lastAttemptAt: null, failingSince: null, lastError: null, nextPollAt: null },
  subscription: { id: null, phase: 'none' as const, expiresAt: null, lastEventAt: null, error: null },
  token: { ok: true, error: null },
};

/** An election the test drives by hand. */
function createFakeElection() {
  const listeners = new Set<(term: LeaderTerm | null) => void>();
  let released = false;
  const election: LeaderElection = {
    start: () => undefined,
    current: () => null,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async release() {
      released = true;
      for (const listener of listeners) listener(null);
    },
  };
  return { election, announce: (term: LeaderTerm | null) => listeners.forEach((listener) => listener(term)), released: () => released };
}

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

function setUp() {
  const { election, announce, released } = createFakeElection();
  const happened: string[] = [];
  const appended: Array<{ value: string; kind: string; fence: number }> = [];
  const starts: Array<ReturnType<typeof deferred>> = [];
  const channels: Array<Parameters<StartLeaderDuties>[0]> = [];
  const startDuties: StartLeaderDuties = (channel) => {
    const index = channels.push(channel);
    const started = deferred();
    starts.push(started);
    return {
      start: async () => {
        happened.push(`start ${index}`);
        await started.promise;
        happened.push(`started ${index}`);
      },
      stop: async () => void happened.push(`stop ${index}`),
      noteWebhook: (activity) => void happened.push(`webhook ${index} ${activity.kind}`),
    };
  };
  const writer = {
    async appendAsLeader(value: string, entry: { kind: string; fence: number }) {
      appended.push({ value, kind: entry.kind, fence: entry.fence });
      return true;
    },
  };
  const leadership = runLeadership({ election, owner: 'me', writer, startDuties, now: () => 1, log });
  return { leadership, announce, released, happened, appended, starts, channels };
}

function term(token: number, holds = () => true): LeaderTerm {
  return { token, holds };
}

describe('runLeadership', () => {
  it('stops a term’s duties at once when it ends, even while they are still starting, and starts the next term’s after', async () => {
    const { announce, happened, starts } = setUp();
    announce(term(1));
    await Promise.resolve();
    announce(null);
    announce(term(2));
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(happened).toEqual(['start 1', 'stop 1']);
    starts[0]!.resolve();
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(happened).toEqual(['start 1', 'stop 1', 'started 1', 'start 2']);
  });

  it('publishes stats and health as the term’s leader, with its fencing token', async () => {
    const { announce, appended, channels } = setUp();
    announce(term(7));
    channels[0]!.publishStats([], 1);
    channels[0]!.publishHealth(health, null);
    expect(appended).toEqual([
      { value: 'me/7', kind: 'stats', fence: 7 },
      { value: 'me/7', kind: 'health', fence: 7 },
    ]);
  });

  it('publishes nothing once the term no longer holds', () => {
    const { announce, appended, channels } = setUp();
    let holds = true;
    announce(term(7, () => holds));
    holds = false;
    channels[0]!.publishStats([], 1);
    expect(channels[0]!.holds()).toBe(false);
    expect(appended).toEqual([]);
  });

  it('passes webhook activity to the duties of the current term only', () => {
    const { announce, happened, leadership } = setUp();
    leadership.noteWebhook({ kind: 'duplicate', at: 1 });
    announce(term(1));
    leadership.noteWebhook({ kind: 'init', at: 1, state: 'ready' });
    expect(happened.filter((line) => line.startsWith('webhook'))).toEqual(['webhook 1 init']);
  });

  it('releases the lease and waits for the duties to stop when stepping down', async () => {
    const { announce, happened, leadership, released, starts } = setUp();
    announce(term(1));
    await Promise.resolve();
    starts[0]!.resolve();
    await leadership.stepDown();
    expect(released()).toBe(true);
    expect(happened).toEqual(['start 1', 'stop 1', 'started 1']);
  });

  it('never starts the duties of a term that ended before they began', async () => {
    const { announce, happened, leadership } = setUp();
    announce(term(1));
    await leadership.stepDown();
    expect(happened).toEqual(['stop 1']);
  });
});
