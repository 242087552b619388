/**
 * What makes two CDRs the same record (spec 2.5 has no id): the two legs' call
 * ids and the start time. A redelivered CDR carries the same three.
 */
import type { CdrRecord } from '@/lib/telephony/types';

export function cdrKey(record: CdrRecord): string {
  return cdrKeyOf(record.from.callId, record.to.callId, record.startTime);
}

export function cdrKeyOf(fromCallId: string, toCallId: string, startTime: number): string {
  return JSON.stringify([fromCallId, toCallId, startTime]);
}

/**
 * Hands each newly stored key to the first call that sent it, so a record sent
 * twice in one batch (by two callers, or twice by one) counts as new once.
 */
export function claimNewRecords(calls: CdrRecord[][], storedKeys: ReadonlySet<string>): CdrRecord[][] {
  const unclaimed = new Set(storedKeys);
  return calls.map((records) =>
    records.filter((record) => {
      const key = cdrKey(record);
      return unclaimed.delete(key);
    }),
  );
}
