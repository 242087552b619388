/**
 * The CDRs a starting live core loaded from the store. The instance then
 * replays the live log, which may hold some of the same records: a record is
 * appended right after it is stored, so only deliveries in flight during the
 * load can be in both, and for a minute after it those are skipped.
 */
import type { Clock } from '@/lib/clock';
import type { Store } from '@/lib/store';
import type { CdrRecord } from '@/lib/telephony';

const OVERLAP_MS = 60_000;

export interface StartUpCdrs {
  /** The store for the live core: the same, except that it remembers what its start-up load returned. */
  wrap(store: Pick<Store, 'cdrs' | 'settings'>): Pick<Store, 'cdrs' | 'settings'>;
  /** The records the load did not return (all of them once the overlap is over). */
  notLoaded(records: CdrRecord[]): CdrRecord[];
}

export function createStartUpCdrs(clock: Clock): StartUpCdrs {
  let loaded: Set<string> | null = null;
  return {
    wrap(store) {
      return {
        settings: store.settings,
        cdrs: {
          insert: (records, receivedAt) => store.cdrs.insert(records, receivedAt),
          deleteEndedBefore: (epochMs) => store.cdrs.deleteEndedBefore(epochMs),
          async listEndedSince(epochMs) {
            const records = await store.cdrs.listEndedSince(epochMs);
            const keys = new Set(records.map(cdrKey));
            loaded = keys;
            clock.setTimeout(() => {
              if (loaded === keys) loaded = null;
            }, OVERLAP_MS);
            return records;
          },
        },
      };
    },
    notLoaded(records) {
      const keys = loaded;
      return keys ? records.filter((record) => !keys.has(cdrKey(record))) : records;
    },
  };
}

/** The store's identity of a CDR (spec 2.5 has no id): both legs' call ids and the start. */
function cdrKey(record: CdrRecord): string {
  return JSON.stringify([record.from.callId, record.to.callId, record.startTime]);
}
