import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { predictBreach, type BreachInputs } from './predict-breach';

const base: BreachInputs = {
  callsWaiting: 3,
  longestWaitSeconds: 60,
  avgWaitSeconds: 40,
  agentsAvailable: 0,
  agentsBusy: 4,
  avgTalkSeconds: 240,
  redSeconds: 120,
};

describe('predictBreach', () => {
  it('is clear when nobody waits', () => {
    expect(predictBreach({ ...base, callsWaiting: 0, longestWaitSeconds: 0, avgWaitSeconds: 0 })).toEqual({ kind: 'clear' });
  });

  it('says breached when the oldest caller is already past the threshold', () => {
    expect(predictBreach({ ...base, longestWaitSeconds: 120 })).toEqual({ kind: 'breached' });
  });

  it('predicts the second caller crossing when agents free up too slowly for the queue', () => {
    // Waits 60, 40, 20 s; one of 4 agents frees every 60 s: callers reached at 60, 120, 180 s.
    // Crossings at 60, 80, 100 s: the oldest is reached just in time, the second is not.
    expect(predictBreach(base)).toEqual({ kind: 'likely', inSeconds: 80 });
  });

  it('is clear when available agents can take every waiting caller', () => {
    expect(predictBreach({ ...base, agentsAvailable: 3 })).toEqual({ kind: 'clear' });
  });

  it('is clear when agents free up faster than callers reach the threshold', () => {
    expect(predictBreach({ ...base, avgTalkSeconds: 60 })).toEqual({ kind: 'clear' });
  });

  it('predicts the oldest caller crossing when no agent can free up', () => {
    expect(predictBreach({ ...base, callsWaiting: 1, agentsBusy: 0, longestWaitSeconds: 90 })).toEqual({ kind: 'likely', inSeconds: 30 });
  });

  it('predicts the oldest caller crossing when no talk time is known yet and nobody is available', () => {
    expect(predictBreach({ ...base, avgTalkSeconds: 0 })).toEqual({ kind: 'likely', inSeconds: 60 });
  });

  it('counts available agents as taking the oldest callers at once', () => {
    // Five agents free up one every 48 s. Waits 60, 40, 20 s: the available agent takes
    // the first; caller 2 is reached at 48 s (crosses at 80 s), caller 3 at 96 s (crosses at 100 s).
    expect(predictBreach({ ...base, agentsAvailable: 1, agentsBusy: 4 })).toEqual({ kind: 'clear' });
    // Waits 60, 50, 40, 30 s: caller 3 is reached at 96 s but crosses at 80 s.
    expect(predictBreach({ ...base, callsWaiting: 4, avgWaitSeconds: 45, agentsAvailable: 1, agentsBusy: 4 })).toEqual({
      kind: 'likely',
      inSeconds: 80,
    });
  });

  it('never predicts later than the oldest caller crossing, nor in the past, whatever the inputs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 900 }),
        fc.integer({ min: 1, max: 900 }),
        (callsWaiting, longest, average, agentsAvailable, agentsBusy, avgTalkSeconds, redSeconds) => {
          const forecast = predictBreach({
            callsWaiting,
            longestWaitSeconds: longest,
            avgWaitSeconds: average,
            agentsAvailable,
            agentsBusy,
            avgTalkSeconds,
            redSeconds,
          });
          if (forecast.kind !== 'likely') return;
          expect(forecast.inSeconds).toBeGreaterThanOrEqual(redSeconds - longest);
          expect(forecast.inSeconds).toBeLessThanOrEqual(redSeconds);
        },
      ),
    );
  });
});
