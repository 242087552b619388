/**
 * Folds one call notification (spec 2.4) into the live calls, agents and queues.
 * Calls are keyed by the caller leg's call_id; the `to` side moves from leg to leg
 * (queue, agents) as the README's call model describes. Idempotent: a message
 * that moves nothing a screen shows returns an empty Change.
 */
import type { CallEvent } from '@/lib/telephony/types';
import { engageAgent, learnMembership, nameAgent, releaseAgent } from './agent-activity';
import { touch, trimSet } from './bounded';
import { noteCallChanged, type Change } from './change';
import { closeCall, enforceCallCap, leaveCallQueue, outcomeOf, rememberEnded } from './call-closing';
import { isStale, legFor, takesOver } from './call-legs';
import { buildCallView, refreshCallView } from './call-view';
import { countCallerCall } from './caller-counts';
import { beginInput } from './live-state';
import type { CallRecord, LegRecord, LiveState } from './model';
import { joinQueue } from './queue-estimate';

export function applyCallEvent(state: LiveState, event: CallEvent, at: number): Change {
  const change = beginInput(state, at);
  const id = event.from.callId;
  if (state.endedCallIds.has(id)) return change;
  let record = state.calls.get(id);
  if (record && isStale(record, event)) return change;
  // The end of a call never seen live has nothing to show, but must not let late messages open it.
  if (!record && event.from.state === 'ended') {
    rememberEnded(state, id, at);
    return change;
  }
  if (!record) {
    record = openCall(state, event);
    noteCallChanged(change, id);
  }
  touch(state.calls, id, record);
  record.lastEventAt = at;
  foldEvent(state, record, event, at, change);
  enforceCallCap(state, at, change);
  return change;
}

function openCall(state: LiveState, event: CallEvent): CallRecord {
  const { from } = event;
  const record: Omit<CallRecord, 'view'> = {
    id: from.callId,
    onNet: event.onNet,
    caller: { number: from.id, name: nameOf(from.name), extension: from.user },
    callerLegState: from.state,
    legs: new Map(),
    currentLegId: null,
    queue: null,
    queueLegId: null,
    queuedAt: null,
    inQueue: false,
    startedAt: event.timeStart,
    answeredAt: null,
    endedAt: null,
    transferredFrom: null,
    outcome: null,
    callerCallsToday: countCallerCall(state, from.callId, from.id, event.timeStart),
    lastEventAt: event.timeStart,
    extensionsSeen: new Set(),
    queuesSeen: new Set(),
    wallView: null,
  };
  return { ...record, view: buildCallView(record) };
}

function foldEvent(state: LiveState, record: CallRecord, event: CallEvent, at: number, change: Change): void {
  const { from, to } = event;
  const { caps } = state.options;
  const leg = legFor(record, to, caps.legsPerCall);
  leg.state = to.state;
  if (leg.human && to.state === 'active' && leg.answeredAt === null) {
    leg.answeredAt = event.timeAnswer ?? at;
    record.answeredAt ??= leg.answeredAt;
  }
  if (event.byCallId !== null) record.transferredFrom = event.byCallId;
  const callerName = nameOf(from.name);
  if (record.caller.name === null && callerName !== null) record.caller = { ...record.caller, name: callerName };
  if (from.state !== 'ended') record.callerLegState = from.state;

  moveCaller(record, leg, event);
  if (!leg.human) followQueueLeg(state, record, leg, event, at, change);
  else if (leg.user !== null) followAgentLeg(state, record, leg, leg.user, at, change);

  if (record.caller.extension !== null) {
    if (callerName !== null) nameAgent(state, record.caller.extension, callerName, at, change);
    if (from.state !== 'ended') engageAgent(state, record.caller.extension, { state: 'on_call', callId: record.id, legId: from.callId }, at, change);
  }
  if (from.state === 'ended') closeCall(state, record, at, outcomeOf(record), at, change);
  else refreshCallView(record, caps.legsPerCall, change);
}

/** Which leg holds the caller after this message. */
function moveCaller(record: CallRecord, leg: LegRecord, event: CallEvent): void {
  if (leg.state !== 'ended') {
    if (takesOver(record, leg, event)) record.currentLegId = leg.callId;
    return;
  }
  // The ringing phone gave up but the caller is still there: back to the queue holding them.
  if (record.currentLegId === leg.callId && event.from.state !== 'ended' && record.inQueue) record.currentLegId = record.queueLegId;
}

function followQueueLeg(state: LiveState, record: CallRecord, leg: LegRecord, event: CallEvent, at: number, change: Change): void {
  if (leg.user === null) return;
  if (leg.state === 'ended') {
    if (record.queueLegId === leg.callId) leaveCallQueue(state, record, at, change);
    return;
  }
  if (record.currentLegId !== leg.callId || record.queueLegId === leg.callId) return;
  // A queue took the caller (first, or by transfer from another queue or agent).
  leaveCallQueue(state, record, at, change);
  record.queue = leg.user;
  record.queueLegId = leg.callId;
  record.queuedAt = event.timeAnswer ?? at;
  record.inQueue = true;
  state.eventQueueIds.add(leg.user);
  trimSet(state.eventQueueIds, state.options.caps.queues);
  joinQueue(state, leg.user, record.id, record.queuedAt, at, change);
}

function followAgentLeg(state: LiveState, record: CallRecord, leg: LegRecord, extension: string, at: number, change: Change): void {
  // A queue offers its waiting caller only to its own members.
  if (record.inQueue && record.queue !== null && leg.state !== 'ended') learnMembership(state, extension, record.queue, at, change);
  if (leg.state === 'active') leaveCallQueue(state, record, at, change);
  if (leg.state === 'ended') releaseAgent(state, extension, record.id, leg.callId, at, change);
  else engageAgent(state, extension, { state: leg.state === 'active' ? 'on_call' : 'ringing', callId: record.id, legId: leg.callId }, at, change);
}

/** Upstream sends an empty name when it has none. */
function nameOf(name: string | null): string | null {
  return name === null || name.trim() === '' ? null : name;
}
