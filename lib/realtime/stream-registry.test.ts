import { describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { createStreamRegistry, windowFor } from './stream-registry';
import type { LivePatch } from './types';
import type { StreamView } from './view-access';

/** Updates are call ids; agent viewers see calls whose id starts with their extension. */
function setup() {
  const clock = createManualClock();
  const published: Array<{ key: string; patch: LivePatch }> = [];
  const registry = createStreamRegistry<string[]>({
    clock,
    // One viewer: a 50 ms window.
    writesPerSecond: 20,
    retireAfterMs: 120_000,
    feed: {
      merge: (updates) => updates.flat(),
      popsFor: (ids) => new Set(ids.map((id) => id.split('-')[0]!)),
      render(ids, view: StreamView) {
        const visible = view.audience === 'agent' ? ids.filter((id) => id.startsWith(view.extension ?? '')) : ids;
        return visible.length ? { removedCalls: visible } : null;
      },
    },
    publish: (key, patch) => void published.push({ key, patch }),
  });
  return { clock, published, registry };
}

describe('createStreamRegistry', () => {
  it('keeps one seq per stream when several streams get the same updates', () => {
    const { clock, published, registry } = setup();
    registry.join('supervisor', { audience: 'supervisor' });
    registry.join('agent:101', { audience: 'agent', extension: '101' });
    registry.join('agent:102', { audience: 'agent', extension: '102' });
    registry.offer(['101-a']);
    clock.advance(0);
    registry.offer(['102-b']);
    clock.advance(50);
    const seen = (key: string) => published.filter((entry) => entry.key === key).map(({ patch }) => [patch.seq, patch.removedCalls]);
    expect(seen('agent:101')).toEqual([[1, ['101-a']]]);
    expect(seen('agent:102')).toEqual([[1, ['102-b']]]);
    expect(seen('supervisor')).toEqual([
      [1, ['101-a']],
      [2, ['102-b']],
    ]);
  });

  it('sends an agent their own call at the next turn while the wall waits for its window', () => {
    const { clock, published, registry } = setup();
    registry.join('wall', { audience: 'wall' });
    registry.join('agent:101', { audience: 'agent', extension: '101' });
    registry.offer(['102-a']);
    clock.advance(0);
    registry.offer(['101-b']);
    clock.advance(0);
    expect(published.map(({ key, patch }) => [key, patch.removedCalls])).toEqual([
      ['wall', ['102-a']],
      ['agent:101', ['101-b']],
    ]);
    clock.advance(50);
    expect(published.at(-1)).toEqual({ key: 'wall', patch: expect.objectContaining({ seq: 2, removedCalls: ['101-b'] }) });
  });

  it('widens a stream’s window once its viewers would take more writes per second than the budget', () => {
    const { clock, published, registry } = setup();
    for (let i = 0; i < 2; i++) registry.join('wall', { audience: 'wall' });
    registry.offer(['a']);
    clock.advance(0);
    registry.offer(['b']);
    // 2 viewers within 20 writes/s: one patch per 100 ms, not per 50 as for one viewer.
    clock.advance(50);
    expect(published).toHaveLength(1);
    clock.advance(50);
    expect(published.map(({ patch }) => patch.removedCalls)).toEqual([['a'], ['b']]);
  });

  it('shares one stream when two viewers join the same key', () => {
    const { registry } = setup();
    const first = registry.join('wall', { audience: 'wall' });
    expect(registry.join('wall', { audience: 'wall' })).toBe(first);
  });

  it('keeps the stream and its seq through the recovery window when its last viewer leaves', () => {
    const { clock, registry } = setup();
    const entry = registry.join('wall', { audience: 'wall' });
    registry.offer(['a']);
    clock.advance(0);
    registry.leave('wall');
    clock.advance(119_000);
    expect(registry.join('wall', { audience: 'wall' })).toBe(entry);
    expect(entry.stream.seq).toBe(1);
  });

  it('drops the stream when nobody rejoins within the recovery window', () => {
    const { clock, registry } = setup();
    registry.join('wall', { audience: 'wall' });
    registry.leave('wall');
    clock.advance(120_000);
    expect(registry.get('wall')).toBeUndefined();
    expect(registry.join('wall', { audience: 'wall' }).stream.seq).toBe(0);
  });

  it('keeps the stream while another viewer remains', () => {
    const { clock, registry } = setup();
    registry.join('wall', { audience: 'wall' });
    registry.join('wall', { audience: 'wall' });
    registry.leave('wall');
    clock.advance(200_000);
    expect(registry.get('wall')).toBeDefined();
  });

  it('stops every timer when closed', () => {
    const { clock, registry } = setup();
    registry.join('wall', { audience: 'wall' });
    registry.join('agent:101', { audience: 'agent', extension: '101' });
    registry.leave('agent:101');
    registry.offer(['x']);
    registry.close();
    expect(clock.pendingTimers()).toBe(0);
  });
});

describe('windowFor', () => {
  it("holds a small audience's next patch back for a quarter of a display frame", () => {
    expect(windowFor(1, { writesPerSecond: 30_000 })).toBe(4);
    expect(windowFor(120, { writesPerSecond: 30_000 })).toBe(4);
  });

  it('lengthens the window in proportion to the audience, so its writes stay within the budget', () => {
    expect(windowFor(900, { writesPerSecond: 30_000 })).toBe(30);
    expect(windowFor(4_500, { writesPerSecond: 30_000 })).toBe(150);
  });
});
