/**
 * What the SQL-backed stores need from an engine (PGlite or PostgreSQL): a
 * drizzle database, a way to make writes durable, and a way to close.
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Migration } from './migrations';

export type StoreDatabase = PgDatabase<PgQueryResultHKT>;

export interface SqlEngine {
  db: StoreDatabase;
  /** Resolves once every write committed so far is on disk; stores call it before resolving a write. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenedEngine {
  engine: SqlEngine;
  /** The migrations this open applied; empty when the schema was already current. */
  migrated: Migration[];
}

/** Logging the store does at open and on connection trouble; a pino logger fits. */
export interface StoreLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

const UNIQUE_VIOLATION = '23505';

/** True for a Postgres unique violation, also when drizzle wraps the driver's error as its cause. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}
