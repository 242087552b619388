/**
 * A steady stream of call events shaped like real calls: each call is queued,
 * rings an agent, is answered and ends, a phase gap apart, with calls
 * interleaved so that the POST rate stays the same throughout (bar the first
 * and last gaps, while the first calls have not yet reached every phase).
 */

export const CALL_PHASES = ['queued', 'ringing', 'active', 'ended'] as const;
export type CallPhaseName = (typeof CALL_PHASES)[number];

export interface CallPlan {
  calls: number;
  /** Per event, in send order. */
  callIndex: Int32Array;
  /** Index into CALL_PHASES. */
  phase: Int8Array;
  /** When to send, ms after the start. */
  atMs: Float64Array;
}

interface CallPlanOptions {
  /** Events per second. */
  rate: number;
  /** How long the steady part lasts. */
  durationMs: number;
  /** Time between one phase of a call and the next. */
  phaseGapMs: number;
}

export function planCalls({ rate, durationMs, phaseGapMs }: CallPlanOptions): CallPlan {
  const phases = CALL_PHASES.length;
  const calls = Math.max(1, Math.floor((rate * durationMs) / 1000 / phases));
  // Slot k carries phase k mod 4 of a call started `lag` call-slots earlier per phase.
  const lag = Math.max(1, Math.round((phaseGapMs * rate) / 1000 / phases));
  const slots = phases * (calls + (phases - 1) * lag);
  const callIndex: number[] = [];
  const phase: number[] = [];
  const atMs: number[] = [];
  for (let slot = 0; slot < slots; slot++) {
    const p = slot % phases;
    const call = Math.floor(slot / phases) - p * lag;
    if (call < 0 || call >= calls) continue;
    callIndex.push(call);
    phase.push(p);
    atMs.push((slot * 1000) / rate);
  }
  return { calls, callIndex: Int32Array.from(callIndex), phase: Int8Array.from(phase), atMs: Float64Array.from(atMs) };
}
