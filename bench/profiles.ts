/**
 * How big each measurement is. `quick` runs every measurement at a small size
 * (under two minutes here); `full` uses the sizes.
 */

export interface FanoutScenario {
  clients: number;
  /** Call events POSTed per second. */
  rate: number;
  durationMs: number;
  /** Drop every connection afterwards and time the way back. */
  storm: boolean;
  /** The targets for this size, where it sets some. */
  targets?: { p99Ms: number; floorRatio?: number; idleRssMb?: number; stormSeconds?: number };
}

export interface Profile {
  name: 'quick' | 'full';
  fanout: FanoutScenario[];
  /** Time between one phase of a planned call and the next (queued, ringing, answered, ended). */
  phaseGapMs: number;
  upstream: { viewers: number; windowMs: number; statsPollMs: number; popEveryMs: number };
  intake: { stepMs: number; callRates: number[]; cdrRates: number[] };
  replay: { baselineEvents: number; totalEvents: number };
  token: { durationMs: number; workers: number };
}

export const profiles: Record<Profile['name'], Profile> = {
  quick: {
    name: 'quick',
    fanout: [{ clients: 200, rate: 50, durationMs: 4_000, storm: true }],
    phaseGapMs: 250,
    upstream: { viewers: 200, windowMs: 3_000, statsPollMs: 250, popEveryMs: 200 },
    intake: { stepMs: 1_500, callRates: [1_000, 2_000, 4_000, 6_000], cdrRates: [250, 500, 1_000] },
    replay: { baselineEvents: 10_000, totalEvents: 20_000 },
    token: { durationMs: 2_000, workers: 8 },
  },
  full: {
    name: 'full',
    fanout: [
      { clients: 100, rate: 1_000, durationMs: 20_000, storm: false },
      { clients: 1_000, rate: 200, durationMs: 20_000, storm: false, targets: { p99Ms: 50, floorRatio: 2 } },
      { clients: 5_000, rate: 100, durationMs: 20_000, storm: true, targets: { p99Ms: 250, idleRssMb: 500, stormSeconds: 15 } },
    ],
    phaseGapMs: 250,
    upstream: { viewers: 1_000, windowMs: 30_000, statsPollMs: 500, popEveryMs: 300 },
    intake: { stepMs: 5_000, callRates: [1_000, 2_000, 3_000, 4_000, 5_000, 6_000, 8_000], cdrRates: [500, 1_000, 1_500, 2_000, 3_000] },
    replay: { baselineEvents: 10_000, totalEvents: 1_000_000 },
    token: { durationMs: 10_000, workers: 16 },
  },
};
