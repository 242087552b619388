/**
 * Reads the live log: everything it retains (for an instance that starts), then
 * follows it with a blocking XREAD on a connection of its own, handing each
 * batch over in log order. A read that fails is retried from where it stopped,
 * so a Redis restart delays entries but never reorders them.
 */
import type { Redis } from 'ioredis';
import type { Clock } from '@/lib/clock';
import type { Logger } from '@/lib/log';
import type { ClusterKeys } from './cluster-keys';
import { decodeLogEntry, decodeStreamEntry, type DecodedEntry } from './log-entry-codec';

const PAGE = 1_000;
const BLOCK_MS = 5_000;
const RETRY_MS = 1_000;

interface LogHistory {
  /** Every entry the log retains, oldest first. */
  entries: DecodedEntry[];
  /** The newest stats and health entries, which the capped log may have trimmed. */
  latest: DecodedEntry[];
  /** Where following continues: the last id read, or 0-0 for an empty log. */
  lastId: string;
}

interface LogReader {
  history(): Promise<LogHistory>;
  /** Hands over each new batch after `afterId`, in order, until stopped. */
  follow(afterId: string, onEntries: (entries: DecodedEntry[]) => void): { stop(): Promise<void> };
}

export function createLogReader(deps: { redis: Redis; blocking: Redis; keys: ClusterKeys; clock: Clock; log: Logger }): LogReader {
  const { blocking, clock, keys, log, redis } = deps;

  async function latestEntries(): Promise<DecodedEntry[]> {
    const stored = await Promise.all([redis.hgetall(keys.latestStats), redis.hgetall(keys.latestHealth)]);
    return stored.flatMap((hash) => (hash.id && hash.e ? [decodeLogEntry(hash.id, hash.e)] : []));
  }

  return {
    async history() {
      const latest = await latestEntries();
      const entries: DecodedEntry[] = [];
      let start = '-';
      for (;;) {
        const page = await redis.xrange(keys.log, start, '+', 'COUNT', PAGE);
        for (const [id, fields] of page) entries.push(decodeStreamEntry(id, fields));
        if (page.length < PAGE) break;
        start = `(${page.at(-1)![0]}`;
      }
      return { entries, latest, lastId: entries.at(-1)?.id ?? '0-0' };
    },
    follow(afterId, onEntries) {
      let stopped = false;
      let position = afterId;
      const loop = (async () => {
        while (!stopped) {
          try {
            const reply = await blocking.xread('COUNT', PAGE, 'BLOCK', BLOCK_MS, 'STREAMS', keys.log, position);
            const items = reply?.[0]?.[1] ?? [];
            if (items.length === 0) continue;
            position = items.at(-1)![0];
            onEntries(items.map(([id, fields]) => decodeStreamEntry(id, fields)));
          } catch (error) {
            if (stopped) break;
            log.warn({ err: error }, 'reading the live log failed; retrying');
            await new Promise<void>((resolve) => clock.setTimeout(resolve, RETRY_MS));
          }
        }
      })();
      return {
        async stop() {
          stopped = true;
          // Ends the blocking read now rather than when its BLOCK times out.
          blocking.disconnect();
          await loop;
        },
      };
    },
  };
}
