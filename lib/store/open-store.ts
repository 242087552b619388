import { systemClock } from '@/lib/clock';
import type { Store } from './types';
import { openPgliteEngine } from './pglite-engine';
import { openPostgresEngine } from './postgres-engine';
import type { StoreLog } from './sql-engine';
import { createSqlStore } from './sql-store';

interface OpenStoreOptions {
  /** PostgreSQL when set; otherwise the embedded PGlite. */
  databaseUrl: string | null;
  /** The wallboard's data folder; PGlite keeps its files in `<dataDir>/pglite`. */
  dataDir: string;
  now?: () => number;
  log?: StoreLog;
}

/**
 * Opens the durable store and brings its schema up to date. Rejects with
 * StoreError `data_dir_in_use` when the PGlite folder is open elsewhere.
 */
export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const now = options.now ?? systemClock.now;
  const engine = options.databaseUrl ? 'postgres' : 'pglite';
  const opened = options.databaseUrl
    ? await openPostgresEngine({ databaseUrl: options.databaseUrl, now, log: options.log })
    : await openPgliteEngine({ dataDir: options.dataDir, now });
  options.log?.info({ engine, migrated: opened.migrated.map((m) => `${m.version}_${m.name}`) }, 'store open');
  return createSqlStore(opened.engine);
}
