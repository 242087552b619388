import { describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { createPatchStream, type PatchBody } from './patch-stream';
import type { LivePatch } from './types';

/** Updates in these tests are lists of call ids; a call id starting with "mine" concerns the viewer. */
function setup(options: { urgent?: boolean; onlyMine?: boolean } = {}) {
  const clock = createManualClock();
  const published: LivePatch[] = [];
  const stream = createPatchStream<string[]>({
    clock,
    coalesceMs: 50,
    merge: (earlier, later) => [...new Set([...earlier, ...later])],
    render(ids): PatchBody | null {
      const visible = options.onlyMine ? ids.filter((id) => id.startsWith('mine')) : ids;
      return visible.length === 0 ? null : { removedCalls: visible };
    },
    isUrgent: options.urgent ? (body) => (body.removedCalls ?? []).some((id) => id.startsWith('mine')) : undefined,
    publish: (patch) => void published.push(patch),
  });
  return { clock, published, stream };
}

describe('createPatchStream', () => {
  it('publishes the first change at once and merges the rest of a burst at the end of the window', () => {
    const { clock, published, stream } = setup();
    stream.offer(['a']);
    expect(published).toEqual([{ seq: 1, serverTime: clock.now(), removedCalls: ['a'] }]);
    stream.offer(['b']);
    stream.offer(['a', 'c']);
    expect(published).toHaveLength(1);
    clock.advance(50);
    expect(published.at(-1)).toEqual({ seq: 2, serverTime: clock.now(), removedCalls: ['b', 'a', 'c'] });
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

  it('publishes nothing and keeps seq when the viewer sees none of the changes', () => {
    const { clock, published, stream } = setup({ onlyMine: true });
    stream.offer(['theirs-1']);
    clock.advance(50);
    expect(published).toEqual([]);
    expect(stream.seq).toBe(0);
  });

  it('publishes at once when the body is urgent', () => {
    const { published, stream } = setup({ urgent: true });
    stream.offer(['mine-1']);
    expect(published).toEqual([expect.objectContaining({ seq: 1, removedCalls: ['mine-1'] })]);
  });

  it('waits for the window when an urgent stream gets a change that is not urgent', () => {
    const { clock, published, stream } = setup({ urgent: true });
    stream.offer(['first']);
    stream.offer(['other']);
    expect(published).toEqual([expect.objectContaining({ seq: 1, removedCalls: ['first'] })]);
    stream.offer(['mine-1']);
    expect(published.at(-1)).toEqual(expect.objectContaining({ seq: 2, removedCalls: ['other', 'mine-1'] }));
    clock.advance(50);
    expect(published).toHaveLength(2);
  });

  it('publishes what is pending when flushed before the window ends', () => {
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
    stream.offer(['b']);
    stream.close();
    clock.advance(50);
    expect(published.map((patch) => patch.removedCalls)).toEqual([['a']]);
    expect(clock.pendingTimers()).toBe(0);
  });
});
