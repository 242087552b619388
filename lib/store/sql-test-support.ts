/** Helpers the SQL engines' test files share. */
import { sql, type SQL } from 'drizzle-orm';
import type { StoreDatabase } from './sql-engine';

/** Both drivers' results carry `rows`; the generic drizzle type cannot say so. */
export async function queryRows<Row>(db: StoreDatabase, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** Empties every table so that one engine instance serves a whole contract suite. */
export async function truncateAll(db: StoreDatabase): Promise<void> {
  await db.execute(sql`TRUNCATE cdrs, subscription, displays, pairings, settings`);
}
