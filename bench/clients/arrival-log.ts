/**
 * When one client first showed each phase of each planned call. A later phase
 * also stands for the earlier ones: a coalesced patch that carries the call
 * already ringing has put the queued event on screen too, superseded.
 */
import { CALL_PHASES } from '../load/call-plan';

const PHASES = CALL_PHASES.length;

export interface ArrivalLog {
  note(callIndex: number, phase: number, at: number): void;
  /** NaN when the phase never showed. */
  arrivedAt(callIndex: number, phase: number): number;
}

export function createArrivalLog(calls: number): ArrivalLog {
  const arrivals = new Float64Array(calls * PHASES).fill(Number.NaN);
  return {
    note(callIndex, phase, at) {
      if (callIndex < 0 || callIndex >= calls) return;
      for (let earlier = phase; earlier >= 0; earlier--) {
        const slot = callIndex * PHASES + earlier;
        if (!Number.isNaN(arrivals[slot]!)) break;
        arrivals[slot] = at;
      }
    },
    arrivedAt: (callIndex, phase) => arrivals[callIndex * PHASES + phase] ?? Number.NaN,
  };
}
