/**
 * The wallboard as a cluster, for real: instances as separate processes on
 * this machine's Redis (127.0.0.1:6379) and PostgreSQL (127.0.0.1:5432, a
 * schema of its own, dropped afterwards), Redis keys under a prefix of their
 * own (deleted afterwards), the sandbox (lib/pbx) upstream, and a round-robin
 * front door that spreads webhooks over the instances as a load balancer
 * would. bash scripts/ensure-services.sh starts Redis and PostgreSQL.
 *
 * Waits are on events (socket messages, entries of the live log), never on time.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clusterKeys } from '@/lib/cluster';
import { pbxOptionsFromEnv, startPbx, type RunningPbx } from '@/lib/pbx';
import type { LivePatch, LiveSnapshot } from '@/lib/realtime/types';
import { openStore } from '@/lib/store';
import { createTestSchema, type TestSchema } from '@/lib/store/postgres-test-schema';
import { connectClient, type TestClient } from '../realtime/socket-clients';
import { startFrontDoor, type FrontDoor } from './front-door';
import { startInstance, type Instance } from './instances';

const REDIS_URL = 'redis://127.0.0.1:6379';
const STATS_POLL_MS = 500;
const keyPrefix = `wallboard-test:${randomBytes(6).toString('hex')}:`;
const keys = clusterKeys(keyPrefix);
const displayToken = randomBytes(32).toString('base64url');
const nextAuthSecret = randomBytes(32).toString('base64url');

let redis: Redis;
let tail: Redis;
let schema: TestSchema;
let pbx: RunningPbx;
let frontDoor: FrontDoor;
const instances: Instance[] = [];
const clients: TestClient[] = [];

/** An entry of the live log, as much of it as these tests read. */
interface LogEntry {
  id: string;
  kind: string;
  at: number;
  fence?: number;
  health?: { subscription: { id: string | null; phase: string } };
}

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect().catch((error: Error) => {
    throw new Error(`The cluster test needs Redis at ${REDIS_URL} (bash scripts/ensure-services.sh starts it): ${error.message}`);
  });
  tail = redis.duplicate();
  schema = await createTestSchema();
  const store = await openStore({ databaseUrl: schema.databaseUrl, dataDir: 'unused-with-postgres' });
  await store.displays.create({
    id: 'tv-floor',
    tokenHash: createHash('sha256').update(displayToken, 'utf8').digest('hex'),
    config: { name: 'Floor', queues: 'all', views: ['queues'], rotateSeconds: 20 },
    createdAt: Date.now(),
    lastSeenAt: null,
    status: null,
    revokedAt: null,
  });
  await store.close();
  pbx = await startPbx(pbxOptionsFromEnv({ PBX_PORT: '0', PBX_SIMULATOR: 'off', PBX_RATE_LIMITS: '100', PBX_LOG_LEVEL: 'silent' }));
  frontDoor = await startFrontDoor();
  // Together, on a store with no webhook secret yet: they must still agree on one.
  const started = await Promise.all([start(), start()]);
  frontDoor.route(started.map((instance) => instance.port));
});

beforeEach(({ onTestFailed }) => {
  onTestFailed(() => {
    for (const instance of instances) process.stderr.write(`--- instance ${instance.instanceId}\n${instance.output()}\n`);
  });
});

afterAll(async () => {
  for (const client of clients) client.socket.close();
  for (const instance of instances) instance.kill('SIGKILL');
  await Promise.all(instances.map((instance) => instance.exited));
  await frontDoor?.close();
  await pbx?.close();
  await schema?.drop();
  if (redis?.status === 'ready') {
    const stale = await redis.keys(`${keyPrefix}*`);
    if (stale.length > 0) await redis.del(...stale);
    await redis.quit();
  }
  tail?.disconnect();
});

async function start(): Promise<Instance> {
  const instance = await startInstance(
    {
      PORT: '0',
      PUBLIC_URL: frontDoor.url,
      TELEPHONY_BASE_URL: pbx.url,
      TELEPHONY_CLIENT_ID: 'wallboard-demo',
      TELEPHONY_CLIENT_SECRET: 'wallboard-demo-secret-change-me',
      TELEPHONY_STATS_LIMIT_PER_MINUTE: '500',
      STATS_POLL_MS: String(STATS_POLL_MS),
      DATABASE_URL: schema.databaseUrl,
      REDIS_URL,
      NEXTAUTH_SECRET: nextAuthSecret,
      TIME_ZONE: 'UTC',
      LOG_LEVEL: 'warn',
    },
    keyPrefix,
  );
  instances.push(instance);
  return instance;
}

async function wallOn(instance: Instance): Promise<{ client: TestClient; snapshot: LiveSnapshot }> {
  const client = await connectClient(instance.url, { view: 'wall', displayToken });
  clients.push(client);
  return { client, snapshot: await client.waitFor('live:snapshot') };
}

