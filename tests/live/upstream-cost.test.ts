/**
 * The stats endpoint is rate limited (5 per minute on the real service): the
 * wallboard must ask it once per interval, whether one screen watches or fifty.
 * Time is the manual clock; the requests are counted by the service itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { connectClient, type TestClient } from '../realtime/socket-clients';
import { startWallboardWithService, type WallboardWithService } from './wallboard-with-service';

const POLL_MS = 15_000;
const STATS_ROUTE = 'GET /api/call_queues/stats/live/';

const clock = createManualClock(Date.now());
let stack: WallboardWithService;
const clients: TestClient[] = [];

beforeAll(async () => {
  stack = await startWallboardWithService({ clock, statsPollMs: POLL_MS });
});

afterAll(async () => {
  for (const client of clients) client.socket.close();
  await stack?.close();
});

async function statsRequests(): Promise<number> {
  const { counts } = (await stack.sandbox('requests')) as { counts: Record<string, number> };
  return counts[STATS_ROUTE] ?? 0;
}

async function connectViewers(count: number): Promise<void> {
  const cookie = await stack.sessionCookie({ userId: '5001', name: 'Sam Rivera', role: 'supervisor', extension: '200' });
  const connected = await Promise.all(
    Array.from({ length: count }, (_, index) => connectClient(stack.baseUrl, { view: index % 2 === 0 ? 'wall' : 'supervisor', cookie })),
  );
  clients.push(...connected);
  await Promise.all(connected.map((client) => client.waitFor('live:snapshot')));
}

/** Moves time on by whole intervals, letting each poll finish before the next; returns the requests made. */
async function requestsOver(intervals: number): Promise<number> {
  const before = await statsRequests();
  for (let done = 1; done <= intervals; done++) {
    await clock.advanceAsync(POLL_MS);
    await expect.poll(statsRequests).toBeGreaterThanOrEqual(before + done);
  }
  return (await statsRequests()) - before;
}

describe('the stats poller', () => {
  it('makes the same number of upstream requests with 1 and with 50 connected sockets', async () => {
    await expect.poll(statsRequests).toBe(1);

    await connectViewers(1);
    const withOne = await requestsOver(5);

    await connectViewers(49);
    const withFifty = await requestsOver(5);

    expect(withOne).toBe(5);
    expect(withFifty).toBe(withOne);
  });
});
