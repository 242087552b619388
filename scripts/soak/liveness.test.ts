import { describe, expect, it } from 'vitest';
import { livenessOf } from './liveness';

const screen = { name: 'TV 1', pageErrors: 0, crashed: false };

describe('livenessOf', () => {
  it('is live at the end when patches kept arriving and the board is on screen', () => {
    expect(livenessOf({ ...screen, patches: [5, 9, 9, 14, 20], showing: [true, true, true, true, true] })).toEqual({
      name: 'TV 1',
      patches: 20,
      quietIntervals: 1,
      pageErrors: 0,
      liveAtEnd: true,
    });
  });

  it('is not live at the end when no patch arrived in the last 20% of samples', () => {
    const patches = [1, 2, 3, 4, 5, 6, 7, 8, 8, 8];
    expect(livenessOf({ ...screen, patches, showing: patches.map(() => true) })).toMatchObject({ liveAtEnd: false, quietIntervals: 2 });
  });

  it('is not live at the end when the board left the screen', () => {
    expect(livenessOf({ ...screen, patches: [1, 2, 3], showing: [true, true, false] })).toMatchObject({ liveAtEnd: false });
  });

  it('is not live at the end when the page crashed', () => {
    expect(livenessOf({ ...screen, crashed: true, patches: [1, 2, 3], showing: [true, true, true] })).toMatchObject({ liveAtEnd: false });
  });

  it('is not live without samples', () => {
    expect(livenessOf({ ...screen, patches: [], showing: [] })).toMatchObject({ patches: 0, liveAtEnd: false });
  });
});
