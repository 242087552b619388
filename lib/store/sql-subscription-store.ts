/** The one upstream subscription record, so a restart re-uses the same subscription id. */
import type { SubscriptionStore } from './types';
import { subscription } from './schema';
import type { SqlEngine } from './sql-engine';

export function createSqlSubscriptionStore(engine: SqlEngine): SubscriptionStore {
  const { db } = engine;
  return {
    async get() {
      const [row] = await db.select().from(subscription);
      if (!row) return null;
      const { singleton: _singleton, ...record } = row;
      return record;
    },
    async put(record) {
      const fields = {
        id: record.id,
        postUri: record.postUri,
        expiresAt: record.expiresAt,
        state: record.state,
        updatedAt: record.updatedAt,
      };
      await db.insert(subscription).values(fields).onConflictDoUpdate({ target: subscription.singleton, set: fields });
      await engine.flush();
    },
    async remove() {
      await db.delete(subscription);
      await engine.flush();
    },
  };
}
