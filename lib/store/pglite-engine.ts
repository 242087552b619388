/**
 * The embedded engine: PGlite (Postgres in WASM, in this process) under
 * `<dataDir>/pglite`, locked by `<dataDir>/pglite.lock`. Needs no server.
 */
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { lockDataDir } from './data-dir-lock';
import { applyMigrations, type MigrationTarget, type SqlSession } from './migrate';
import { loadMigrations } from './migrations';
import { createDiskSync, type FsyncPath } from './pglite-disk-sync';
import type { OpenedEngine } from './sql-engine';

interface PgliteEngineOptions {
  dataDir: string;
  now: () => number;
  /** Tests observe flushes through it; production flushes the real files. */
  fsync?: FsyncPath;
}

export async function openPgliteEngine(options: PgliteEngineOptions): Promise<OpenedEngine> {
  await mkdir(options.dataDir, { recursive: true });
  const release = await lockDataDir(path.join(options.dataDir, 'pglite.lock'));
  const pgDataDir = path.join(options.dataDir, 'pglite');
  let pg: PGlite | undefined;
  try {
    // relaxedDurability off (PGlite's default, stated because it matters): each
    // query resolves only after PGlite has handed its writes to the file system.
    pg = await PGlite.create({ dataDir: pgDataDir, relaxedDurability: false });
    const disk = createDiskSync(pg, pgDataDir, options.fsync);
    const migrated = await applyMigrations(migrationTarget(pg), await loadMigrations(), options.now);
    await disk.afterWrite();
    const client = pg;
    return {
      migrated,
      engine: {
        db: drizzle(client),
        flush: disk.afterWrite,
        async close() {
          await client.close();
          await disk.syncAll();
          await release();
        },
      },
    };
  } catch (error) {
    // The open error is the one worth reporting; a failing close would only hide it.
    await pg?.close().catch(() => undefined);
    await release();
    throw error;
  }
}

function migrationTarget(pg: PGlite): MigrationTarget {
  return {
    ...session(pg),
    async transaction(work) {
      await pg.transaction((tx) => work(session(tx)));
    },
  };
}

function session(connection: PGlite | Transaction): SqlSession {
  return {
    async query<Row>(text: string, params?: unknown[]) {
      return (await connection.query<Row>(text, params)).rows;
    },
    async exec(script) {
      await connection.exec(script);
    },
  };
}
