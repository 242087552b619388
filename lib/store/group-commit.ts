/**
 * Group commit: concurrent callers share one write. Calls made in the same tick,
 * or while a write is running, go out together in the next write, so under load
 * there is one statement and one disk flush per batch instead of one per call,
 * and an idle store adds no delay at all.
 */
interface GroupCommit<Item, Result> {
  /** Resolves with this call's own results once the write holding its items is durable. */
  submit(items: Item[]): Promise<Result[]>;
  /** Resolves when every submitted call has settled. */
  settled(): Promise<void>;
}

/** Gets the items of each waiting call, in call order; returns each call's results in the same order. */
type WriteBatch<Item, Result> = (calls: Item[][]) => Promise<Result[][]>;

interface Waiting<Item, Result> {
  items: Item[];
  resolve(results: Result[]): void;
  reject(error: unknown): void;
}

export function createGroupCommit<Item, Result>(write: WriteBatch<Item, Result>): GroupCommit<Item, Result> {
  let waiting: Waiting<Item, Result>[] = [];
  let draining: Promise<void> | null = null;

  async function drain(): Promise<void> {
    // Yield once so that calls made in the same tick join the first batch.
    await Promise.resolve();
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const results = await write(batch.map((call) => call.items));
        batch.forEach((call, index) => call.resolve(results[index] ?? []));
      } catch (error) {
        batch.forEach((call) => call.reject(error));
      }
    }
    draining = null;
  }

  return {
    submit(items) {
      return new Promise<Result[]>((resolve, reject) => {
        waiting.push({ items, resolve, reject });
        draining ??= drain();
      });
    },
    async settled() {
      while (draining) await draining;
    },
  };
}
