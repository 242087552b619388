/**
 * Appends to the live log (a Redis Stream capped with MAXLEN ~, so Redis memory
 * stays bounded). Three kinds of write, each one Redis round trip:
 * - plain: CDRs already deduplicated by the store, init messages, settings;
 * - once: a call message, unless the same message was appended recently
 *   (SET NX with a TTL), checked and appended in one script so a failure
 *   cannot leave a message marked seen but never appended;
 * - fenced: the leader's stats and health, refused unless the lease still
 *   holds this leader's value, so a leader that lost the lease writes nothing.
 */
import type { Redis } from 'ioredis';
import type { ClusterKeys } from './cluster-keys';
import { ENTRY_FIELD, encodeLogEntry } from './log-entry-codec';
import type { LogEntry } from './log-entry-schemas';
import { redisScript } from './redis-script';

/** KEYS: seen key, log. ARGV: seen ttl ms, max length, entry, duplicate entry. */
const APPEND_ONCE = redisScript(`
if redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[1]) then
  redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[2], '*', '${ENTRY_FIELD}', ARGV[3])
  return 1
end
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[2], '*', '${ENTRY_FIELD}', ARGV[4])
return 0`);

/** KEYS: lease, log, latest. ARGV: the leader's lease value, max length, entry. */
const APPEND_AS_LEADER = redisScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return false end
local id = redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[2], '*', '${ENTRY_FIELD}', ARGV[3])
redis.call('HSET', KEYS[3], 'id', id, '${ENTRY_FIELD}', ARGV[3])
return id`);

type LeaderEntry = Extract<LogEntry, { kind: 'stats' | 'health' }>;

export interface LogWriter {
  append(entry: LogEntry): Promise<void>;
  /** Appends `entry` unless `digest` was seen within the dedupe window; then appends `duplicate`. True when new. */
  appendOnce(digest: string, entry: LogEntry, duplicate: LogEntry): Promise<boolean>;
  /** Appends as the leader holding `leaseValue` and keeps the entry as the latest of its kind; false when refused. */
  appendAsLeader(leaseValue: string, entry: LeaderEntry): Promise<boolean>;
}

interface LogWriterOptions {
  maxLength: number;
  /** How long a call message is remembered for deduplication. */
  seenMs: number;
}

export function createLogWriter(redis: Redis, keys: ClusterKeys, options: LogWriterOptions): LogWriter {
  return {
    async append(entry) {
      await redis.xadd(keys.log, 'MAXLEN', '~', options.maxLength, '*', ENTRY_FIELD, encodeLogEntry(entry));
    },
    async appendOnce(digest, entry, duplicate) {
      const args = [options.seenMs, options.maxLength, encodeLogEntry(entry), encodeLogEntry(duplicate)];
      return (await APPEND_ONCE(redis, [keys.seenCall(digest), keys.log], args)) === 1;
    },
    async appendAsLeader(leaseValue, entry) {
      const latest = entry.kind === 'stats' ? keys.latestStats : keys.latestHealth;
      const id = await APPEND_AS_LEADER(redis, [keys.lease, keys.log, latest], [leaseValue, options.maxLength, encodeLogEntry(entry)]);
      return typeof id === 'string';
    },
  };
}
