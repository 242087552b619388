import { beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '@/lib/clock';
import type { DisplayConfig } from '@/lib/realtime/events';
import { createMemoryStore, type Store } from '@/lib/store';
import { hashDisplayToken } from './display-token';
import { AuthError } from './errors';
import { isPaired, pairDisplay, requestPairing } from './pairing';

const CONFIG: DisplayConfig = { name: 'Sales floor', queues: 'all', views: ['queues', 'agents'], rotateSeconds: 30 };
const HASH = hashDisplayToken('A'.repeat(43));

describe('pairing', () => {
  let store: Store;
  let clock: ManualClock;
  let codes: string[];
  let ids: number;
  const deps = () => ({
    store,
    now: clock.now,
    newPairingCode: () => codes.shift() ?? 'ZZZ-ZZZ',
    newDisplayId: () => `display-${++ids}`,
  });

  beforeEach(() => {
    store = createMemoryStore();
    clock = createManualClock();
    codes = ['K7Q-4MZ', 'H3P-9TX'];
    ids = 0;
  });

  describe('requestPairing', () => {
    it('stores the hash under a code that expires in ten minutes', async () => {
      expect(await requestPairing(HASH, deps())).toEqual({ code: 'K7Q-4MZ', expiresAt: clock.now() + 600_000, expiresInSeconds: 600 });
      expect(await store.displays.getPairing('K7Q-4MZ')).toMatchObject({ tokenHash: HASH, displayId: null });
    });

    it('draws another code when the first clashes with a live one', async () => {
      await requestPairing(HASH, deps());
      codes.unshift('K7Q-4MZ');
      expect((await requestPairing(hashDisplayToken('other'), deps())).code).toBe('H3P-9TX');
    });

    it('sweeps expired codes when a TV asks for a new one', async () => {
      await requestPairing(HASH, deps());
      clock.advance(600_001);
      await requestPairing(HASH, deps());
      expect(await store.displays.getPairing('K7Q-4MZ')).toBeNull();
    });
  });

  describe('pairDisplay', () => {
    it('creates the display with the TV’s token hash when a supervisor types the code', async () => {
      await requestPairing(HASH, deps());
      const display = await pairDisplay({ code: 'k7q 4mz', config: CONFIG }, deps());
      expect(display).toMatchObject({ id: 'display-1', tokenHash: HASH, config: CONFIG, revokedAt: null });
      expect(await store.displays.findByTokenHash(HASH)).toMatchObject({ id: 'display-1' });
      expect(await isPaired(HASH, deps())).toBe(true);
    });

    it('refuses the code when it has expired', async () => {
      await requestPairing(HASH, deps());
      clock.advance(600_000);
      await expect(pairDisplay({ code: 'K7Q-4MZ', config: CONFIG }, deps())).rejects.toEqual(
        new AuthError('pairing_not_found', 'No TV shows this code. Check it, or wait for the TV to show a new one.'),
      );
    });

    it('refuses a code no TV shows', async () => {
      await expect(pairDisplay({ code: 'H3P-9TX', config: CONFIG }, deps())).rejects.toMatchObject({ code: 'pairing_not_found' });
    });

    it('refuses the code when it was used already', async () => {
      await requestPairing(HASH, deps());
      await pairDisplay({ code: 'K7Q-4MZ', config: CONFIG }, deps());
      await expect(pairDisplay({ code: 'K7Q-4MZ', config: CONFIG }, deps())).rejects.toEqual(
        new AuthError('pairing_used', 'This code has already been used to pair a display.'),
      );
    });

    it('lets one of two supervisors win when they type the same code at once', async () => {
      await requestPairing(HASH, deps());
      const results = await Promise.allSettled([
        pairDisplay({ code: 'K7Q-4MZ', config: CONFIG }, deps()),
        pairDisplay({ code: 'K7Q-4MZ', config: CONFIG }, deps()),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(results.find((result) => result.status === 'rejected')).toMatchObject({ reason: { code: 'pairing_used' } });
    });
  });

  describe('isPaired', () => {
    it('says no while the code waits and after the display is revoked', async () => {
      await requestPairing(HASH, deps());
      expect(await isPaired(HASH, deps())).toBe(false);
      const display = await pairDisplay({ code: 'K7Q-4MZ', config: CONFIG }, deps());
      await store.displays.update(display.id, { revokedAt: clock.now() });
      expect(await isPaired(HASH, deps())).toBe(false);
    });
  });
});
