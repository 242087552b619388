import { describe, expect, it } from 'vitest';
import { formatNumber, resultsTable } from './results-table';

describe('resultsTable', () => {
  it('lines up a row with a baseline, a ratio and a missed target', () => {
    const table = resultsTable([{ measurement: 'p99', ours: 61.04, unit: 'ms', baseline: 20.5, ratio: 2.98, target: '≤ 50 ms', met: false }]);
    expect(table.split('\n')).toEqual([
      '| Measurement | Ours  | Baseline | Ours / baseline | Target  | Met |',
      '| ----------- | ----- | -------- | --------------- | ------- | --- |',
      '| p99         | 61 ms | 20.5 ms  | 2.98×           | ≤ 50 ms | NO  |',
    ]);
  });
});

describe('formatNumber', () => {
  it('keeps three significant figures below 100 and whole numbers with separators above', () => {
    expect([0.01234, 12.345, 4321.6, Number.NaN].map(formatNumber)).toEqual(['0.0123', '12.3', '4,322', 'n/a']);
  });
});
