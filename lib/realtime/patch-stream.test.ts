import { describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { createPatchStream, type PatchBody } from './patch-stream';
import type { LivePatch } from './types';

/** Updates in these tests are lists of call ids; with onlyMine, a call id starting with "mine" concerns the viewer. */
function setup(options: { onlyMine?: boolean } = {}) {
  const clock = createManualClock();
  const published: LivePatch[] = [];
  const rendered: string[][] = [];
  const stream = createPatchStream<string[]>({
    clock,
    windowMs: () => 50,
    merge: (updates) => [...new Set(updates.flat())],
    render(ids): PatchBody | null {
      rendered.push(ids);
      const visible = options.onlyMine ? ids.filter((id) => id.startsWith('mine')) : ids;
      return visible.length === 0 ? null : { removedCalls: visible };
    },
    publish: (patch) => void published.push(patch),
  });
  return { clock, published, rendered, stream };
}

describe('createPatchStream', () => {
  it('publishes the changes of one turn together at the next turn, and holds the rest of a burst for the window', () => {
    const { clock, published, stream } = setup();
    stream.offer(['a']);
    stream.offer(['b']);
    expect(published).toEqual([]);
    clock.advance(0);
    expect(published).toEqual([{ seq: 1, serverTime: clock.now(), removedCalls: ['a', 'b'] }]);
    stream.offer(['c']);
    stream.offer(['a', 'd']);
    clock.advance(49);
    expect(published).toHaveLength(1);
    clock.advance(1);
    expect(published.at(-1)).toEqual({ seq: 2, serverTime: clock.now(), removedCalls: ['c', 'a', 'd'] });
  });

  it('renders once per patch however many updates it merges', () => {
    const { clock, rendered, stream } = setup();
    for (const id of ['a', 'b', 'c', 'd']) stream.offer([id]);
    clock.advance(0);
    expect(rendered).toEqual([['a', 'b', 'c', 'd']]);
  });

  it('numbers patches one after another when several windows pass', () => {
    const { clock, published, stream } = setup();
    for (const id of ['a', 'b', 'c']) {
      stream.offer([id]);
      clock.advance(50);
    }
    expect(published.map((patch) => patch.seq)).toEqual([1, 2, 3]);
    expect(stream.seq).toBe(3);
  });

  it('publishes the leading change, then at most once per window when changes keep coming', () => {
    const { clock, published, stream } = setup();
    for (let i = 0; i < 20; i++) {
      stream.offer([`call-${i}`]);
      clock.advance(10);
    }
    clock.advance(50);
    // 200 ms of changes: the leading one at 0 ms, then one per 50 ms window.
    expect(published).toHaveLength(5);
  });

  it('sends the next change at the next turn once a window passed quietly', () => {
    const { clock, published, stream } = setup();
    stream.offer(['a']);
    clock.advance(0);
    clock.advance(50);
    stream.offer(['b']);
    clock.advance(0);
    expect(published.map((patch) => patch.removedCalls)).toEqual([['a'], ['b']]);
  });

  it('publishes nothing and keeps seq when the viewer sees none of the changes', () => {
    const { clock, published, stream } = setup({ onlyMine: true });
    stream.offer(['theirs-1']);
    clock.advance(50);
    expect(published).toEqual([]);
    expect(stream.seq).toBe(0);
  });

  it('sends an urgent change at the next turn even while a window holds earlier ones back', () => {
    const { clock, published, stream } = setup();
    stream.offer(['first']);
    clock.advance(0);
    stream.offer(['other']);
    clock.advance(10);
    expect(published).toHaveLength(1);
    stream.offer(['mine-1'], true);
    clock.advance(0);
    expect(published.at(-1)).toEqual(expect.objectContaining({ seq: 2, removedCalls: ['other', 'mine-1'] }));
    clock.advance(50);
    expect(published).toHaveLength(2);
  });

  it('publishes what is pending when flushed before its turn', () => {
    const { clock, published, stream } = setup();
    stream.offer(['a']);
    stream.flush();
    expect(published).toEqual([expect.objectContaining({ seq: 1 })]);
    clock.advance(50);
    expect(published).toHaveLength(1);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('drops what is pending and stops its timer when closed', () => {
    const { clock, published, stream } = setup();
    stream.offer(['a']);
    clock.advance(0);
    stream.offer(['b']);
    stream.close();
    clock.advance(50);
    expect(published.map((patch) => patch.removedCalls)).toEqual([['a']]);
    expect(clock.pendingTimers()).toBe(0);
  });
});
