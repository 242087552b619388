import { describe, expect, it } from 'vitest';
import { growthTable, livenessTable } from './report';

const MB = 1024 * 1024;

describe('growthTable', () => {
  it('shows judged series in MB with signed growth and not-judged series as such', () => {
    const table = growthTable([
      { name: 'server RSS', growth: { judged: true, warmUpSeconds: 360, afterWarmUp: 600 * MB, atEnd: 612 * MB, growth: 0.02, pass: true } },
      { name: 'TV 1 JS heap', growth: { judged: true, warmUpSeconds: 360, afterWarmUp: 10 * MB, atEnd: 12 * MB, growth: 0.2, pass: false } },
      { name: 'TV 2 JS heap', growth: { judged: false, warmUpSeconds: 120, atEnd: 9.25 * MB } },
    ]);
    expect(table.split('\n')).toEqual([
      '| Series       | After warm-up | At end   | Growth | Pass       |',
      '| ------------ | ------------- | -------- | ------ | ---------- |',
      '| server RSS   | 600.0 MB      | 612.0 MB | +2.0%  | yes        |',
      '| TV 1 JS heap | 10.0 MB       | 12.0 MB  | +20.0% | NO         |',
      '| TV 2 JS heap | n/a           | 9.3 MB   | n/a    | not judged |',
    ]);
  });
});

describe('livenessTable', () => {
  it('marks a screen that stopped receiving patches', () => {
    const table = livenessTable([
      { name: 'supervisor', patches: 12345, quietIntervals: 0, pageErrors: 0, liveAtEnd: true },
      { name: 'TV 1', patches: 40, quietIntervals: 9, pageErrors: 2, liveAtEnd: false },
    ]);
    expect(table.split('\n').slice(2)).toEqual([
      '| supervisor | 12,345       | 0               | 0           | yes         |',
      '| TV 1       | 40           | 9               | 2           | NO          |',
    ]);
  });
});
