/** The passage of time: lingering calls leave, silent calls time out, a new day starts. */
import type { Change } from './change';
import { closeCall, outcomeOf, removeCall } from './call-closing';
import { beginInput } from './live-state';
import type { LiveState } from './model';

export function tick(state: LiveState, at: number): Change {
  const change = beginInput(state, at);
  const { lingerMs, callTimeoutMs } = state.options;
  for (const [callId, endedAt] of state.lingering) {
    if (endedAt + lingerMs > at) break;
    const record = state.calls.get(callId);
    if (record) removeCall(state, record, change);
    else state.lingering.delete(callId);
  }
  // Calls are kept in order of last activity, so the silent ones are at the front.
  for (const record of state.calls.values()) {
    if (record.lastEventAt + callTimeoutMs > at) break;
    closeCall(state, record, at, outcomeOf(record), at, change);
  }
  // No message arrives that late: the ids need not be remembered any longer.
  for (const [callId, endedAt] of state.endedCallIds) {
    if (endedAt + callTimeoutMs > at) break;
    state.endedCallIds.delete(callId);
  }
  return change;
}