async function sandbox<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(pbx.url + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface PlacedCall {
  call_id: string;
  from: { call_id: string };
}

interface SandboxSubscriptions {
  total: number;
  subscriptions: Array<{ id: string }>;
}

async function requestCount(route: string): Promise<number> {
  const { counts } = await sandbox<{ counts: Record<string, number> }>('GET', '/sandbox/requests');
  return counts[route] ?? 0;
}

function decode([id, fields]: [string, string[]]): LogEntry {
  return { id, ...(JSON.parse(fields[1]!) as Omit<LogEntry, 'id'>) };
}

async function logEnd(): Promise<string> {
  const [last] = await redis.xrevrange(keys.log, '+', '-', 'COUNT', 1);
  return last?.[0] ?? '0-0';
}

async function entriesAfter(id: string): Promise<LogEntry[]> {
  return (await redis.xrange(keys.log, `(${id}`, '+')).map(decode);
}

/** The first entry after `id` that matches, as soon as it is appended. */
async function nextEntry(id: string, matches: (entry: LogEntry) => boolean): Promise<LogEntry> {
  let position = id;
  for (;;) {
    const reply = await tail.xread('BLOCK', 1_000, 'STREAMS', keys.log, position);
    for (const item of reply?.[0]?.[1] ?? []) {
      const entry = decode(item);
      position = entry.id;
      if (matches(entry)) return entry;
    }
  }
}

async function leaseHolder(): Promise<{ instance: Instance; fence: number }> {
  const value = await redis.get(keys.lease);
  const [owner, fence] = (value ?? '').split('/');
  const instance = instances.find((candidate) => candidate.instanceId === owner);
  if (!instance) throw new Error(`the lease is held by ${value}, none of this test's instances`);
  return { instance, fence: Number(fence) };
}

function phasesOf(client: TestClient, callId: string): string[] {
  return client.patches().flatMap((patch) => (patch.calls ?? []).filter((call) => call.id === callId).map((call) => call.phase));
}

function salesAnswered(patch: Pick<LivePatch, 'kpis'>): number | undefined {
  return patch.kpis?.byQueue.Sales?.answered;
}

/** Each patch follows the one before it: a copy from another instance would repeat or skip a seq. */
function seqsOf(client: TestClient): number[] {
  return client.patches().map((patch) => patch.seq);
}

async function everyoneSees(watchers: TestClient[], callId: string, phase: string): Promise<void> {
  await Promise.all(watchers.map((client) => client.waitFor('live:patch', (patch) => patch.calls?.some((call) => call.id === callId && call.phase === phase) ?? false)));
}

async function pgCount(sql: string, params: unknown[]): Promise<number> {
  const client = new pg.Client({ connectionString: schema.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(sql, params);
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

describe('the wallboard as a cluster', () => {
  const walls = new Map<Instance, TestClient>();
  /** The instance left after the leader is killed, and the one started after that. */
  let survivor: Instance;
  let late: Instance;

  it('elects one leader, and only the leader polls the stats', async () => {
    const firstStats = await nextEntry('0-0', (entry) => entry.kind === 'stats');
    const holder = await leaseHolder();
    expect(holder.fence).toBe(firstStats.fence);
    for (const instance of instances) walls.set(instance, (await wallOn(instance)).client);

    const requestsBefore = await requestCount('GET /api/call_queues/stats/live/');
    const from = await logEnd();
    let position = from;
    for (let polls = 0; polls < 4; polls++) position = (await nextEntry(position, (entry) => entry.kind === 'stats')).id;
    const requests = (await requestCount('GET /api/call_queues/stats/live/')) - requestsBefore;
    const published = (await entriesAfter(from)).filter((entry) => entry.kind === 'stats');

    expect(new Set(published.map((entry) => entry.fence))).toEqual(new Set([holder.fence]));
    // Two pollers would double the requests; a poll in flight at either end of the window may count on one side only.
    expect(Math.abs(requests - published.length)).toBeLessThanOrEqual(1);
  });

  it('shows a scripted call on both instances’ sockets, each step once, wherever its webhooks land', async () => {
    const watchers = [...walls.values()];
    const call = await sandbox<PlacedCall>('POST', '/sandbox/calls', { queue: 'Sales' });
    await everyoneSees(watchers, call.call_id, 'queued');
    await sandbox('POST', `/sandbox/calls/${call.call_id}/ring`, { user: '101' });
    await everyoneSees(watchers, call.call_id, 'ringing');
    await sandbox('POST', `/sandbox/calls/${call.call_id}/answer`);
    await everyoneSees(watchers, call.call_id, 'active');
    await sandbox('POST', `/sandbox/calls/${call.call_id}/hangup`);
    await everyoneSees(watchers, call.call_id, 'ended');
    await Promise.all(watchers.map((client) => client.waitFor('live:patch', (patch) => salesAnswered(patch) === 1)));

    for (const client of watchers) {
      expect(phasesOf(client, call.call_id)).toEqual(['queued', 'ringing', 'active', 'ended']);
      const seqs = seqsOf(client);
      expect(seqs).toEqual(seqs.map((_, index) => seqs[0]! + index));
      expect(client.patches().every((patch) => (salesAnswered(patch) ?? 0) <= 1)).toBe(true);
    }
    expect(new Set(frontDoor.forwarded.map((delivery) => delivery.port))).toEqual(new Set(instances.map((instance) => instance.port)));
  });

  it('ignores a call message redelivered to the other instance', async () => {
    const watchers = [...walls.values()];
    const ringing = frontDoor.forwarded.find((delivery) => delivery.body.includes('"ringing"'))!;
    const other = instances.find((instance) => instance.port !== ringing.port)!;
    const from = await logEnd();
    const phasesBefore = watchers.map((client) => phasesOf(client, JSON.parse(ringing.body).calls.from.call_id));

    const response = await fetch(other.url + ringing.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: ringing.body });

    expect(response.status).toBe(204);
    expect((await nextEntry(from, (entry) => entry.kind !== 'stats' && entry.kind !== 'health')).kind).toBe('duplicate');
    await Promise.all(watchers.map((client) => client.waitFor('live:patch', (patch) => patch.health?.webhooks.duplicates === 1)));
    expect(watchers.map((client) => phasesOf(client, JSON.parse(ringing.body).calls.from.call_id))).toEqual(phasesBefore);
  });

  it('hands leadership over within 5 s of a SIGKILL, renewing the same subscription, and loses no CDR of a call ended meanwhile', async () => {
    const [subscription] = (await sandbox<SandboxSubscriptions>('GET', '/sandbox/subscriptions')).subscriptions;
    const call = await sandbox<PlacedCall>('POST', '/sandbox/calls', { queue: 'Sales', caller_id: '+447700900222' });
    await sandbox('POST', `/sandbox/calls/${call.call_id}/ring`, { user: '102' });
    await sandbox('POST', `/sandbox/calls/${call.call_id}/answer`);
    await everyoneSees([...walls.values()], call.call_id, 'active');
    const { instance: leader, fence: oldFence } = await leaseHolder();
    survivor = instances.find((instance) => instance !== leader)!;
    const watcher = walls.get(survivor)!;
    const renewalsBefore = await requestCount('POST /api/subscriptions/');
    const from = await logEnd();

    leader.kill('SIGKILL');
    const killedAt = Date.now();
    await sandbox('POST', `/sandbox/calls/${call.call_id}/hangup`);

    const takeover = await nextEntry(from, (entry) => entry.kind === 'stats' && entry.fence! > oldFence);
    expect(takeover.at - killedAt).toBeLessThan(5_000);
    expect((await leaseHolder()).instance).toBe(survivor);
    await nextEntry(
      from,
      (entry) => entry.kind === 'health' && entry.fence === takeover.fence && entry.health?.subscription.id === subscription!.id && entry.health.subscription.phase === 'ready',
    );
    expect(await requestCount('POST /api/subscriptions/')).toBeGreaterThan(renewalsBefore);
    expect(await sandbox<SandboxSubscriptions>('GET', '/sandbox/subscriptions')).toMatchObject({ total: 1, subscriptions: [{ id: subscription!.id }] });

    await watcher.waitFor('live:patch', (patch) => salesAnswered(patch) === 2);
    // The queue leg and agent 102's leg, stored once each.
    expect(await pgCount('SELECT count(*)::int AS n FROM cdrs WHERE from_call_id = $1', [call.from.call_id])).toBe(2);
    expect(watcher.patches().every((patch) => (salesAnswered(patch) ?? 0) <= 2)).toBe(true);
  });

  it('serves the cluster’s numbers at once on an instance started later', async () => {
    late = await start();
    frontDoor.route([survivor.port, late.port]);
    const { client, snapshot } = await wallOn(late);
    walls.set(late, client);
    const reference = await walls.get(survivor)!.resync();
    if (!('data' in reference)) throw new Error(`resync refused: ${reference.error}`);

    expect(salesAnswered(snapshot)).toBe(2);
    expect(snapshot.kpis).toEqual(reference.data.kpis);
    expect(snapshot.queues.map(({ queue, callsWaiting, agents }) => ({ queue, callsWaiting, agents }))).toEqual(
      reference.data.queues.map(({ queue, callsWaiting, agents }) => ({ queue, callsWaiting, agents })),
    );
  });

  it('gives the lease up at once on SIGTERM and leaves the subscription to the next leader', async () => {
    const { instance: leader, fence } = await leaseHolder();
    const remaining = [survivor, late].find((instance) => instance !== leader)!;
    const from = await logEnd();

    leader.kill('SIGTERM');

    expect(await leader.exited).toBe(0);
    const holder = await redis.get(keys.lease);
    // Deleted at shutdown, not left to lapse: it is free, or already the remaining instance's.
    expect(holder === null || holder.startsWith(`${remaining.instanceId}/`)).toBe(true);
    expect((await nextEntry(from, (entry) => entry.kind === 'stats' && entry.fence! > fence)).fence).toBeGreaterThan(fence);
    expect((await sandbox<SandboxSubscriptions>('GET', '/sandbox/subscriptions')).total).toBe(1);
  });
});
