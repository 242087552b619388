import { beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '@/lib/clock';
import type { DisplayStatus } from '@/lib/realtime/events';
import { createMemoryStore, type Store } from '@/lib/store';
import { createDisplayStatusRecorder } from './display-status';

const STATUS: DisplayStatus = { version: '0.1.0', heapMb: 42.5, domNodes: 1800, screen: { width: 1920, height: 1080 } };

describe('createDisplayStatusRecorder', () => {
  let store: Store;
  let clock: ManualClock;

  beforeEach(async () => {
    store = createMemoryStore();
    clock = createManualClock();
    await store.displays.create({
      id: 'd1',
      tokenHash: 'a'.repeat(64),
      config: { name: 'Floor', queues: 'all', views: ['queues'], rotateSeconds: 20 },
      createdAt: clock.now(),
      lastSeenAt: null,
      status: null,
      revokedAt: null,
    });
  });

  it('stores the heartbeat time and the report when a display reports', async () => {
    clock.advance(30_000);
    await createDisplayStatusRecorder({ store, now: clock.now })('d1', STATUS);
    expect(await store.displays.get('d1')).toMatchObject({ lastSeenAt: clock.now(), status: STATUS });
  });

  it('ignores a report that does not fit the schema', async () => {
    const bogus = { ...STATUS, version: 'x'.repeat(65) };
    await createDisplayStatusRecorder({ store, now: clock.now })('d1', bogus);
    expect(await store.displays.get('d1')).toMatchObject({ lastSeenAt: null, status: null });
  });

  it('ignores a late report when the display was revoked', async () => {
    await store.displays.update('d1', { revokedAt: clock.now() });
    await createDisplayStatusRecorder({ store, now: clock.now })('d1', STATUS);
    expect(await store.displays.get('d1')).toMatchObject({ lastSeenAt: null, status: null });
  });

  it('ignores a report for a display that does not exist', async () => {
    await createDisplayStatusRecorder({ store, now: clock.now })('nope', STATUS);
    expect(await store.displays.list()).toHaveLength(1);
  });
});
