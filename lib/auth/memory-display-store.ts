import type { DisplayRecord, DisplayStore, PairingRecord } from '@/lib/store/types';

/** The DisplayStore contract in memory, for lib/auth's tests. */
export function createMemoryDisplayStore(): DisplayStore {
  const displays = new Map<string, DisplayRecord>();
  const pairings = new Map<string, PairingRecord>();
  return {
    async create(record) {
      if (displays.has(record.id)) throw new Error(`display ${record.id} exists`);
      displays.set(record.id, structuredClone(record));
    },
    async get(id) {
      return structuredClone(displays.get(id) ?? null);
    },
    async findByTokenHash(tokenHash) {
      return structuredClone([...displays.values()].find((display) => display.tokenHash === tokenHash) ?? null);
    },
    async list() {
      return structuredClone([...displays.values()]);
    },
    async update(id, change) {
      const current = displays.get(id);
      if (!current) return null;
      const next = { ...current, ...structuredClone(change) };
      displays.set(id, next);
      return structuredClone(next);
    },
    async createPairing(record) {
      if (pairings.has(record.code)) throw new Error(`pairing ${record.code} exists`);
      pairings.set(record.code, structuredClone(record));
    },
    async getPairing(code) {
      return structuredClone(pairings.get(code) ?? null);
    },
    async updatePairing(code, change) {
      const current = pairings.get(code);
      if (!current) return null;
      const next = { ...current, ...structuredClone(change) };
      pairings.set(code, next);
      return structuredClone(next);
    },
    async deletePairingsExpiredBefore(epochMs) {
      let deleted = 0;
      for (const [code, pairing] of pairings) {
        if (pairing.expiresAt < epochMs) {
          pairings.delete(code);
          deleted++;
        }
      }
      return deleted;
    },
  };
}
