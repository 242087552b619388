/** The one upstream subscription record, so a restart re-uses the same subscription id. */
import type { SubscriptionStore } from './types';
import { subscription } from './schema';
import type { SqlEngine } from './sql-engine';

const RECORD_COLUMNS = {
  id: subscription.id,
  postUri: subscription.postUri,
  expiresAt: subscription.expiresAt,
  state: subscription.state,
  updatedAt: subscription.updatedAt,
};

export function createSqlSubscriptionStore(engine: SqlEngine): SubscriptionStore {
  const { db } = engine;
  return {
    async get() {
      const [record] = await db.select(RECORD_COLUMNS).from(subscription);
      return record ?? null;
    },
    async put(record) {
      const { id, postUri, expiresAt, state, updatedAt } = record;
      const fields = { id, postUri, expiresAt, state, updatedAt };
      await db.insert(subscription).values(fields).onConflictDoUpdate({ target: subscription.singleton, set: fields });
      await engine.flush();
    },
    async remove() {
      await db.delete(subscription);
      await engine.flush();
    },
  };
}
