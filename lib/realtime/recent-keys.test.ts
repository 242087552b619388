import { describe, expect, it } from 'vitest';
import { createRecentKeys } from './recent-keys';

describe('createRecentKeys', () => {
  it('reports a key as seen when it comes again', () => {
    const recent = createRecentKeys(3);
    expect(recent.seenBefore('a')).toBe(false);
    expect(recent.seenBefore('a')).toBe(true);
  });

  it('forgets the oldest key when capacity is exceeded', () => {
    const recent = createRecentKeys(2);
    recent.seenBefore('a');
    recent.seenBefore('b');
    recent.seenBefore('c');
    expect(recent.seenBefore('b')).toBe(true);
    expect(recent.seenBefore('a')).toBe(false);
  });
});
