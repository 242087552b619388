/**
 * Milliseconds on the machine's monotonic clock. process.hrtime reads
 * CLOCK_MONOTONIC, which every process on one Linux host shares, so a send time
 * taken in the load generator and a receive time taken in the client fleet can
 * be subtracted.
 */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
