import { sql } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStore } from './open-store';
import { openPgliteEngine } from './pglite-engine';
import { createSqlStore } from './sql-store';
import { queryRows } from './sql-test-support';
import { cdr } from './store.contract';

const T0 = Date.UTC(2026, 10, 21, 9, 0, 0);

// One data folder for the file: the first open of a folder takes seconds, a reopen a fraction.
let dataDir: string;
const firstOpenLog = { info: vi.fn(), error: vi.fn() };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'store-pglite-engine-'));
  const store = await openStore({ databaseUrl: null, dataDir, log: firstOpenLog });
  await store.close();
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('openStore on PGlite', () => {
  it('applies the migrations on the first open only', async () => {
    expect(firstOpenLog.info).toHaveBeenCalledWith({ engine: 'pglite', migrated: ['1_initial'] }, 'store open');
    const log = { info: vi.fn(), error: vi.fn() };
    const store = await openStore({ databaseUrl: null, dataDir, log });
    await store.close();
    expect(log.info).toHaveBeenCalledWith({ engine: 'pglite', migrated: [] }, 'store open');
  });

  it('keeps every kind of record when the folder is closed and reopened', async () => {
    const subscription = { id: 's1', postUri: 'https://wall.test/hook', expiresAt: T0 + 1, state: 'ready' as const, updatedAt: T0 };
    const display = {
      id: 'd1',
      tokenHash: 'h1',
      config: { name: 'Wall', queues: 'all' as const, views: ['queues' as const], rotateSeconds: 15 },
      createdAt: T0,
      lastSeenAt: null,
      status: null,
      revokedAt: null,
    };
    const pairing = { code: 'K7Q-4MZ', tokenHash: 'h2', createdAt: T0, expiresAt: T0 + 600_000, displayId: null };
    const writer = await openStore({ databaseUrl: null, dataDir });
    await writer.cdrs.insert([cdr(1)], T0);
    await writer.subscription.put(subscription);
    await writer.displays.create(display);
    await writer.displays.createPairing(pairing);
    await writer.settings.put('thresholds', { red: 5 });
    await writer.close();

    const reader = await openStore({ databaseUrl: null, dataDir });
    try {
      expect(await reader.cdrs.listEndedSince(0)).toEqual([cdr(1)]);
      expect(await reader.cdrs.insert([cdr(1)], T0)).toEqual([]);
      expect(await reader.subscription.get()).toEqual(subscription);
      expect(await reader.displays.findByTokenHash('h1')).toEqual(display);
      expect(await reader.displays.getPairing('K7Q-4MZ')).toEqual(pairing);
      expect(await reader.settings.get('thresholds')).toEqual({ red: 5 });
    } finally {
      await reader.close();
    }
  });

  it('refuses with data_dir_in_use when the folder is already open, and leaves the open store working', async () => {
    const first = await openStore({ databaseUrl: null, dataDir });
    try {
      await expect(openStore({ databaseUrl: null, dataDir })).rejects.toMatchObject({
        code: 'data_dir_in_use',
        message: `${path.join(dataDir, 'pglite.lock')} is held by a store already open in this process; close it first`,
      });
      await first.settings.put('still', 'works');
      expect(await first.settings.get('still')).toBe('works');
    } finally {
      await first.close();
    }
  });

  it('resolves when closed twice', async () => {
    const store = await openStore({ databaseUrl: null, dataDir });
    await store.close();
    await expect(store.close()).resolves.toBeUndefined();
  });
});

describe('openPgliteEngine', () => {
  it('flushes the WAL segment holding a write before the write resolves', async () => {
    const fsync = vi.fn(async (_target: string) => undefined);
    const { engine } = await openPgliteEngine({ dataDir, now: () => T0, fsync });
    const store = createSqlStore(engine);
    try {
      fsync.mockClear();
      await store.settings.put('k', 1);
      const [position] = await queryRows<{ segment: string }>(
        engine.db,
        sql`SELECT pg_walfile_name(pg_current_wal_lsn()) AS segment`,
      );
      expect(fsync).toHaveBeenCalledWith(path.join(dataDir, 'pglite', 'pg_wal', position!.segment));
    } finally {
      await store.close();
    }
  });

  it('flushes every file of the folder after a checkpoint and after close', async () => {
    const fsync = vi.fn(async (_target: string) => undefined);
    const { engine } = await openPgliteEngine({ dataDir, now: () => T0, fsync });
    const store = createSqlStore(engine);
    const controlFile = path.join(dataDir, 'pglite', 'global', 'pg_control');
    await engine.db.execute(sql`CHECKPOINT`);
    fsync.mockClear();
    await store.settings.put('k', 2);
    expect(fsync).toHaveBeenCalledWith(controlFile);
    fsync.mockClear();
    await store.close();
    expect(fsync).toHaveBeenCalledWith(controlFile);
  });
});
