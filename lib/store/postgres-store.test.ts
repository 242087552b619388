import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Store } from './types';
import { openStore } from './open-store';
import { openPostgresEngine } from './postgres-engine';
import { createTestSchema, skipPostgresTests, type TestSchema } from './postgres-test-schema';
import type { OpenedEngine } from './sql-engine';
import { createSqlStore } from './sql-store';
import { queryRows, truncateAll } from './sql-test-support';
import { cdr, describeStoreContract } from './store.contract';

const T0 = Date.UTC(2026, 10, 21, 9, 0, 0);

describe.skipIf(skipPostgresTests)('PostgreSQL', () => {
  let schema: TestSchema;
  let opened: OpenedEngine;
  let store: Store;

  beforeAll(async () => {
    schema = await createTestSchema();
    opened = await openPostgresEngine({ databaseUrl: schema.databaseUrl, now: () => T0 });
    store = createSqlStore(opened.engine);
  });

  afterAll(async () => {
    await store?.close();
    await schema?.drop();
  });

  describeStoreContract('PostgreSQL', async () => {
    await truncateAll(opened.engine.db);
    return store;
  });
});

describe.skipIf(skipPostgresTests)('openStore on PostgreSQL', () => {
  let schema: TestSchema | undefined;
  const opened: Store[] = [];

  async function open(log = { info: vi.fn(), error: vi.fn() }) {
    const store = await openStore({ databaseUrl: schema!.databaseUrl, dataDir: '/nonexistent', now: () => T0, log });
    opened.push(store);
    return { store, log };
  }

  beforeEach(async () => {
    schema = await createTestSchema();
  });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
    await schema?.drop();
    schema = undefined;
  });

  it('applies the migrations once when two instances open the same schema together', async () => {
    const [a, b] = await Promise.all([open(), open()]);
    const migrated = [a, b].map(({ log }) => log.info.mock.calls[0]![0].migrated);
    expect(migrated.sort()).toEqual([[], ['1_initial']]);
    await a.store.settings.put('shared', 'yes');
    expect(await b.store.settings.get('shared')).toBe('yes');
  });

  it('applies nothing and keeps the data when opened again', async () => {
    const first = await open();
    await first.store.cdrs.insert([cdr(1)], T0);
    await first.store.close();
    const again = await open();
    expect(again.log.info).toHaveBeenCalledWith({ engine: 'postgres', migrated: [] }, 'store open');
    expect(await again.store.cdrs.listEndedSince(0)).toEqual([cdr(1)]);
  });

  it('records each migration in the ledger once with the time it was applied', async () => {
    const { store } = await open();
    await store.close();
    const engine = await openPostgresEngine({ databaseUrl: schema!.databaseUrl, now: () => T0 + 1 });
    try {
      const ledger = await queryRows<{ version: number; name: string; applied_at: string }>(
        engine.engine.db,
        sql`SELECT version, name, applied_at FROM schema_migrations`,
      );
      expect(ledger).toEqual([{ version: 1, name: 'initial', applied_at: String(T0) }]);
    } finally {
      await engine.engine.close();
    }
  });
});
