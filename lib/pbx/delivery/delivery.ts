/**
 * Webhook delivery. Each post_uri has its own lane: deliveries to it go strictly in
 * order, one at a time, while lanes run independently, so a slow or dead subscriber
 * never delays another. Each delivery is sent once by default (like the real
 * service); `retries` turns on bounded retries with exponential backoff on the clock.
 */
import type { Clock, TimerHandle } from '@/lib/clock';
import type { DeliveryOptions, EngineOptions } from '../engine/types';
import { createDeliveryLog, type DeliveryKind, type DeliveryLog, type DeliveryLogEntry } from './delivery-log';
import { sendWebhook } from './send-webhook';
import { signatureHeaders } from './signature';

export interface DeliveryTarget {
  postUri: string;
  subscriptionId: string;
  /** Signs the delivery when set. */
  secret: string | null;
}

export interface Delivery {
  enqueue(target: DeliveryTarget, kind: DeliveryKind, payload: unknown): void;
  history(filter: { postUri?: string; limit: number }): DeliveryLogEntry[];
  close(): Promise<void>;
}

interface DeliveryDeps {
  clock: Clock;
  fetch: typeof fetch;
  options: DeliveryOptions;
  log: EngineOptions['log'];
  newMessageId: () => string;
  /** Deliveries of a deleted or expired subscription are dropped, not sent. */
  isActive: (subscriptionId: string) => boolean;
  /** Deliveries waiting per post_uri before the oldest is dropped. */
  laneCapacity?: number;
  logCapacity?: number;
}

interface Pending {
  target: DeliveryTarget;
  kind: DeliveryKind;
  body: string;
  /** Stays the same across retries so a subscriber can tell a retry from a new message. */
  messageId: string;
  attempts: number;
}

interface Lane {
  items: Pending[];
  draining: Promise<void> | null;
}

const BACKOFF_BASE_MS = 1000;
const BACKOFF_CAP_MS = 60_000;

export function createDelivery(deps: DeliveryDeps): Delivery {
  const { clock, options } = deps;
  const laneCapacity = deps.laneCapacity ?? 1000;
  const history: DeliveryLog = createDeliveryLog(deps.logCapacity ?? 1000);
  const lanes = new Map<string, Lane>();
  const shutdown = new AbortController();
  const backoffs = new Map<TimerHandle, () => void>();

  function record(item: Pending, outcome: DeliveryLogEntry['outcome'], status: number | null, error: string | null): void {
    history.add({
      time: new Date(clock.now()).toISOString(),
      post_uri: item.target.postUri,
      subscription_id: item.target.subscriptionId,
      kind: item.kind,
      outcome,
      status,
      attempts: item.attempts,
      error,
    });
    if (outcome !== 'delivered') {
      // Only the origin: a post_uri path often carries the subscriber's own secret.
      deps.log.warn({ origin: new URL(item.target.postUri).origin, kind: item.kind, outcome, status, attempts: item.attempts, error }, 'webhook delivery not delivered');
    }
  }

  function backoff(attempt: number): Promise<void> {
    return new Promise((resolve) => {
      const handle = clock.setTimeout(() => {
        backoffs.delete(handle);
        resolve();
      }, Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1)));
      backoffs.set(handle, resolve);
    });
  }

  async function drain(lane: Lane): Promise<void> {
    while (lane.items.length > 0 && !shutdown.signal.aborted) {
      const item = lane.items[0]!;
      if (!deps.isActive(item.target.subscriptionId)) {
        record(item, 'dropped', null, 'the subscription has ended');
        lane.items.shift();
        continue;
      }
      item.attempts += 1;
      const headers = item.target.secret === null ? {} : signatureHeaders(item.target.secret, item.messageId, Math.floor(clock.now() / 1000), item.body);
      const result = await sendWebhook(deps.fetch, clock, { url: item.target.postUri, body: item.body, headers, timeoutMs: options.timeoutMs, signal: shutdown.signal });
      if (shutdown.signal.aborted) return;
      if (result.ok) {
        record(item, 'delivered', result.status, null);
        lane.items.shift();
      } else if (item.attempts <= options.retries) {
        record(item, 'failed', result.status, result.error);
        await backoff(item.attempts);
      } else {
        record(item, options.retries > 0 ? 'gave_up' : 'failed', result.status, result.error);
        lane.items.shift();
      }
    }
  }

  function kick(postUri: string, lane: Lane): void {
    if (lane.draining) return;
    lane.draining = drain(lane).finally(() => {
      lane.draining = null;
      // Deliveries queued while the last drain was finishing still need a drain.
      if (lane.items.length > 0 && !shutdown.signal.aborted) kick(postUri, lane);
      else if (lanes.get(postUri) === lane) lanes.delete(postUri);
    });
  }

  return {
    enqueue(target, kind, payload) {
      if (shutdown.signal.aborted) return;
      const lane = lanes.get(target.postUri) ?? { items: [], draining: null };
      lanes.set(target.postUri, lane);
      lane.items.push({ target, kind, body: JSON.stringify(payload), messageId: deps.newMessageId(), attempts: 0 });
      if (lane.items.length > laneCapacity) {
        // The head may be in flight; the oldest one still waiting makes room.
        const [dropped] = lane.items.splice(lane.draining ? 1 : 0, 1);
        record(dropped!, 'dropped', null, `more than ${laneCapacity} deliveries waiting for this post_uri`);
      }
      kick(target.postUri, lane);
    },
    history: (filter) => history.list(filter),
    async close() {
      shutdown.abort();
      for (const [handle, resolve] of backoffs) {
        clock.clearTimeout(handle);
        resolve();
      }
      backoffs.clear();
      await Promise.all([...lanes.values()].flatMap((lane) => (lane.draining ? [lane.draining] : [])));
      lanes.clear();
    },
  };
}
