import { describe, expect, it } from 'vitest';
import { parentPidOfStat, treeOf } from './process-tree';

describe('parentPidOfStat', () => {
  it('reads the fourth field when the command name holds spaces and parentheses', () => {
    expect(parentPidOfStat('4242 (node (tsx) x) S 4100 4242 4100 0 -1 4194560 1 0 0 0 5 1 0 0 20 0 11 0 100 1000 200')).toBe(4100);
  });
});

describe('treeOf', () => {
  it('lists the root and every descendant, parents first, and nothing outside the tree', () => {
    const parentOf = new Map([
      [1, 0],
      [10, 1],
      [11, 10],
      [12, 11],
      [13, 11],
      [20, 1],
      [21, 20],
    ]);
    expect(treeOf(10, parentOf)).toEqual([10, 11, 12, 13]);
  });

  it('is the root alone when it has no children', () => {
    expect(treeOf(7, new Map([[7, 1]]))).toEqual([7]);
  });
});
