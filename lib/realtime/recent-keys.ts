/**
 * A bounded memory of recently seen keys (oldest forgotten first), so a
 * redelivered webhook can be counted as a duplicate without growing forever.
 */
export interface RecentKeys {
  /** True when the key was seen among the last `capacity` keys; remembers it either way. */
  seenBefore(key: string): boolean;
}

export function createRecentKeys(capacity: number): RecentKeys {
  const keys = new Set<string>();
  return {
    seenBefore(key) {
      if (keys.has(key)) return true;
      keys.add(key);
      // A Set iterates in insertion order, so its first key is the oldest.
      if (keys.size > capacity) keys.delete(keys.values().next().value as string);
      return false;
    },
  };
}
