/**
 * What every Store must do, run against the memory store, PGlite and PostgreSQL.
 * `freshStore` is called before each test and must return a store holding no data.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { DisplayConfig, DisplayStatus } from '@/lib/realtime/events';
import type { CdrRecord } from '@/lib/telephony/types';
import type { DisplayRecord, PairingRecord, Store } from './types';

const T0 = Date.UTC(2026, 10, 21, 9, 0, 0);

export function cdr(n: number, change: Partial<CdrRecord> = {}): CdrRecord {
  return {
    from: { callId: `caller-${n}`, id: '+442071234567', user: null, domain: null, name: 'Ada Lovelace' },
    to: { callId: `agent-${n}`, id: null, user: '201', domain: 'example.test', name: null },
    startTime: T0 + n * 60_000,
    answerTime: T0 + n * 60_000 + 5_000,
    endTime: T0 + n * 60_000 + 35_000,
    durationSeconds: 30,
    ...change,
  };
}

const config: DisplayConfig = { name: 'Sales wall', queues: ['sales', 'support'], views: ['queues', 'agents'], rotateSeconds: 20 };
const status: DisplayStatus = { version: '1.0.0', heapMb: 42.5, domNodes: 1200, screen: { width: 1920, height: 1080 } };

function display(id: string, change: Partial<DisplayRecord> = {}): DisplayRecord {
  return { id, tokenHash: `hash-of-${id}`, config, createdAt: T0, lastSeenAt: null, status: null, revokedAt: null, ...change };
}

function pairing(code: string, change: Partial<PairingRecord> = {}): PairingRecord {
  return { code, tokenHash: `tv-hash-${code}`, createdAt: T0, expiresAt: T0 + 600_000, displayId: null, ...change };
}

export function describeStoreContract(engine: string, freshStore: () => Promise<Store>): void {
  describe(`Store contract on ${engine}`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await freshStore();
    });

    describe('cdrs.insert', () => {
      it('returns every record when none was stored before', async () => {
        const batch = [cdr(1), cdr(2)];
        expect(await store.cdrs.insert(batch, T0)).toEqual(batch);
      });

      it('returns [] when the same batch is inserted again', async () => {
        const batch = [cdr(1), cdr(2)];
        await store.cdrs.insert(batch, T0);
        expect(await store.cdrs.insert(batch, T0 + 1_000)).toEqual([]);
      });

      it('returns only the unseen records when a batch mixes stored and new ones', async () => {
        await store.cdrs.insert([cdr(1)], T0);
        expect(await store.cdrs.insert([cdr(1), cdr(2)], T0)).toEqual([cdr(2)]);
      });

      it('counts a record once when one batch holds it twice', async () => {
        expect(await store.cdrs.insert([cdr(1), cdr(1)], T0)).toEqual([cdr(1)]);
      });

      it('treats records as distinct when only the start time differs', async () => {
        const again = cdr(1, { startTime: cdr(1).startTime + 1 });
        expect(await store.cdrs.insert([cdr(1), again], T0)).toEqual([cdr(1), again]);
      });

      it('gives each record to exactly one caller when concurrent inserts overlap', async () => {
        const results = await Promise.all([
          store.cdrs.insert([cdr(1), cdr(2)], T0),
          store.cdrs.insert([cdr(2), cdr(3)], T0),
          store.cdrs.insert([cdr(3), cdr(1)], T0),
        ]);
        const keys = results.flat().map((record) => record.from.callId);
        expect(keys.sort()).toEqual(['caller-1', 'caller-2', 'caller-3']);
      });

      it('returns [] without storing anything when given no records', async () => {
        expect(await store.cdrs.insert([], T0)).toEqual([]);
        expect(await store.cdrs.listEndedSince(0)).toEqual([]);
      });

      it('stores all records once when a batch is larger than one statement holds', async () => {
        const batch = Array.from({ length: 2_500 }, (_, n) => cdr(n));
        expect(await store.cdrs.insert(batch, T0)).toHaveLength(2_500);
        expect(await store.cdrs.insert(batch, T0)).toEqual([]);
        expect(await store.cdrs.listEndedSince(0)).toHaveLength(2_500);
      });
    });

    describe('cdrs.listEndedSince', () => {
      it('returns every field as inserted, nulls included', async () => {
        const unanswered = cdr(1, {
          from: { callId: 'c', id: null, user: '100', domain: 'pbx.test', name: null },
          to: { callId: 'q', id: '+15550100', user: 'sales', domain: null, name: 'Sales' },
          answerTime: null,
          durationSeconds: 0,
        });
        await store.cdrs.insert([unanswered], T0);
        expect(await store.cdrs.listEndedSince(0)).toEqual([unanswered]);
      });

      it('returns records ending at or after the instant, oldest end first, ties by start', async () => {
        const early = cdr(1);
        const boundary = cdr(2);
        const lateLongCall = cdr(3, { startTime: T0, endTime: T0 + 600_000 });
        const lateShortCall = cdr(4, { startTime: T0 + 500_000, endTime: T0 + 600_000 });
        await store.cdrs.insert([lateShortCall, early, lateLongCall, boundary], T0);
        expect(await store.cdrs.listEndedSince(boundary.endTime)).toEqual([boundary, lateLongCall, lateShortCall]);
      });
    });

    describe('cdrs.deleteEndedBefore', () => {
      it('deletes only records that ended before the instant and returns how many', async () => {
        await store.cdrs.insert([cdr(1), cdr(2), cdr(3)], T0);
        expect(await store.cdrs.deleteEndedBefore(cdr(3).endTime)).toBe(2);
        expect(await store.cdrs.listEndedSince(0)).toEqual([cdr(3)]);
      });

      it('returns 0 when nothing ended before the instant', async () => {
        await store.cdrs.insert([cdr(1)], T0);
        expect(await store.cdrs.deleteEndedBefore(cdr(1).endTime)).toBe(0);
      });
    });

    describe('subscription', () => {
      const record = { id: '8f1c', postUri: 'https://wall.test/api/webhooks/telephony/s3cret', expiresAt: T0 + 86_400_000, state: 'preparing' as const, updatedAt: T0 };

      it('returns null when no subscription was stored', async () => {
        expect(await store.subscription.get()).toBeNull();
      });

      it('returns the last record put when put twice', async () => {
        await store.subscription.put(record);
        const ready = { ...record, state: 'ready' as const, updatedAt: T0 + 5_000 };
        await store.subscription.put(ready);
        expect(await store.subscription.get()).toEqual(ready);
      });

      it('returns null after remove', async () => {
        await store.subscription.put(record);
        await store.subscription.remove();
        expect(await store.subscription.get()).toBeNull();
      });
    });

    describe('displays', () => {
      it('finds a created display by id and by token hash', async () => {
        const created = display('d1', { status, lastSeenAt: T0 + 1 });
        await store.displays.create(created);
        expect(await store.displays.get('d1')).toEqual(created);
        expect(await store.displays.findByTokenHash('hash-of-d1')).toEqual(created);
      });

      it('returns null when the id or token hash is unknown', async () => {
        await store.displays.create(display('d1'));
        expect(await store.displays.get('d2')).toBeNull();
        expect(await store.displays.findByTokenHash('hash-of-d2')).toBeNull();
      });

      it('rejects with conflict when the id exists', async () => {
        await store.displays.create(display('d1'));
        await expect(store.displays.create(display('d1', { tokenHash: 'other' }))).rejects.toMatchObject({
          code: 'conflict',
          message: 'A display with this id or token already exists',
        });
      });

      it('rejects with conflict when the token hash belongs to another display', async () => {
        await store.displays.create(display('d1'));
        await expect(store.displays.create(display('d2', { tokenHash: 'hash-of-d1' }))).rejects.toMatchObject({
          code: 'conflict',
        });
        expect(await store.displays.get('d2')).toBeNull();
      });

      it('lists displays oldest first', async () => {
        await store.displays.create(display('b', { createdAt: T0 + 2 }));
        await store.displays.create(display('a', { createdAt: T0 + 3 }));
        await store.displays.create(display('c', { createdAt: T0 + 1 }));
        expect((await store.displays.list()).map((d) => d.id)).toEqual(['c', 'b', 'a']);
      });

      it('changes only the given fields and returns the updated display', async () => {
        await store.displays.create(display('d1'));
        const updated = await store.displays.update('d1', { lastSeenAt: T0 + 9, status, revokedAt: undefined });
        const expected = display('d1', { lastSeenAt: T0 + 9, status });
        expect(updated).toEqual(expected);
        expect(await store.displays.get('d1')).toEqual(expected);
      });

      it('clears a field when the change sets it to null', async () => {
        await store.displays.create(display('d1', { revokedAt: T0 + 5, status }));
        expect(await store.displays.update('d1', { revokedAt: null, status: null })).toEqual(display('d1'));
      });

      it('follows a new token hash when the update replaces it', async () => {
        await store.displays.create(display('d1'));
        const newConfig: DisplayConfig = { ...config, queues: 'all', views: ['queue'] };
        await store.displays.update('d1', { tokenHash: 'new-hash', config: newConfig });
        expect(await store.displays.findByTokenHash('hash-of-d1')).toBeNull();
        expect(await store.displays.findByTokenHash('new-hash')).toEqual(display('d1', { tokenHash: 'new-hash', config: newConfig }));
      });

      it('rejects with conflict when the update takes another display\'s token hash', async () => {
        await store.displays.create(display('d1'));
        await store.displays.create(display('d2'));
        await expect(store.displays.update('d2', { tokenHash: 'hash-of-d1' })).rejects.toMatchObject({ code: 'conflict' });
        expect(await store.displays.get('d2')).toEqual(display('d2'));
      });

      it('returns the display unchanged when the change is empty', async () => {
        await store.displays.create(display('d1'));
        expect(await store.displays.update('d1', {})).toEqual(display('d1'));
      });

      it('returns null when updating an unknown display', async () => {
        expect(await store.displays.update('nope', { lastSeenAt: T0 })).toBeNull();
        expect(await store.displays.update('nope', {})).toBeNull();
      });
    });

    describe('pairings', () => {
      it('pairs a code: create, find, attach a display, read it back', async () => {
        await store.displays.createPairing(pairing('K7Q-4MZ'));
        expect(await store.displays.getPairing('K7Q-4MZ')).toEqual(pairing('K7Q-4MZ'));
        await store.displays.create(display('d1', { tokenHash: 'tv-hash-K7Q-4MZ' }));
        const paired = await store.displays.updatePairing('K7Q-4MZ', { displayId: 'd1' });
        expect(paired).toEqual(pairing('K7Q-4MZ', { displayId: 'd1' }));
        expect(await store.displays.getPairing('K7Q-4MZ')).toEqual(paired);
      });

      it('rejects with conflict when the code is in use', async () => {
        await store.displays.createPairing(pairing('K7Q-4MZ'));
        await expect(store.displays.createPairing(pairing('K7Q-4MZ', { tokenHash: 'other' }))).rejects.toMatchObject({
          code: 'conflict',
          message: 'This pairing code is already in use',
        });
      });

      it('returns null when the code is unknown', async () => {
        expect(await store.displays.getPairing('AAA-AAA')).toBeNull();
        expect(await store.displays.updatePairing('AAA-AAA', { displayId: 'd1' })).toBeNull();
      });

      it('deletes pairings that expired before the instant and returns how many', async () => {
        await store.displays.createPairing(pairing('AAA-111', { expiresAt: T0 + 1 }));
        await store.displays.createPairing(pairing('AAA-222', { expiresAt: T0 + 2, displayId: 'd1' }));
        await store.displays.createPairing(pairing('AAA-333', { expiresAt: T0 + 3 }));
        expect(await store.displays.deletePairingsExpiredBefore(T0 + 3)).toBe(2);
        expect(await store.displays.getPairing('AAA-222')).toBeNull();
        expect(await store.displays.getPairing('AAA-333')).toEqual(pairing('AAA-333', { expiresAt: T0 + 3 }));
      });
    });

    describe('settings', () => {
      it('returns undefined when the key was never put', async () => {
        expect(await store.settings.get('thresholds')).toBeUndefined();
      });

      it.each([
        ['an object', { callsWaiting: { amber: 3, red: 6 }, byQueue: { sales: {} } }],
        ['a string that looks like a number', '123'],
        ['a string', 'xJ4-secret'],
        ['a number', 42.5],
        ['a boolean', false],
        ['null', null],
        ['an array', [1, 'two', { three: 3 }]],
      ])('returns %s as it was put', async (_, value) => {
        await store.settings.put('key', value);
        expect(await store.settings.get('key')).toEqual(value);
      });

      it('returns the latest value when a key is put twice', async () => {
        await store.settings.put('alerts', { soundEnabled: true });
        await store.settings.put('alerts', { soundEnabled: false });
        expect(await store.settings.get('alerts')).toEqual({ soundEnabled: false });
      });

      it('returns what JSON keeps of a value when it holds non-JSON types', async () => {
        await store.settings.put('key', { at: new Date(T0), gone: undefined });
        expect(await store.settings.get('key')).toEqual({ at: new Date(T0).toISOString() });
      });

      it('rejects with not_json when the value has no JSON form', async () => {
        await expect(store.settings.put('key', undefined)).rejects.toMatchObject({
          code: 'not_json',
          message: 'Setting key cannot be stored as JSON',
        });
        expect(await store.settings.get('key')).toBeUndefined();
      });
    });
  });
}
