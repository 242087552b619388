/** API requests per route since start, so sandbox tests can count how often a client polled. */
export interface RequestCounter {
  count(route: string): void;
  snapshot(): Record<string, number>;
}

export function createRequestCounter(): RequestCounter {
  const counts = new Map<string, number>();
  return {
    count: (route) => counts.set(route, (counts.get(route) ?? 0) + 1),
    snapshot: () => Object.fromEntries(counts),
  };
}
