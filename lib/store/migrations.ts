/**
 * The versioned SQL files in ./migrations, and which of them a database still needs.
 * Files are named `NNNN_what_it_does.sql`; an applied file must never change, so
 * each one's checksum is recorded and compared at every open.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { StoreError } from './errors';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export interface AppliedMigration {
  version: number;
  checksum: string;
}

const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;

// Not `new URL('./migrations/', import.meta.url)`: Next's bundler would try to resolve
// that as an asset in every route that imports the store's index, and fail.
const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const fileNames = (await readdir(dir)).filter((fileName) => fileName.endsWith('.sql'));
  const files = await Promise.all(
    fileNames.map(async (fileName) => ({ fileName, sql: await readFile(`${dir}/${fileName}`, 'utf8') })),
  );
  return parseMigrations(files);
}

/** Validates the file names and orders the migrations by version. */
export function parseMigrations(files: Array<{ fileName: string; sql: string }>): Migration[] {
  const migrations = files.map(({ fileName, sql }) => {
    const match = FILE_NAME.exec(fileName);
    if (!match) throw new Error(`Migration file ${fileName} must be named NNNN_lower_snake_case.sql`);
    // Checkouts may turn line endings into CRLF; the migration is the same.
    const normalised = sql.replace(/\r\n/g, '\n');
    return {
      version: Number(match[1]),
      name: match[2]!,
      sql: normalised,
      checksum: createHash('sha256').update(normalised).digest('hex'),
    };
  });
  migrations.sort((a, b) => a.version - b.version);
  migrations.forEach((migration, index) => {
    if (index > 0 && migrations[index - 1]!.version === migration.version) {
      throw new Error(`Two migration files share version ${migration.version}`);
    }
  });
  return migrations;
}

/**
 * The migrations not yet applied, in order. Throws when an applied migration's
 * file has changed since: the database would no longer match the code.
 * Versions the database has but the code lacks (a newer release ran) are left alone.
 */
export function pendingMigrations(available: Migration[], applied: AppliedMigration[]): Migration[] {
  const appliedByVersion = new Map(applied.map((entry) => [entry.version, entry.checksum]));
  for (const migration of available) {
    const checksum = appliedByVersion.get(migration.version);
    if (checksum !== undefined && checksum !== migration.checksum) {
      throw new StoreError(
        'migration_changed',
        `Migration ${migration.version} (${migration.name}) was applied from a different file; restore the original and add a new migration instead`,
      );
    }
  }
  return available.filter((migration) => !appliedByVersion.has(migration.version));
}
