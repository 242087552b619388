import { sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from './types';
import { openPgliteEngine } from './pglite-engine';
import * as schema from './schema';
import type { OpenedEngine } from './sql-engine';
import { createSqlStore } from './sql-store';
import { queryRows, truncateAll } from './sql-test-support';
import { describeStoreContract } from './store.contract';

// One PGlite for the whole file: creating a data folder takes seconds.
let dir: string;
let opened: OpenedEngine;
let store: Store;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'store-pglite-'));
  opened = await openPgliteEngine({ dataDir: dir, now: () => 0 });
  store = createSqlStore(opened.engine);
});

afterAll(async () => {
  await store?.close();
  await rm(dir, { recursive: true, force: true });
});

describeStoreContract('PGlite', async () => {
  await truncateAll(opened.engine.db);
  return store;
});

describe('schema', () => {
  const tables: PgTable[] = [schema.cdrs, schema.subscription, schema.displays, schema.pairings, schema.settings];

  it('matches the tables the migrations create, column by column', async () => {
    const columns = await queryRows<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
      opened.engine.db,
      sql`SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name <> 'schema_migrations'
          ORDER BY table_name, ordinal_position`,
    );
    const migrated = columns.map((c) => `${c.table_name}.${c.column_name} ${c.data_type}${c.is_nullable === 'NO' ? ' not null' : ''}`);
    const declared = tables.flatMap((table) => {
      const { name, columns: declaredColumns } = getTableConfig(table);
      return declaredColumns.map((c) => `${name}.${c.name} ${c.getSQLType()}${c.notNull ? ' not null' : ''}`);
    });
    expect(migrated.sort()).toEqual(declared.sort());
  });

  it('has the indexes the schema declares', async () => {
    const indexes = await queryRows<{ indexname: string }>(
      opened.engine.db,
      sql`SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND indexname NOT LIKE '%_pkey'`,
    );
    const declared = tables.flatMap((table) => getTableConfig(table).indexes.map((index) => index.config.name));
    expect(indexes.map((i) => i.indexname).sort()).toEqual(declared.sort());
  });

  it('finds a display by token hash through its unique index', async () => {
    const plan = await queryRows<{ 'QUERY PLAN': string }>(
      opened.engine.db,
      sql`EXPLAIN SELECT * FROM displays WHERE token_hash = 'x'`,
    );
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('displays_token_hash_idx');
  });
});
