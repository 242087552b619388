/**
 * The Store in memory, for other modules' unit tests. It passes the same contract
 * suite as the SQL engines: same idempotency, ordering, conflicts and JSON round trips.
 */
import type { CdrRecord } from '@/lib/telephony/types';
import type { DisplayRecord, PairingRecord, Store, SubscriptionRecord } from './types';
import { cdrKey } from './cdr-identity';
import { StoreError } from './errors';
import { toJsonDocument } from './json-document';
import { changedFields } from './record-change';

const DISPLAY_FIELDS = ['tokenHash', 'config', 'lastSeenAt', 'status', 'revokedAt'] as const;
const PAIRING_FIELDS = ['tokenHash', 'createdAt', 'expiresAt', 'displayId'] as const;

export function createMemoryStore(): Store {
  const cdrs = new Map<string, CdrRecord>();
  let subscription: SubscriptionRecord | null = null;
  const displays = new Map<string, DisplayRecord>();
  const pairings = new Map<string, PairingRecord>();
  const settings = new Map<string, unknown>();

  function storedDisplay(record: DisplayRecord): DisplayRecord {
    return {
      ...record,
      config: toJsonDocument(record.config, 'display config'),
      status: toJsonDocument(record.status, 'display status'),
    };
  }

  function tokenHashTaken(tokenHash: string, exceptId: string | null): boolean {
    for (const display of displays.values()) {
      if (display.tokenHash === tokenHash && display.id !== exceptId) return true;
    }
    return false;
  }

  return {
    cdrs: {
      async insert(records) {
        const inserted: CdrRecord[] = [];
        for (const record of records) {
          const key = cdrKey(record);
          if (cdrs.has(key)) continue;
          cdrs.set(key, structuredClone(record));
          inserted.push(record);
        }
        return inserted;
      },
      async listEndedSince(epochMs) {
        return [...cdrs.values()]
          .filter((record) => record.endTime >= epochMs)
          .sort(compareByEnd)
          .map((record) => structuredClone(record));
      },
      async deleteEndedBefore(epochMs) {
        let deleted = 0;
        for (const [key, record] of cdrs) {
          if (record.endTime < epochMs) deleted += Number(cdrs.delete(key));
        }
        return deleted;
      },
    },
    subscription: {
      async get() {
        return subscription && { ...subscription };
      },
      async put(record) {
        const { id, postUri, expiresAt, state, updatedAt } = record;
        subscription = { id, postUri, expiresAt, state, updatedAt };
      },
      async remove() {
        subscription = null;
      },
    },
    displays: {
      async create(record) {
        if (displays.has(record.id) || tokenHashTaken(record.tokenHash, null)) {
          throw new StoreError('conflict', 'A display with this id or token already exists');
        }
        displays.set(record.id, storedDisplay(record));
      },
      async get(id) {
        const display = displays.get(id);
        return display ? structuredClone(display) : null;
      },
      async findByTokenHash(tokenHash) {
        for (const display of displays.values()) {
          if (display.tokenHash === tokenHash) return structuredClone(display);
        }
        return null;
      },
      async list() {
        return [...displays.values()]
          .sort((a, b) => a.createdAt - b.createdAt || byteOrder(a.id, b.id))
          .map((display) => structuredClone(display));
      },
      async update(id, change) {
        const display = displays.get(id);
        if (!display) return null;
        const fields = changedFields(change, DISPLAY_FIELDS);
        if (fields.tokenHash !== undefined && tokenHashTaken(fields.tokenHash, id)) {
          throw new StoreError('conflict', 'Another display already has this token');
        }
        const updated = storedDisplay({ ...display, ...fields });
        displays.set(id, updated);
        return structuredClone(updated);
      },
      async createPairing(record) {
        if (pairings.has(record.code)) throw new StoreError('conflict', 'This pairing code is already in use');
        const { code, tokenHash, createdAt, expiresAt, displayId } = record;
        pairings.set(code, { code, tokenHash, createdAt, expiresAt, displayId });
      },
      async getPairing(code) {
        const pairing = pairings.get(code);
        return pairing ? { ...pairing } : null;
      },
      async updatePairing(code, change) {
        const pairing = pairings.get(code);
        if (!pairing) return null;
        const updated = { ...pairing, ...changedFields(change, PAIRING_FIELDS) };
        pairings.set(code, updated);
        return { ...updated };
      },
      async deletePairingsExpiredBefore(epochMs) {
        let deleted = 0;
        for (const [code, pairing] of pairings) {
          if (pairing.expiresAt < epochMs) deleted += Number(pairings.delete(code));
        }
        return deleted;
      },
    },
    settings: {
      async get(key) {
        return settings.has(key) ? structuredClone(settings.get(key)) : undefined;
      },
      async put(key, value) {
        settings.set(key, toJsonDocument(value, `Setting ${key}`));
      },
    },
    async close() {},
  };
}

/** The SQL engines' order: end, then start, then the ids in byte order. */
function compareByEnd(a: CdrRecord, b: CdrRecord): number {
  return (
    a.endTime - b.endTime ||
    a.startTime - b.startTime ||
    byteOrder(a.from.callId, b.from.callId) ||
    byteOrder(a.to.callId, b.to.callId)
  );
}

function byteOrder(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

