/**
 * Issue 3's end-to-end proof without a browser: a scripted call in the real
 * service reaches the right sockets of the real wallboard, in order, and only them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '@/lib/clock';
import type { LiveCall } from '@/lib/realtime/types';
import { connectClient, type TestClient } from '../realtime/socket-clients';
import { startWallboardWithService, type WallboardWithService } from './wallboard-with-service';

interface ScriptedCall {
  from: { call_id: string };
}

let stack: WallboardWithService;
const clients: TestClient[] = [];

beforeAll(async () => {
  stack = await startWallboardWithService({ clock: systemClock, statsPollMs: 60_000 });
});

afterAll(async () => {
  for (const client of clients) client.socket.close();
  await stack?.close();
});

async function connect(view: 'wall' | 'agent', user: Parameters<WallboardWithService['sessionCookie']>[0]): Promise<TestClient> {
  const client = await connectClient(stack.baseUrl, { view, cookie: await stack.sessionCookie(user) });
  clients.push(client);
  await client.waitFor('live:snapshot');
  return client;
}

/** Every state a client saw for one call, from its snapshots and patches, repeats folded. */
function phasesSeen(client: TestClient, callId: string): string[] {
  const phases: string[] = [];
  for (const event of client.events) {
    const calls: LiveCall[] =
      event.name === 'live:snapshot' ? event.payload.calls : event.name === 'live:patch' ? (event.payload.calls ?? []) : [];
    for (const call of calls) if (call.id === callId && phases.at(-1) !== call.phase) phases.push(call.phase);
  }
  return phases;
}

function mentions(client: TestClient, callId: string): boolean {
  return client.events.some(
    (event) =>
      (event.name === 'live:snapshot' || event.name === 'live:patch') &&
      (JSON.stringify(event.payload.calls ?? []).includes(callId) || (event.name === 'live:patch' && (event.payload.removedCalls ?? []).includes(callId))),
  );
}

function salesWaiting(client: TestClient): number | undefined {
  let waiting: number | undefined;
  for (const event of client.events) {
    const queues = event.name === 'live:snapshot' ? event.payload.queues : event.name === 'live:patch' ? event.payload.queues : undefined;
    const sales = queues?.find((queue) => queue.queue === 'Sales');
    if (sales) waiting = sales.callsWaiting;
  }
  return waiting;
}

function subscriptionPhase(client: TestClient): string | undefined {
  let phase: string | undefined;
  for (const event of client.events) {
    const health = event.name === 'live:snapshot' || event.name === 'live:patch' ? event.payload.health : undefined;
    if (health) phase = health.subscription.phase;
  }
  return phase;
}

describe('a scripted call through the service', () => {
  it('reaches agent 101 as ringing, active, ended in order, never agent 102, and moves the wall', async () => {
    const alice = await connect('agent', { userId: '5101', name: 'Alice Chen', role: 'agent', extension: '101' });
    const bob = await connect('agent', { userId: '5102', name: 'Bob Okafor', role: 'agent', extension: '102' });
    const wall = await connect('wall', { userId: '5001', name: 'Sam Rivera', role: 'supervisor', extension: '200' });
    // The subscription must be ready before the service delivers events (spec 3.1).
    await expect.poll(() => subscriptionPhase(wall), { timeout: 15_000 }).toBe('ready');
    // The wall knows the queues once the first poll has come in.
    await expect.poll(() => salesWaiting(wall), { timeout: 15_000 }).toBe(0);

    const call = (await stack.sandbox('calls', { queue: 'Sales', caller_id: '+447700900123', caller_name: 'Ada Caller' })) as ScriptedCall;
    const id = call.from.call_id;
    await expect.poll(() => salesWaiting(wall), { timeout: 10_000 }).toBe(1);

    await stack.sandbox(`calls/${id}/ring`, { user: '101' });
    await alice.waitFor('live:patch', (patch) => (patch.calls ?? []).some((c) => c.id === id && c.phase === 'ringing'));
    await stack.sandbox(`calls/${id}/answer`, {});
    await expect.poll(() => salesWaiting(wall), { timeout: 10_000 }).toBe(0);
    await stack.sandbox(`calls/${id}/hangup`, {});
    await alice.waitFor('live:patch', (patch) => (patch.calls ?? []).some((c) => c.id === id && c.phase === 'ended'));

    expect(phasesSeen(alice, id)).toEqual(['ringing', 'active', 'ended']);
    // A round trip on Bob's socket: everything sent to him before it has arrived.
    await bob.resync();
    expect(mentions(bob, id)).toBe(false);
    // The wall saw the caller, masked.
    const seenOnWall = wall.events.flatMap((event) => (event.name === 'live:patch' ? (event.payload.calls ?? []) : []));
    expect(seenOnWall.some((c) => c.id === id)).toBe(true);
    expect(JSON.stringify(seenOnWall)).not.toContain('+447700900123');
  });
});
