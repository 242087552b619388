/**
 * The cluster's Redis scripts against this machine's Redis (127.0.0.1:6379),
 * under a key prefix of this run, deleted afterwards: the lease with its
 * fencing token, and the writes that depend on it or deduplicate.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterKeys } from '@/lib/cluster';
import { createLogWriter } from '@/lib/cluster/log-writer';
import { createRedisLease, leaseValue } from '@/lib/cluster/redis-lease';

const REDIS_URL = 'redis://127.0.0.1:6379';
const keyPrefix = `wallboard-test:${randomBytes(6).toString('hex')}:`;
const keys = clusterKeys(keyPrefix);
const stats = { kind: 'stats' as const, at: 1, fence: 1, stats: [] };
let redis: Redis;

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect().catch((error: Error) => {
    throw new Error(`These tests need Redis at ${REDIS_URL} (bash scripts/ensure-services.sh starts it): ${error.message}`);
  });
});

afterAll(async () => {
  if (redis?.status !== 'ready') return;
  const stale = await redis.keys(`${keyPrefix}*`);
  if (stale.length > 0) await redis.del(...stale);
  await redis.quit();
});

describe('createRedisLease', () => {
  it('grants the lease to one owner at a time, with a higher token each time, and only its owner can renew or release it', async () => {
    const lease = createRedisLease(redis, keys);
    const first = await lease.acquire('a', 3_000);
    expect(await lease.acquire('b', 3_000)).toBeNull();
    expect(await lease.renew('b', first!, 3_000)).toBe(false);
    expect(await lease.renew('a', first!, 3_000)).toBe(true);
    await lease.release('b', first!);
    expect(await redis.get(keys.lease)).toBe(`a/${first}`);
    await lease.release('a', first!);
    const second = await lease.acquire('b', 3_000);
    expect(second).toBeGreaterThan(first!);
    expect(await lease.renew('a', first!, 3_000)).toBe(false);
    await lease.release('b', second!);
  });

  it('sets the lease to lapse after its ttl, and a lapsed lease goes to the next owner with a higher token', async () => {
    const lease = createRedisLease(redis, keys);
    const token = await lease.acquire('a', 50);
    const ttl = await redis.pttl(keys.lease);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(50);
    // What Redis does once the ttl runs out.
    await redis.del(keys.lease);
    const next = await lease.acquire('b', 3_000);
    expect(next).toBeGreaterThan(token!);
    await lease.release('b', next!);
  });

  it('keeps tokens growing after a Redis restart lost the counter', async () => {
    const lease = createRedisLease(redis, keys);
    const before = await lease.acquire('a', 3_000);
    await lease.release('a', before!);
    // A restarted Redis without persistence: no lease, no counter. A restart takes well over a millisecond.
    await redis.del(keys.lease, keys.fence);
    while ((await redisClockMs()) <= before!);
    const after = await lease.acquire('b', 3_000);
    expect(after).toBeGreaterThan(before!);
    expect(await redis.get(keys.lease)).toBe(`b/${after}`);
    await lease.release('b', after!);
  });
});

async function redisClockMs(): Promise<number> {
  const [seconds, micros] = await redis.time();
  return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
}

describe('createLogWriter', () => {
  const writer = () => createLogWriter(redis, keys, { maxLength: 100, seenMs: 60_000 });

  it('appends a leader’s entry and keeps it as the latest while its lease holds, and refuses it once the lease is another’s', async () => {
    const lease = createRedisLease(redis, keys);
    const old = await lease.acquire('a', 3_000);
    expect(await writer().appendAsLeader(leaseValue('a', old!), { ...stats, fence: old! })).toBe(true);
    expect(await redis.hget(keys.latestStats, 'e')).toBe(JSON.stringify({ ...stats, fence: old! }));
    await lease.release('a', old!);
    const next = await lease.acquire('b', 3_000);

    expect(await writer().appendAsLeader(leaseValue('a', old!), { ...stats, at: 2, fence: old! })).toBe(false);
    expect(await redis.hget(keys.latestStats, 'e')).toBe(JSON.stringify({ ...stats, fence: old! }));
    const logged = await redis.xrange(keys.log, '-', '+');
    expect(logged.map(([, fields]) => JSON.parse(fields[1]!).at)).not.toContain(2);
    await lease.release('b', next!);
  });

  it('appends a call message once per digest, and a duplicate entry for each repeat', async () => {
    const before = await redis.xlen(keys.log);
    const entry = { kind: 'duplicate' as const, at: 10 };
    const repeat = { kind: 'duplicate' as const, at: 11 };
    expect(await writer().appendOnce('digest-1', entry, repeat)).toBe(true);
    expect(await writer().appendOnce('digest-1', entry, repeat)).toBe(false);
    const added = (await redis.xrange(keys.log, '-', '+')).slice(before).map(([, fields]) => JSON.parse(fields[1]!));
    expect(added).toEqual([entry, repeat]);
    expect(await redis.pttl(keys.seenCall('digest-1'))).toBeGreaterThan(59_000);
  });

  it('keeps the log near its cap however much is appended', async () => {
    for (let i = 0; i < 300; i++) await writer().append({ kind: 'duplicate', at: i });
    // MAXLEN ~ trims whole radix-tree nodes, so the length stays near the cap rather than at it.
    expect(await redis.xlen(keys.log)).toBeLessThan(300);
  });
});
