/**
 * Exponential backoff with full jitter (AWS Architecture Blog, "Exponential
 * Backoff and Jitter"): a uniform draw up to min(cap, base·2^failures), so many
 * clients that failed together do not retry together. Never below `base`: a
 * retry must not come sooner than a healthy loop would ask.
 */
interface BackoffPolicy {
  baseMs: number;
  capMs: number;
  /** [0, 1), like Math.random. */
  random: () => number;
}

export function backoffDelay(failures: number, policy: BackoffPolicy): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** failures);
  return Math.max(policy.baseMs, Math.floor(policy.random() * ceiling));
}
