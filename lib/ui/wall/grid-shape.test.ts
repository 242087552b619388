import { describe, expect, it } from 'vitest';
import { gridShape } from './grid-shape';

describe('gridShape', () => {
  it('uses one tile when there is one queue', () => {
    expect(gridShape(1, 2.5, 1.6)).toEqual({ columns: 1, rows: 1 });
  });

  it('lays four queues out side by side when the area is wide', () => {
    expect(gridShape(4, 2.6, 1.1)).toEqual({ columns: 4, rows: 1 });
  });

  it('lays twenty queues out in a grid that keeps tiles near their aspect', () => {
    expect(gridShape(20, 2.6, 1.6)).toEqual({ columns: 5, rows: 4 });
  });

  it('always has room for every tile', () => {
    for (let count = 1; count <= 40; count++) {
      const { columns, rows } = gridShape(count, 2.4, 1.5);
      expect(columns * rows).toBeGreaterThanOrEqual(count);
      expect((columns - 1) * rows).toBeLessThan(count);
    }
  });
});
