/** What the benchmark asks of the client fleet process, and what it answers. */
import type { LatencySummary } from '../measure/latency-summary';

export type FleetAudience = 'wall' | 'supervisor' | 'agent';

export interface ClientSpec {
  view: FleetAudience;
  /** An agent's own extension. */
  extension?: string;
}

/** The events the load generator sent: per event its call, phase and send time (NaN when the POST failed). */
export interface SentEvents {
  callIndex: Int32Array;
  phase: Int8Array;
  sentAt: Float64Array;
}

export type FleetCommand =
  /**
   * Every `sampleEvery`-th client parses what it receives and logs arrivals; the
   * others only listen (see silent-viewer.ts), so the fleet's CPU stays off the
   * measured path however many viewers the server has.
   */
  | { type: 'connect'; clients: ClientSpec[]; concurrency: number; sampleEvery: number }
  /** Starts logging arrivals of this run's planned calls. */
  | { type: 'track'; prefix: string; calls: number }
  /** agentOfCall: the extension each planned call rings, so agents are expected to see only their own. */
  | { type: 'collect'; sent: SentEvents; agentOfCall: string[] }
  /** Records when the first client of this extension sees each call ring. */
  | { type: 'watch-pops'; extension: string }
  | { type: 'pop-times'; callIds: string[] }
  /**
   * Watches every client through a drop: each must disconnect, come back and then
   * show the storm calls that ring its extension (walls and supervisors: all of them).
   */
  | { type: 'arm-storm'; prefix: string; agentOfCall: string[]; timeoutMs: number }
  | { type: 'close' };

export interface StormOutcome {
  clients: number;
  /** Back, and showing every storm call it should. */
  settled: number;
  /** Came back and got a fresh snapshot. */
  snapshots: number;
  /** Monotonic ms when the last client settled; NaN if some never did. */
  lastSettledAt: number;
}

export type FleetReply =
  | { type: 'connected'; connected: number; failed: number; ms: number }
  | { type: 'tracking' }
  | {
      type: 'collected';
      overall: LatencySummary;
      byAudience: Partial<Record<FleetAudience, LatencySummary>>;
      expected: number;
      lost: number;
      sampledClients: number;
    }
  | { type: 'watching' }
  | { type: 'pop-times'; receivedAt: number[] }
  | { type: 'armed' }
  | { type: 'storm'; outcome: StormOutcome }
  | { type: 'closed' };
