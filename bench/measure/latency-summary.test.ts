import { describe, expect, it } from 'vitest';
import { summariseLatencies } from './latency-summary';

describe('summariseLatencies', () => {
  it('reports nearest-rank percentiles when given unsorted samples', () => {
    const samples = Float64Array.from({ length: 1000 }, (_, i) => 1000 - i);
    expect(summariseLatencies(samples)).toEqual({ count: 1000, p50: 500, p95: 950, p99: 990, max: 1000 });
  });

  it('reports NaN when there are no samples', () => {
    expect(summariseLatencies(new Float64Array(0)).p99).toBeNaN();
  });
});
