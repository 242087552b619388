import { describe, expect, it } from 'vitest';
import { pageAt, rotationPages } from './rotation';

describe('rotationPages', () => {
  it('shows one page per queue for the one-queue view, in order', () => {
    expect(rotationPages(['queues', 'queue', 'agents'], ['Sales', 'Support'])).toEqual([
      { view: 'queues' },
      { view: 'queue', queue: 'Sales' },
      { view: 'queue', queue: 'Support' },
      { view: 'agents' },
    ]);
  });

  it('falls back to all queues when nothing is left to show', () => {
    expect(rotationPages(['queue'], [])).toEqual([{ view: 'queues' }]);
  });
});

describe('pageAt', () => {
  const pages = rotationPages(['queues', 'agents'], []);

  it('changes page every rotateSeconds and wraps around', () => {
    expect(pageAt(pages, 0, 30)).toEqual({ view: 'queues' });
    expect(pageAt(pages, 29_999, 30)).toEqual({ view: 'queues' });
    expect(pageAt(pages, 30_000, 30)).toEqual({ view: 'agents' });
    expect(pageAt(pages, 60_000, 30)).toEqual({ view: 'queues' });
  });

  it('stays on the only page when there is nothing to rotate', () => {
    expect(pageAt([{ view: 'agents' }], 123_456_789, 10)).toEqual({ view: 'agents' });
  });
});
