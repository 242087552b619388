/**
 * The leader lease in Redis: one key holding `<owner>/<fencing token>` with a
 * PX expiry, and a counter that only grows, so each grant carries a token higher
 * than any before it. Every operation is one script, so checking who holds the
 * lease and changing it cannot be split by another instance's request.
 */
import type { Redis } from 'ioredis';
import type { LeaseStore } from './leader-election';
import { redisScript } from './redis-script';

/**
 * KEYS: lease, fence counter. ARGV: owner, ttl ms. SET NX PX, with a new token
 * only when the lease is granted: the counter plus one (INCR), but never below
 * Redis's clock in ms, so the tokens keep growing even after a Redis restart
 * lost the counter (the cluster's Redis need not persist anything).
 */
const ACQUIRE = redisScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return false end
local time = redis.call('TIME')
local clock = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local token = math.max(tonumber(redis.call('GET', KEYS[2]) or '0') + 1, clock)
redis.call('SET', KEYS[2], string.format('%d', token))
redis.call('SET', KEYS[1], ARGV[1] .. '/' .. string.format('%d', token), 'PX', ARGV[2])
return token`);

/** KEYS: lease. ARGV: our value, ttl ms. Compare-and-set: only our own lease is extended. */
const RENEW = redisScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`);

/** KEYS: lease. ARGV: our value. Only our own lease is deleted. */
const RELEASE = redisScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`);

interface LeaseKeys {
  lease: string;
  fence: string;
}

/** What the lease key holds while `owner` leads with `token`; fenced writes compare against it. */
export function leaseValue(owner: string, token: number): string {
  return `${owner}/${token}`;
}

export function createRedisLease(redis: Redis, keys: LeaseKeys): LeaseStore {
  return {
    async acquire(owner, ttlMs) {
      const token = await ACQUIRE(redis, [keys.lease, keys.fence], [owner, ttlMs]);
      return typeof token === 'number' ? token : null;
    },
    async renew(owner, token, ttlMs) {
      return (await RENEW(redis, [keys.lease], [leaseValue(owner, token), ttlMs])) === 1;
    },
    async release(owner, token) {
      await RELEASE(redis, [keys.lease], [leaseValue(owner, token)]);
    },
  };
}
