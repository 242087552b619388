/** The Store over a SQL engine; the same code serves PGlite and PostgreSQL. */
import type { Store } from './types';
import { createSqlCdrStore } from './sql-cdr-store';
import { createSqlDisplayStore } from './sql-display-store';
import type { SqlEngine } from './sql-engine';
import { createSqlSettingsStore } from './sql-settings-store';
import { createSqlSubscriptionStore } from './sql-subscription-store';

export function createSqlStore(engine: SqlEngine): Store {
  const cdrs = createSqlCdrStore(engine);
  let closing: Promise<void> | null = null;
  return {
    cdrs: cdrs.store,
    subscription: createSqlSubscriptionStore(engine),
    displays: createSqlDisplayStore(engine),
    settings: createSqlSettingsStore(engine),
    close() {
      // CDR writes already accepted finish first: their callers are waiting to acknowledge a delivery.
      closing ??= cdrs.settled().then(() => engine.close());
      return closing;
    },
  };
}
