/**
 * The ways a call leaves: it ends (its `ended` message, its CDR, or a timeout),
 * lingers for a while, then is removed; or it is evicted when too many are kept.
 */
import type { LiveCall } from '../types';
import { releaseAgent } from './agent-activity';
import { touch, trimMap } from './bounded';
import { noteCallRemoved, type Change } from './change';
import { refreshCallView } from './call-view';
import type { CallRecord, LiveState } from './model';
import { leaveQueue } from './queue-estimate';

/** Ends a call once: it stops waiting, frees its agents and starts lingering from `at`. */
export function closeCall(state: LiveState, record: CallRecord, endedAt: number, outcome: LiveCall['outcome'], at: number, change: Change): void {
  if (record.endedAt !== null) return;
  record.callerLegState = 'ended';
  record.endedAt = endedAt;
  record.outcome = outcome;
  leaveCallQueue(state, record, at, change);
  releaseAgentsOf(state, record, at, change);
  touch(state.lingering, record.id, at);
  rememberEnded(state, record.id, at);
  refreshCallView(record, state.options.caps.legsPerCall, change);
}

/** What an ended call came to, by what the live events showed. */
export function outcomeOf(record: CallRecord): LiveCall['outcome'] {
  if (record.answeredAt !== null) return 'answered';
  return record.queue !== null ? 'abandoned' : 'missed';
}

/** The caller stops counting as waiting; its queue leg is over, so late messages about it are stale. */
export function leaveCallQueue(state: LiveState, record: CallRecord, at: number, change: Change): void {
  if (!record.inQueue || record.queue === null) return;
  record.inQueue = false;
  const queueLeg = record.queueLegId === null ? undefined : record.legs.get(record.queueLegId);
  if (queueLeg) queueLeg.state = 'ended';
  leaveQueue(state, record.queue, record.id, at, change);
}

/** Late messages about this call change nothing. */
export function rememberEnded(state: LiveState, callId: string, at: number): void {
  touch(state.endedCallIds, callId, at);
  trimMap(state.endedCallIds, state.options.caps.endedCallIds);
}

/** Takes a call off the live list; kept aside a while so its removal reaches only viewers who saw it. */
export function removeCall(state: LiveState, record: CallRecord, change: Change): void {
  state.calls.delete(record.id);
  state.lingering.delete(record.id);
  touch(state.removedCalls, record.id, { extensionsSeen: record.extensionsSeen, queuesSeen: record.queuesSeen });
  trimMap(state.removedCalls, state.options.caps.endedCallIds);
  noteCallRemoved(change, record.id);
}

/** Past the cap, the least recently active calls are forgotten, live or not. */
export function enforceCallCap(state: LiveState, at: number, change: Change): void {
  while (state.calls.size > state.options.caps.calls) {
    const oldest = state.calls.values().next().value as CallRecord;
    leaveCallQueue(state, oldest, at, change);
    releaseAgentsOf(state, oldest, at, change);
    removeCall(state, oldest, change);
  }
}

function releaseAgentsOf(state: LiveState, record: CallRecord, at: number, change: Change): void {
  for (const leg of record.legs.values()) {
    if (leg.human && leg.user !== null) releaseAgent(state, leg.user, record.id, null, at, change);
  }
  if (record.caller.extension !== null) releaseAgent(state, record.caller.extension, record.id, null, at, change);
}
