/**
 * A throwaway schema per test suite in the local PostgreSQL, so suites running in
 * parallel never see each other's tables. PostgreSQL is required: a missing
 * server fails the suite with instructions unless SKIP_POSTGRES_TESTS=1.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const SERVER_URL = 'postgres://postgres@127.0.0.1:5432/test';

export const skipPostgresTests = process.env.SKIP_POSTGRES_TESTS === '1';

export interface TestSchema {
  /** Connects with the schema as search_path, so the store's tables land in it. */
  databaseUrl: string;
  drop(): Promise<void>;
}

export async function createTestSchema(): Promise<TestSchema> {
  const admin = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `The store's PostgreSQL tests need PostgreSQL at ${SERVER_URL} (bash scripts/ensure-services.sh starts it; SKIP_POSTGRES_TESTS=1 skips these tests): ${(error as Error).message}`,
      { cause: error },
    );
  }
  const schema = `store_test_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  return {
    databaseUrl: `${SERVER_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    async drop() {
      try {
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      } finally {
        await admin.end();
      }
    },
  };
}
