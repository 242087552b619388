import { describe, expect, it } from 'vitest';
import { StoreError } from './errors';
import { loadMigrations, parseMigrations, pendingMigrations } from './migrations';

describe('parseMigrations', () => {
  it('orders migrations by version when files come in any order', () => {
    const migrations = parseMigrations([
      { fileName: '0002_add_index.sql', sql: 'CREATE INDEX a ON t (x);' },
      { fileName: '0001_initial.sql', sql: 'CREATE TABLE t (x int);' },
    ]);
    expect(migrations.map((m) => [m.version, m.name])).toEqual([
      [1, 'initial'],
      [2, 'add_index'],
    ]);
  });

  it('gives the same checksum when only line endings differ', () => {
    const [lf] = parseMigrations([{ fileName: '0001_a.sql', sql: 'SELECT 1;\nSELECT 2;\n' }]);
    const [crlf] = parseMigrations([{ fileName: '0001_a.sql', sql: 'SELECT 1;\r\nSELECT 2;\r\n' }]);
    expect(crlf!.checksum).toBe(lf!.checksum);
  });

  it('throws when a file name has no version', () => {
    expect(() => parseMigrations([{ fileName: 'initial.sql', sql: '' }])).toThrow(
      'Migration file initial.sql must be named NNNN_lower_snake_case.sql',
    );
  });

  it('throws when two files share a version', () => {
    expect(() =>
      parseMigrations([
        { fileName: '0001_a.sql', sql: 'SELECT 1;' },
        { fileName: '0001_b.sql', sql: 'SELECT 2;' },
      ]),
    ).toThrow('Two migration files share version 1');
  });
});

describe('pendingMigrations', () => {
  const [first, second] = parseMigrations([
    { fileName: '0001_initial.sql', sql: 'CREATE TABLE t (x int);' },
    { fileName: '0002_more.sql', sql: 'ALTER TABLE t ADD y int;' },
  ]);

  it('returns every migration when none is applied', () => {
    expect(pendingMigrations([first!, second!], [])).toEqual([first, second]);
  });

  it('returns nothing when every migration is applied', () => {
    const applied = [first!, second!].map(({ version, checksum }) => ({ version, checksum }));
    expect(pendingMigrations([first!, second!], applied)).toEqual([]);
  });

  it('ignores applied versions the code does not know when a newer release migrated the database', () => {
    const applied = [{ version: 1, checksum: first!.checksum }, { version: 3, checksum: 'newer' }];
    expect(pendingMigrations([first!, second!], applied)).toEqual([second]);
  });

  it('throws migration_changed when an applied file was edited', () => {
    const applied = [{ version: 1, checksum: 'something else' }];
    const attempt = () => pendingMigrations([first!, second!], applied);
    expect(attempt).toThrow(StoreError);
    expect(attempt).toThrow(
      expect.objectContaining({
        code: 'migration_changed',
        message: 'Migration 1 (initial) was applied from a different file; restore the original and add a new migration instead',
      }),
    );
  });
});

describe('loadMigrations', () => {
  it('loads the committed migrations starting at version 1', async () => {
    const migrations = await loadMigrations();
    expect(migrations[0]).toMatchObject({ version: 1, name: 'initial' });
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, index) => index + 1));
  });
});
