import { describe, expect, it } from 'vitest';
import { pixelShiftAt } from './pixel-shift';

describe('pixelShiftAt', () => {
  it('keeps one offset for three minutes', () => {
    expect(pixelShiftAt(0)).toEqual(pixelShiftAt(3 * 60_000 - 1));
  });

  it('moves when three minutes have passed', () => {
    expect(pixelShiftAt(3 * 60_000)).not.toEqual(pixelShiftAt(0));
  });

  it('never moves more than 3 pixels and visits every offset within half an hour', () => {
    const seen = new Set<string>();
    for (let minute = 0; minute < 30; minute += 3) {
      const { x, y } = pixelShiftAt(minute * 60_000);
      expect(Math.max(Math.abs(x), Math.abs(y))).toBeLessThanOrEqual(3);
      seen.add(`${x},${y}`);
    }
    expect(seen.size).toBe(9);
  });
});
