/**
 * Applies pending migrations, each in its own transaction together with its
 * ledger row, so a failed migration leaves no trace and is retried at the next open.
 * Callers that can race (several PostgreSQL instances) hold a lock around this.
 */
import { pendingMigrations, type AppliedMigration, type Migration } from './migrations';

export interface SqlSession {
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a script of several statements. */
  exec(script: string): Promise<void>;
}

export interface MigrationTarget extends SqlSession {
  transaction(work: (session: SqlSession) => Promise<void>): Promise<void>;
}

const CREATE_LEDGER = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  checksum text NOT NULL,
  applied_at bigint NOT NULL
)`;

/** Returns the migrations it applied; none when the database was up to date. */
export async function applyMigrations(
  target: MigrationTarget,
  migrations: Migration[],
  now: () => number,
): Promise<Migration[]> {
  await target.exec(CREATE_LEDGER);
  const applied = await target.query<AppliedMigration>('SELECT version, checksum FROM schema_migrations');
  const pending = pendingMigrations(migrations, applied);
  for (const migration of pending) {
    await target.transaction(async (session) => {
      await session.exec(migration.sql);
      await session.query('INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES ($1, $2, $3, $4)', [
        migration.version,
        migration.name,
        migration.checksum,
        now(),
      ]);
    });
  }
  return pending;
}
