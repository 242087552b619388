/** Size limits on insertion-ordered maps and sets: the oldest entry goes first. */

/** Moves `key` to the newest end, so least recently used entries stay at the front. */
export function touch<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
}

/** Drops the oldest entries until at most `cap` remain, telling `onEvict` about each. */
export function trimMap<K, V>(map: Map<K, V>, cap: number, onEvict?: (key: K, value: V) => void): void {
  while (map.size > cap) {
    const [key, value] = map.entries().next().value as [K, V];
    map.delete(key);
    onEvict?.(key, value);
  }
}

export function trimSet<T>(set: Set<T>, cap: number): void {
  while (set.size > cap) set.delete(set.values().next().value as T);
}

/** Adds to a small set unless it is full: what it already holds is kept. */
export function addBounded<T>(set: Set<T>, value: T, cap: number): void {
  if (set.size < cap) set.add(value);
}
