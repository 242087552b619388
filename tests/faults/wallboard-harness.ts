/**
 * The service and the wallboard's live pieces on one manual clock, talking over
 * real HTTP on port 0, with helpers to drive the stats loop poll by poll.
 */
import { createManualClock, type ManualClock } from '@/lib/clock';
import { startPbx, type RunningPbx } from '@/lib/pbx';
import { createMemoryStore, type Store } from '@/lib/store';
import type { LiveSnapshot } from '@/lib/realtime/types';
import { ACME, demoPbxOptions } from './pbx-options';
import { startLivePieces, type LivePieces } from './live-pieces';

export interface WallboardHarness {
  clock: ManualClock;
  pbx: RunningPbx;
  store: Store;
  live: LivePieces;
  /** What the supervisor view would get now. */
  supervisor(): LiveSnapshot;
  /** A sandbox control; `T` is the JSON the test expects back (not checked). */
  sandbox<T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** Requests the service counted on one route, e.g. 'GET /api/call_queues/stats/live/'. */
  requests(route: string): Promise<number>;
  /**
   * Waits (in real time) until no stats poll is in flight. With `letTimePass`,
   * the clock moves a second per wait, as it would while a request hangs.
   */
  settlePoll(options?: { letTimePass?: boolean }): Promise<void>;
  /** Advances the clock to the next planned poll and lets it finish. */
  nextPoll(options?: { letTimePass?: boolean }): Promise<void>;
  close(): Promise<void>;
}

export async function startWallboardHarness(options: { subscriptionTimings?: { checkEveryMs?: number; silenceLimitMs?: number } } = {}): Promise<WallboardHarness> {
  const clock = createManualClock();
  const pbx = await startPbx(demoPbxOptions, { clock });
  const store = createMemoryStore();
  const live = await startLivePieces({
    pbxUrl: pbx.url,
    clientId: ACME.app.clientId,
    clientSecret: ACME.app.clientSecret,
    clock,
    store,
    pathSecret: 'p'.repeat(43),
    subscriptionTimings: options.subscriptionTimings,
  });

  async function sandbox<T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await fetch(`${pbx.url}/sandbox${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as T };
  }

  async function settlePoll({ letTimePass = false } = {}): Promise<void> {
    for (let waited = 0; waited < 400; waited++) {
      if (live.poller.health().nextPollAt !== null) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (letTimePass) await clock.advanceAsync(1_000);
    }
    throw new Error('the stats poll did not settle');
  }

  return {
    clock,
    pbx,
    store,
    live,
    supervisor: () => live.core.snapshot({ audience: 'supervisor' }, 0),
    sandbox,
    async requests(route) {
      return (await sandbox<{ counts: Record<string, number> }>('GET', '/requests')).body.counts[route] ?? 0;
    },
    settlePoll,
    async nextPoll(pollOptions) {
      await settlePoll(pollOptions);
      const at = live.poller.health().nextPollAt!;
      await clock.advanceAsync(Math.max(0, at - clock.now()));
      await settlePoll(pollOptions);
    },
    async close() {
      await live.close();
      await pbx.close();
    },
  };
}
