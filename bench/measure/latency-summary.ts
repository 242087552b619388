/** Percentiles of a set of latencies (nearest-rank, the definition load tools report). */

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Sorts the samples in place. NaN for every figure when there are none. */
export function summariseLatencies(samples: Float64Array): LatencySummary {
  samples.sort();
  const at = (quantile: number) => (samples.length === 0 ? Number.NaN : samples[Math.max(0, Math.ceil(quantile * samples.length) - 1)]!);
  return { count: samples.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}
