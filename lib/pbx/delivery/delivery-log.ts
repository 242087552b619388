/** The latest delivery outcomes, for the sandbox's GET /sandbox/deliveries. */
export type DeliveryKind = 'init' | 'call' | 'cdr';

export interface DeliveryLogEntry {
  time: string;
  post_uri: string;
  subscription_id: string;
  kind: DeliveryKind;
  outcome: 'delivered' | 'failed' | 'gave_up' | 'dropped';
  /** The subscriber's HTTP status, null when there was no answer. */
  status: number | null;
  attempts: number;
  error: string | null;
}

export interface DeliveryLog {
  add(entry: DeliveryLogEntry): void;
  /** Newest first. */
  list(filter: { postUri?: string; limit: number }): DeliveryLogEntry[];
}

export function createDeliveryLog(capacity: number): DeliveryLog {
  const entries: DeliveryLogEntry[] = [];
  return {
    add(entry) {
      entries.push(entry);
      if (entries.length > capacity) entries.shift();
    },
    list({ postUri, limit }) {
      const matching: DeliveryLogEntry[] = [];
      for (let i = entries.length - 1; i >= 0 && matching.length < limit; i--) {
        const entry = entries[i]!;
        if (postUri === undefined || entry.post_uri === postUri) matching.push(entry);
      }
      return matching;
    },
  };
}
