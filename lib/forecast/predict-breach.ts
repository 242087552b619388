/**
 * When will a queue's longest wait cross its red threshold?
 *
 * A deliberately small model a supervisor can check by hand, fed only by what
 * the wallboard knows for sure (queue stats and today's KPIs):
 *
 * 1. Waiting callers are spread evenly between the oldest wait and a wait
 *    chosen so that their mean is the reported average wait.
 * 2. Callers are answered first come, first served. Available agents take the
 *    oldest callers at once; every other caller waits for an agent to finish.
 *    With `a` available and `b` busy agents and an average talk time `T`, the
 *    agents free up at (a + b) / T calls per second (talk times taken as
 *    exponential, so the remaining time of a busy agent is also `T` on
 *    average). Caller k, oldest first, is reached after (k - a) · T / (a + b).
 * 3. Caller k crosses the threshold R after R - wait(k). It breaches if it is
 *    reached later than that; the forecast is the earliest such crossing.
 *
 * Callers still to arrive are ignored, so the forecast errs on the late side;
 * with no talk time known yet (no answered call today) or no agent to free
 * up, nobody beyond the available agents is expected to be answered.
 */

export interface BreachInputs {
  callsWaiting: number;
  longestWaitSeconds: number;
  avgWaitSeconds: number;
  agentsAvailable: number;
  agentsBusy: number;
  /** Today's average talk time for this queue; 0 when nothing was answered yet. */
  avgTalkSeconds: number;
  /** The longest-wait red threshold. */
  redSeconds: number;
}

export type BreachForecast =
  | { kind: 'clear' }
  | { kind: 'breached' }
  /** A caller is expected to wait past the threshold this many seconds from now. */
  | { kind: 'likely'; inSeconds: number };

export function predictBreach(inputs: BreachInputs): BreachForecast {
  const waiting = Math.max(0, Math.floor(inputs.callsWaiting));
  if (waiting === 0) return { kind: 'clear' };
  if (inputs.longestWaitSeconds >= inputs.redSeconds) return { kind: 'breached' };

  const available = Math.max(0, inputs.agentsAvailable);
  const serving = available + Math.max(0, inputs.agentsBusy);
  const secondsPerAnswer = inputs.avgTalkSeconds > 0 && serving > 0 ? inputs.avgTalkSeconds / serving : Number.POSITIVE_INFINITY;
  const waits = spreadWaits(waiting, inputs.longestWaitSeconds, inputs.avgWaitSeconds);

  let earliest = Number.POSITIVE_INFINITY;
  waits.forEach((wait, index) => {
    const position = index + 1;
    const reachedIn = position <= available ? 0 : (position - available) * secondsPerAnswer;
    const crossesIn = inputs.redSeconds - wait;
    if (reachedIn > crossesIn) earliest = Math.min(earliest, crossesIn);
  });
  return Number.isFinite(earliest) ? { kind: 'likely', inSeconds: earliest } : { kind: 'clear' };
}

/** Waits of each caller, oldest first, evenly spaced with the given maximum and mean. */
function spreadWaits(count: number, longest: number, average: number): number[] {
  if (count === 1) return [longest];
  const mean = Math.min(Math.max(0, average), longest);
  const step = (2 * (longest - mean)) / (count - 1);
  return Array.from({ length: count }, (_, index) => Math.max(0, longest - index * step));
}
