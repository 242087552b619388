/**
 * The server engine: PostgreSQL through node-postgres, used when DATABASE_URL is
 * set. Tables live in the connection's search_path (public unless the URL says
 * otherwise, e.g. `?options=-c%20search_path%3Dwallboard`).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { applyMigrations, type MigrationTarget, type SqlSession } from './migrate';
import { loadMigrations } from './migrations';
import type { OpenedEngine, StoreLog } from './sql-engine';

interface PostgresEngineOptions {
  databaseUrl: string;
  now: () => number;
  log?: StoreLog;
}

/** First key of the migration advisory lock; the second is the schema's hash. */
const MIGRATION_LOCK = 0x57a11b0a;

export async function openPostgresEngine(options: PostgresEngineOptions): Promise<OpenedEngine> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl });
  // Without a listener, an idle connection dropped by the server would crash the process.
  pool.on('error', (error) => options.log?.error({ err: error }, 'an idle PostgreSQL connection failed'));
  try {
    const migrated = await migrateUnderLock(pool, options.now);
    return { migrated, engine: { db: drizzle(pool), flush: async () => undefined, close: () => pool.end() } };
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/**
 * Two instances starting together would both try to create the tables; the
 * advisory lock makes the second wait and then find nothing to do. The lock is
 * per schema, so wallboards sharing a database in separate schemas never wait on
 * each other.
 */
async function migrateUnderLock(pool: pg.Pool, now: () => number) {
  const client = await pool.connect();
  try {
    await client.query(`SELECT pg_advisory_lock($1, hashtext(coalesce(current_schema(), '')))`, [MIGRATION_LOCK]);
    return await applyMigrations(migrationTarget(client), await loadMigrations(), now);
  } finally {
    // Ending the session releases the lock however the migration went.
    client.release(true);
  }
}

function migrationTarget(client: pg.PoolClient): MigrationTarget {
  const session: SqlSession = {
    async query<Row>(text: string, params?: unknown[]) {
      return (await client.query(text, params)).rows as Row[];
    },
    async exec(script) {
      // Without parameters node-postgres uses the simple protocol, which runs several statements.
      await client.query(script);
    },
  };
  return {
    ...session,
    async transaction(work) {
      await client.query('BEGIN');
      try {
        await work(session);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    },
  };
}
