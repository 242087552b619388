/**
 * A Lua script run by its SHA-1 (EVALSHA), sent whole only when Redis does not
 * know it yet (after a restart or a SCRIPT FLUSH). Scripts are how the cluster
 * makes check-then-write atomic: a write fenced by the lease, a dedupe and its append.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

type RedisScript = (redis: Redis, keys: readonly string[], args: ReadonlyArray<string | number>) => Promise<unknown>;

export function redisScript(lua: string): RedisScript {
  const sha = createHash('sha1').update(lua).digest('hex');
  return async (redis, keys, args) => {
    try {
      return await redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(lua, keys.length, ...keys, ...args);
    }
  };
}
