/**
 * Sampling helpers over an injected uniform source, so every simulated duration
 * is reproducible under a seeded random in tests.
 */
export type Random = () => number;

export function uniform(random: Random, min: number, max: number): number {
  return min + (max - min) * random();
}

/** Waiting time between events of a Poisson process with the given mean. */
export function exponential(random: Random, mean: number): number {
  // 1 - u keeps the argument of log in (0, 1] even when random() returns 0.
  return -Math.log(1 - random()) * mean;
}

/** Lognormal around a median: call lengths are skewed, with a long tail of long calls. */
export function lognormal(random: Random, median: number, sigma: number): number {
  return median * Math.exp(sigma * standardNormal(random));
}

export function chance(random: Random, probability: number): boolean {
  return random() < probability;
}

export function pick<T>(random: Random, items: readonly T[]): T | undefined {
  if (items.length === 0) return undefined;
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))];
}

function standardNormal(random: Random): number {
  // Box-Muller transform.
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** A small deterministic generator (mulberry32) for reproducible simulations. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
