import { beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '@/lib/clock';
import type { DisplayCommand, DisplayConfig } from '@/lib/realtime/events';
import { createMemoryStore, type Store } from '@/lib/store';
import { hashDisplayToken } from './display-token';
import { configureDisplay, createDisplayLink, listDisplays, reloadDisplay, revokeDisplay } from './displays';
import { AuthError } from './errors';

const CONFIG: DisplayConfig = { name: 'Reception', queues: ['Sales', 'Support'], views: ['queue'], rotateSeconds: 15 };
const TOKEN = 'dGhpcy1pcy1hLWRpc3BsYXktdG9rZW4tb2YtNDMtY2g';

describe('display management', () => {
  let store: Store;
  let clock: ManualClock;
  let sent: Array<[string, DisplayCommand | 'disconnect']>;
  const deps = () => ({
    store,
    now: clock.now,
    newDisplayId: () => 'display-1',
    newDisplayToken: () => TOKEN,
    publicUrl: 'https://wall.example.com',
    realtime: {
      sendDisplayCommand: (id: string, command: DisplayCommand) => void sent.push([id, command]),
      disconnectDisplay: (id: string) => void sent.push([id, 'disconnect']),
    },
  });

  beforeEach(() => {
    store = createMemoryStore();
    clock = createManualClock();
    sent = [];
  });

  describe('createDisplayLink', () => {
    it('returns the token in the link fragment once and stores only its hash', async () => {
      const { display, link } = await createDisplayLink(CONFIG, deps());
      expect(link).toBe(`https://wall.example.com/wall#display=${TOKEN}`);
      expect(display).toEqual({ id: 'display-1', config: CONFIG, createdAt: clock.now(), lastSeenAt: null, status: null });
      const stored = await store.displays.get('display-1');
      expect(stored?.tokenHash).toBe(hashDisplayToken(TOKEN));
      expect(JSON.stringify(stored)).not.toContain(TOKEN);
    });
  });

  describe('listDisplays', () => {
    it('leaves out revoked displays and token hashes', async () => {
      await createDisplayLink(CONFIG, deps());
      await store.displays.create({ id: 'gone', tokenHash: hashDisplayToken('x'), config: CONFIG, createdAt: 1, lastSeenAt: null, status: null, revokedAt: 2 });
      const list = await listDisplays(deps());
      expect(list.map((display) => display.id)).toEqual(['display-1']);
      expect(list[0]).not.toHaveProperty('tokenHash');
    });
  });

  describe('configureDisplay', () => {
    it('stores the new configuration and pushes it to the TV', async () => {
      await createDisplayLink(CONFIG, deps());
      const config: DisplayConfig = { ...CONFIG, name: 'Lobby', queues: 'all' };
      expect(await configureDisplay('display-1', config, deps())).toMatchObject({ config });
      expect((await store.displays.get('display-1'))?.config).toEqual(config);
      expect(sent).toEqual([['display-1', { type: 'configure', config }]]);
    });

    it('refuses an unknown display', async () => {
      await expect(configureDisplay('nope', CONFIG, deps())).rejects.toEqual(new AuthError('display_not_found', 'There is no such display.'));
    });
  });

  describe('reloadDisplay', () => {
    it('sends the reload command to the TV', async () => {
      await createDisplayLink(CONFIG, deps());
      await reloadDisplay('display-1', deps());
      expect(sent).toEqual([['display-1', { type: 'reload' }]]);
    });
  });

  describe('revokeDisplay', () => {
    it('stores the revocation, tells the TV and disconnects it, in that order', async () => {
      await createDisplayLink(CONFIG, deps());
      clock.advance(5_000);
      await revokeDisplay('display-1', deps());
      expect((await store.displays.get('display-1'))?.revokedAt).toBe(clock.now());
      expect(sent).toEqual([
        ['display-1', { type: 'revoked' }],
        ['display-1', 'disconnect'],
      ]);
    });

    it('refuses to act on a display that is already revoked', async () => {
      await createDisplayLink(CONFIG, deps());
      await revokeDisplay('display-1', deps());
      await expect(reloadDisplay('display-1', deps())).rejects.toEqual(new AuthError('display_revoked', 'This display has been revoked.'));
    });
  });
});
