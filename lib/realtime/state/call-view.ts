/** The LiveCall a record shows, rebuilt after each message and reported only when it moved. */
import type { CallPhase, LiveCall } from '../types';
import { addBounded } from './bounded';
import { noteCallChanged, type Change } from './change';
import type { CallRecord, LegRecord } from './model';
import { sameJson } from './same-json';

export function refreshCallView(record: CallRecord, legsPerCall: number, change: Change): void {
  const view = buildCallView(record);
  if (sameJson(view, record.view)) return;
  record.view = view;
  record.wallView = null;
  for (const extension of [view.agent, view.caller.extension, view.callee.extension]) {
    if (extension !== null) addBounded(record.extensionsSeen, extension, legsPerCall);
  }
  if (view.queue !== null) addBounded(record.queuesSeen, view.queue, legsPerCall);
  noteCallChanged(change, record.id);
}

export function buildCallView(record: Omit<CallRecord, 'view'>): LiveCall {
  const current = record.currentLegId === null ? undefined : record.legs.get(record.currentLegId);
  const phase = phaseOf(record, current);
  // Once the call is over, its last leg still says who handled it.
  const handling = current?.human && (current.state !== 'ended' || phase === 'ended') ? current.user : null;
  return {
    id: record.id,
    phase,
    onNet: record.onNet,
    direction: record.onNet ? 'internal' : record.caller.extension !== null ? 'outbound' : 'inbound',
    caller: { ...record.caller },
    callee: { number: current?.number ?? null, extension: current?.human ? current.user : null },
    queue: record.queue,
    agent: handling ?? record.caller.extension,
    startedAt: record.startedAt,
    queuedAt: record.queuedAt,
    answeredAt: record.answeredAt,
    endedAt: record.endedAt,
    transferredFrom: record.transferredFrom,
    outcome: record.outcome,
    callerCallsToday: record.callerCallsToday,
  };
}

function phaseOf(record: Omit<CallRecord, 'view'>, current: LegRecord | undefined): CallPhase {
  if (record.callerLegState === 'ended') return 'ended';
  if (!current || current.state === 'ended') return 'dialing';
  if (!current.human) return 'queued';
  if (current.state === 'active') return 'active';
  return current.state === 'ringing' ? 'ringing' : 'dialing';
}
