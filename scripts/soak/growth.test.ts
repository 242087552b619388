import { describe, expect, it } from 'vitest';
import { growthAfterWarmUp, warmUpSeconds, type Sample } from './growth';

/** One sample every 10 s over `minutes`, valued by `valueAt(seconds)`. */
function run(minutes: number, valueAt: (seconds: number) => number): Sample[] {
  return Array.from({ length: (minutes * 60) / 10 }, (_, index) => {
    const atSeconds = (index + 1) * 10;
    return { atSeconds, value: valueAt(atSeconds) };
  });
}

describe('warmUpSeconds', () => {
  it('is two minutes when a fifth of the run is shorter', () => {
    expect(warmUpSeconds(5 * 60)).toBe(120);
  });

  it('is a fifth of the run when that is longer than two minutes', () => {
    expect(warmUpSeconds(30 * 60)).toBe(360);
  });
});

describe('growthAfterWarmUp', () => {
  it('passes a flat series when the run is long enough', () => {
    expect(growthAfterWarmUp(run(30, () => 500), 30 * 60)).toEqual({
      judged: true,
      warmUpSeconds: 360,
      afterWarmUp: 500,
      atEnd: 500,
      growth: 0,
      pass: true,
    });
  });

  it('ignores what happens during warm-up', () => {
    const growth = growthAfterWarmUp(run(30, (seconds) => (seconds < 360 ? 100 + seconds : 700)), 30 * 60);
    expect(growth).toMatchObject({ judged: true, afterWarmUp: 700, atEnd: 700, pass: true });
  });

  it('compares the first 20% of samples after warm-up with the last 20% of the run', () => {
    // 180 samples: windows of 36; after warm-up (360 s) the first window is 360..710 s, the last 1450..1800 s.
    const growth = growthAfterWarmUp(run(30, (seconds) => (seconds < 720 ? 100 : seconds <= 1440 ? 1000 : 105)), 30 * 60);
    expect(growth).toMatchObject({ judged: true, afterWarmUp: 100, atEnd: 105, pass: true });
    if (growth.judged) expect(growth.growth).toBeCloseTo(0.05);
  });

  it('fails when the end is more than 10% above the start after warm-up', () => {
    const growth = growthAfterWarmUp(run(30, (seconds) => 400 + seconds / 10), 30 * 60);
    expect(growth).toMatchObject({ judged: true, pass: false });
    if (growth.judged) expect(growth.growth).toBeGreaterThan(0.1);
  });

  it('passes growth of exactly the limit', () => {
    const growth = growthAfterWarmUp(run(30, (seconds) => (seconds < 900 ? 100 : 110)), 30 * 60);
    expect(growth).toMatchObject({ judged: true, afterWarmUp: 100, atEnd: 110, pass: true });
  });

  it('passes a shrinking series', () => {
    expect(growthAfterWarmUp(run(10, (seconds) => 1000 - seconds / 2), 10 * 60)).toMatchObject({ judged: true, pass: true });
  });

  it('is not thrown off by single outliers in either window', () => {
    const spikes = new Set([400, 1600, 1700]);
    expect(growthAfterWarmUp(run(30, (seconds) => (spikes.has(seconds) ? 5000 : 300)), 30 * 60)).toMatchObject({
      judged: true,
      afterWarmUp: 300,
      atEnd: 300,
      pass: true,
    });
  });

  it('judges nothing when warm-up leaves no room for two windows', () => {
    expect(growthAfterWarmUp(run(2, (seconds) => seconds), 2 * 60)).toEqual({ judged: false, warmUpSeconds: 120, atEnd: 110 });
    expect(growthAfterWarmUp(run(3, () => 1), 3 * 60)).toMatchObject({ judged: false });
  });

  it('judges a four-minute run', () => {
    expect(growthAfterWarmUp(run(4, () => 1), 4 * 60)).toMatchObject({ judged: true, warmUpSeconds: 120 });
  });

  it('judges nothing without samples', () => {
    expect(growthAfterWarmUp([], 30 * 60)).toEqual({ judged: false, warmUpSeconds: 360, atEnd: Number.NaN });
  });
});
