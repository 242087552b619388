/** Wall displays and their pairing codes in SQL. */
import { asc, eq, lt, sql } from 'drizzle-orm';
import type { DisplayRecord, DisplayStore, PairingRecord } from './types';
import { StoreError } from './errors';
import { toJsonDocument } from './json-document';
import { changedFields } from './record-change';
import { displays, pairings } from './schema';
import { isUniqueViolation, type SqlEngine } from './sql-engine';

const DISPLAY_FIELDS = ['tokenHash', 'config', 'lastSeenAt', 'status', 'revokedAt'] as const;
const PAIRING_FIELDS = ['tokenHash', 'createdAt', 'expiresAt', 'displayId'] as const;

export function createSqlDisplayStore(engine: SqlEngine): DisplayStore {
  const { db } = engine;

  async function get(id: string): Promise<DisplayRecord | null> {
    const [row] = await db.select().from(displays).where(eq(displays.id, id));
    return row ?? null;
  }

  async function getPairing(code: string): Promise<PairingRecord | null> {
    const [row] = await db.select().from(pairings).where(eq(pairings.code, code));
    return row ?? null;
  }

  return {
    async create(record) {
      const row = {
        ...record,
        config: toJsonDocument(record.config, 'display config'),
        status: toJsonDocument(record.status, 'display status'),
      };
      await conflictAs(db.insert(displays).values(row), 'A display with this id or token already exists');
      await engine.flush();
    },
    get,
    async findByTokenHash(tokenHash) {
      const [row] = await db.select().from(displays).where(eq(displays.tokenHash, tokenHash));
      return row ?? null;
    },
    list() {
      return db
        .select()
        .from(displays)
        .orderBy(asc(displays.createdAt), sql`${displays.id} COLLATE "C"`);
    },
    async update(id, change) {
      const fields = changedFields(change, DISPLAY_FIELDS);
      if (Object.keys(fields).length === 0) return get(id);
      if (fields.config) fields.config = toJsonDocument(fields.config, 'display config');
      if (fields.status) fields.status = toJsonDocument(fields.status, 'display status');
      const [row] = await conflictAs(
        db.update(displays).set(fields).where(eq(displays.id, id)).returning(),
        'Another display already has this token',
      );
      await engine.flush();
      return row ?? null;
    },
    async createPairing(record) {
      await conflictAs(db.insert(pairings).values(record), 'This pairing code is already in use');
      await engine.flush();
    },
    getPairing,
    async updatePairing(code, change) {
      const fields = changedFields(change, PAIRING_FIELDS);
      if (Object.keys(fields).length === 0) return getPairing(code);
      const [row] = await db.update(pairings).set(fields).where(eq(pairings.code, code)).returning();
      await engine.flush();
      return row ?? null;
    },
    async deletePairingsExpiredBefore(epochMs) {
      const deleted = await db.delete(pairings).where(lt(pairings.expiresAt, epochMs)).returning({ code: pairings.code });
      await engine.flush();
      return deleted.length;
    },
  };
}

async function conflictAs<T>(write: PromiseLike<T>, message: string): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw new StoreError('conflict', message, { cause: error });
    throw error;
  }
}
