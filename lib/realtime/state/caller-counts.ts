/** How many calls each number has made today, for "3rd call today". */
import { trimMap, trimSet } from './bounded';
import { isToday } from './live-state';
import type { LiveState } from './model';

/**
 * Counts a call once (by call id, whether seen live or first in its CDR) and
 * returns the caller's calls today including this one.
 */
export function countCallerCall(state: LiveState, callId: string, number: string | null, startedAt: number): number {
  if (number === null) return 1;
  const sofar = state.callerCounts.get(number) ?? 0;
  if (!isToday(state, startedAt)) return sofar + 1;
  if (state.countedCallIds.has(callId)) return Math.max(1, sofar);
  const { callerNumbers } = state.options.caps;
  state.countedCallIds.add(callId);
  trimSet(state.countedCallIds, callerNumbers);
  // Re-inserted so the numbers evicted first are those not heard from for longest.
  state.callerCounts.delete(number);
  state.callerCounts.set(number, sofar + 1);
  trimMap(state.callerCounts, callerNumbers);
  return sofar + 1;
}
