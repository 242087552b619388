/**
 * CDRs in SQL. Inserts go through group commit: concurrent webhook deliveries
 * share one multi-row INSERT ... ON CONFLICT DO NOTHING RETURNING and one disk
 * flush, which is what lets PGlite acknowledge thousands of CDRs a second durably.
 */
import { asc, gte, lt, sql } from 'drizzle-orm';
import type { CdrRecord } from '@/lib/telephony/types';
import type { CdrStore } from './types';
import { cdrKeyOf, claimNewRecords } from './cdr-identity';
import { createGroupCommit } from './group-commit';
import { cdrs } from './schema';
import type { SqlEngine, StoreDatabase } from './sql-engine';

/** 15 parameters a row: far below Postgres' limit of 65,535 parameters a statement. */
const MAX_ROWS_PER_STATEMENT = 1000;

type CdrRow = typeof cdrs.$inferSelect;

interface ReceivedCdr {
  record: CdrRecord;
  receivedAt: number;
}

export function createSqlCdrStore(engine: SqlEngine): { store: CdrStore; settled(): Promise<void> } {
  const commit = createGroupCommit<ReceivedCdr, CdrRecord>(async (calls) => {
    const storedKeys = await insertNew(engine.db, calls.flat().map(toRow));
    await engine.flush();
    return claimNewRecords(
      calls.map((call) => call.map((received) => received.record)),
      storedKeys,
    );
  });

  const store: CdrStore = {
    async insert(records, receivedAt) {
      if (records.length === 0) return [];
      return commit.submit(records.map((record) => ({ record, receivedAt })));
    },
    async listEndedSince(epochMs) {
      const rows = await engine.db
        .select()
        .from(cdrs)
        .where(gte(cdrs.endTime, epochMs))
        // Byte order for the ids, so ties sort the same on every engine and in memory.
        .orderBy(asc(cdrs.endTime), asc(cdrs.startTime), sql`${cdrs.fromCallId} COLLATE "C"`, sql`${cdrs.toCallId} COLLATE "C"`);
      return rows.map(fromRow);
    },
    async deleteEndedBefore(epochMs) {
      const deleted = await engine.db.delete(cdrs).where(lt(cdrs.endTime, epochMs)).returning({ endTime: cdrs.endTime });
      await engine.flush();
      return deleted.length;
    },
  };
  return { store, settled: commit.settled };
}

/** Inserts the rows; returns the keys of those not stored before. */
async function insertNew(db: StoreDatabase, rows: CdrRow[]): Promise<Set<string>> {
  const chunks: CdrRow[][] = [];
  for (let start = 0; start < rows.length; start += MAX_ROWS_PER_STATEMENT) {
    chunks.push(rows.slice(start, start + MAX_ROWS_PER_STATEMENT));
  }
  const insertChunk = (target: Pick<StoreDatabase, 'insert'>, chunk: CdrRow[]) =>
    target
      .insert(cdrs)
      .values(chunk)
      .onConflictDoNothing()
      .returning({ fromCallId: cdrs.fromCallId, toCallId: cdrs.toCallId, startTime: cdrs.startTime });
  const stored =
    chunks.length === 1
      ? await insertChunk(db, chunks[0]!)
      : // Several statements: one transaction, so a caller's records are stored all or none.
        await db.transaction(async (tx) => {
          const all = [];
          for (const chunk of chunks) all.push(...(await insertChunk(tx, chunk)));
          return all;
        });
  return new Set(stored.map((row) => cdrKeyOf(row.fromCallId, row.toCallId, row.startTime)));
}

function toRow({ record, receivedAt }: ReceivedCdr): CdrRow {
  return {
    fromCallId: record.from.callId,
    fromId: record.from.id,
    fromUser: record.from.user,
    fromDomain: record.from.domain,
    fromName: record.from.name,
    toCallId: record.to.callId,
    toId: record.to.id,
    toUser: record.to.user,
    toDomain: record.to.domain,
    toName: record.to.name,
    startTime: record.startTime,
    answerTime: record.answerTime,
    endTime: record.endTime,
    durationSeconds: record.durationSeconds,
    receivedAt,
  };
}

function fromRow(row: CdrRow): CdrRecord {
  return {
    from: { callId: row.fromCallId, id: row.fromId, user: row.fromUser, domain: row.fromDomain, name: row.fromName },
    to: { callId: row.toCallId, id: row.toId, user: row.toUser, domain: row.toDomain, name: row.toName },
    startTime: row.startTime,
    answerTime: row.answerTime,
    endTime: row.endTime,
    durationSeconds: row.durationSeconds,
  };
}
