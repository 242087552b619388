/**
 * The subscription manager's memory across restarts, over the injected store.
 * Store failures are logged, never thrown: losing the record costs one new
 * subscription id, not the live feed.
 */
import type { SubscriptionRecord } from '@/lib/store';
import type { TelephonyLogger } from './logger';
import type { HeldSubscription } from './plan-subscription-step';

export interface SubscriptionRecordStore {
  load(): Promise<SubscriptionRecord | null>;
  save(record: SubscriptionRecord): Promise<void>;
  clear(): Promise<void>;
}

/** What the store says at start: a subscription to keep, one to delete (another post_uri), or nothing. */
type StoredSubscription =
  | { kind: 'resume'; held: HeldSubscription }
  | { kind: 'obsolete'; id: string }
  | { kind: 'none' };

export function createSavedSubscription(store: SubscriptionRecordStore, postUri: string, log: TelephonyLogger) {
  return {
    async load(now: number): Promise<StoredSubscription> {
      let record: SubscriptionRecord | null = null;
      try {
        record = await store.load();
      } catch (caught) {
        log.error({ err: caught }, 'could not load the saved telephony subscription');
      }
      if (!record) return { kind: 'none' };
      // A new PUBLIC_URL or path secret: the old subscription would post to an address nobody serves.
      if (record.postUri !== postUri) return { kind: 'obsolete', id: record.id };
      if (record.expiresAt <= now) return { kind: 'none' };
      const held = {
        id: record.id,
        expiresAt: record.expiresAt,
        renewedAt: record.updatedAt,
        establishedAt: now,
        state: record.state,
      };
      return { kind: 'resume', held };
    },

    async save(held: HeldSubscription, now: number): Promise<void> {
      try {
        await store.save({ id: held.id, postUri, expiresAt: held.expiresAt, state: held.state, updatedAt: now });
      } catch (caught) {
        log.error({ err: caught }, 'could not save the telephony subscription');
      }
    },

    async clear(): Promise<void> {
      try {
        await store.clear();
      } catch (caught) {
        log.error({ err: caught }, 'could not clear the saved telephony subscription');
      }
    },
  };
}
