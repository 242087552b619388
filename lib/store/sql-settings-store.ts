/** Small JSON documents by key, as jsonb. */
import { eq } from 'drizzle-orm';
import type { SettingsStore } from './types';
import { toJsonDocument } from './json-document';
import { settings } from './schema';
import type { SqlEngine } from './sql-engine';

export function createSqlSettingsStore(engine: SqlEngine): SettingsStore {
  const { db } = engine;
  return {
    async get(key) {
      const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
      return row?.value;
    },
    async put(key, value) {
      const document = toJsonDocument(value, `Setting ${key}`);
      await db.insert(settings).values({ key, value: document }).onConflictDoUpdate({ target: settings.key, set: { value: document } });
      await engine.flush();
    },
  };
}
