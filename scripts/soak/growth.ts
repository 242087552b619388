/**
 * The soak's pass rule, pure: after a warm-up of max(2 min, 20% of the run),
 * growth = median of the run's last 20% of samples / median of the first 20%
 * after warm-up − 1, and a series passes when that is at most 10%.
 */

export const GROWTH_LIMIT = 0.1;

const MIN_WARM_UP_SECONDS = 120;
const WINDOW_SHARE = 0.2;

export interface Sample {
  /** Seconds since the screens were connected. */
  atSeconds: number;
  value: number;
}

export type Growth =
  | { judged: true; warmUpSeconds: number; afterWarmUp: number; atEnd: number; growth: number; pass: boolean }
  /** Too few samples after warm-up for two windows that do not overlap. */
  | { judged: false; warmUpSeconds: number; atEnd: number };

export function warmUpSeconds(runSeconds: number): number {
  return Math.max(MIN_WARM_UP_SECONDS, WINDOW_SHARE * runSeconds);
}

/** Both windows hold 20% of all samples, so a run judges only when warm-up leaves room for two of them. */
export function growthAfterWarmUp(samples: readonly Sample[], runSeconds: number, limit = GROWTH_LIMIT): Growth {
  const warmUp = warmUpSeconds(runSeconds);
  const windowSize = Math.max(1, Math.ceil(WINDOW_SHARE * samples.length));
  const settled = samples.filter((sample) => sample.atSeconds >= warmUp);
  const atEnd = median(samples.slice(-windowSize).map((sample) => sample.value));
  if (settled.length < 2 * windowSize) return { judged: false, warmUpSeconds: warmUp, atEnd };
  const afterWarmUp = median(settled.slice(0, windowSize).map((sample) => sample.value));
  // Compared as a product so that exactly the limit passes despite floating point.
  return { judged: true, warmUpSeconds: warmUp, afterWarmUp, atEnd, growth: atEnd / afterWarmUp - 1, pass: atEnd <= afterWarmUp * (1 + limit) };
}

/** NaN for no values. */
function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
