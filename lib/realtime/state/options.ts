/** How the live state is configured: the company's zone, how long things live, and how big it may grow. */

/** Upper bounds on every map and list the live state keeps, so memory stays flat however long it runs. */
export interface Caps {
  /** Calls in progress plus ended calls still lingering. */
  calls: number;
  agents: number;
  /** Queues named by polls, and queue ids learned from call events. */
  queues: number;
  recentCdrs: number;
  /** Today's per-caller-number counts, and the call ids already counted. */
  callerNumbers: number;
  /** Ended call ids remembered so late messages cannot resurrect them, and removed calls kept to route their removal. */
  endedCallIds: number;
  /** Legs (queue, agents) remembered per call, and extensions or queues it involved. */
  legsPerCall: number;
  queuesPerAgent: number;
  /** Event-derived adjustments per queue waiting for the next poll. */
  pendingAdjustments: number;
}

export interface LiveStateOptions {
  /** IANA zone of the company: "today" for the KPIs and the hour buckets. */
  timeZone: string;
  /** How long an ended call stays on the live list. */
  lingerMs?: number;
  /** A call with no message for this long is closed: its `ended` was lost. */
  callTimeoutMs?: number;
  caps?: Partial<Caps>;
}

export interface ResolvedOptions {
  timeZone: string;
  lingerMs: number;
  callTimeoutMs: number;
  caps: Caps;
}

const DEFAULT_CAPS: Caps = {
  calls: 5_000,
  agents: 5_000,
  queues: 500,
  // The browser keeps 100 (client/apply-patch.ts): a snapshot never needs more.
  recentCdrs: 100,
  callerNumbers: 50_000,
  endedCallIds: 20_000,
  legsPerCall: 32,
  queuesPerAgent: 64,
  pendingAdjustments: 1_000,
};

const DEFAULT_LINGER_MS = 30_000;
const DEFAULT_CALL_TIMEOUT_MS = 4 * 60 * 60 * 1000;

export function resolveOptions(options: LiveStateOptions): ResolvedOptions {
  return {
    timeZone: options.timeZone,
    lingerMs: options.lingerMs ?? DEFAULT_LINGER_MS,
    callTimeoutMs: options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
    caps: { ...DEFAULT_CAPS, ...options.caps },
  };
}
