/**
 * What the webhook intake (lib/realtime) feeds in cluster mode: the live log
 * rather than this instance's live core, so a delivery that reaches any
 * instance reaches every instance's screens, once.
 * - call messages: appended unless some instance appended the same one within
 *   the dedupe window (the intake's own memory only covers this instance);
 * - CDRs: stored by the shared store, which returns only records it had not
 *   seen, and those appended before the insert resolves, so before the 204;
 * - accepted deliveries are counted by every instance as it applies the entry,
 *   duplicates through a small entry of their own, and rejections here only:
 *   a flood of bad requests must not fill the shared log.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '@/lib/clock';
import type { Logger } from '@/lib/log';
import type { WebhookIntakeDeps } from '@/lib/realtime';
import type { CdrStore } from '@/lib/store';
import type { CallEvent } from '@/lib/telephony';
import type { LogWriter } from './log-writer';

interface IntakeBridgeDeps {
  writer: Pick<LogWriter, 'append' | 'appendOnce'>;
  cdrs: Pick<CdrStore, 'insert'>;
  countRejected(): void;
  /** The key of signed deliveries, as the leader last published it. */
  signingSecret(): string | null;
  clock: Clock;
  log: Logger;
}

export interface IntakeBridge {
  intake: Pick<WebhookIntakeDeps, 'core' | 'cdrs' | 'subscription' | 'getSigningSecret'>;
  /** Resolves once every append started so far has landed (or failed and been logged). */
  flush(): Promise<void>;
}

export function createIntakeBridge(deps: IntakeBridgeDeps): IntakeBridge {
  const { clock, log, writer } = deps;
  const pending = new Set<Promise<void>>();

  function track(append: Promise<unknown>, kind: string): void {
    const settled: Promise<void> = append.then(
      () => undefined,
      (error: unknown) => log.error({ err: error, kind }, 'appending to the live log failed'),
    );
    pending.add(settled);
    void settled.finally(() => pending.delete(settled));
  }

  return {
    intake: {
      core: {
        applyCallEvent(event, at) {
          track(writer.appendOnce(callDigest(event), { kind: 'call', at, event }, { kind: 'duplicate', at }), 'call');
        },
        // The records went to the log with their insert (below), before the delivery is answered.
        applyCdrs: () => undefined,
        countWebhook(outcome) {
          if (outcome === 'rejected') deps.countRejected();
          else if (outcome === 'duplicate') track(writer.append({ kind: 'duplicate', at: clock.now() }), 'duplicate');
        },
      },
      cdrs: {
        async insert(records, receivedAt) {
          const fresh = await deps.cdrs.insert(records, receivedAt);
          if (fresh.length === 0) return fresh;
          await writer.append({ kind: 'cdrs', at: receivedAt, records: fresh }).catch((error: unknown) => {
            // Stored but not shared: the service is told to retry, but a retry finds nothing new to append.
            log.error({ err: error, records: fresh.length }, 'CDRs stored but not appended to the live log; other instances count them after a restart');
            throw error;
          });
          return fresh;
        },
      },
      subscription: {
        noteInit(state) {
          track(writer.append({ kind: 'init', at: clock.now(), state }), 'init');
        },
        // Every instance notes activity from the log's entries, the leader's watchdog included.
        noteActivity: () => undefined,
      },
      getSigningSecret: () => deps.signingSecret(),
    },
    async flush() {
      await Promise.all(pending);
    },
  };
}

/** The same call message twice has the same digest, whichever instance received each copy. */
function callDigest(event: CallEvent): string {
  return createHash('sha256').update(JSON.stringify(event)).digest('base64url').slice(0, 22);
}
