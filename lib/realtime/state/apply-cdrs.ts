/**
 * CDR messages (spec 2.5): finished calls for today's KPIs, the recent-calls list
 * and per-number counts. A CDR also closes a live call whose `ended` never came.
 */
import type { CdrRecord } from '@/lib/telephony/types';
import type { CdrView } from '../types';
import type { Change } from './change';
import { closeCall, rememberEnded } from './call-closing';
import { countCallerCall } from './caller-counts';
import { groupByCall, summariseCdr } from './cdr-summary';
import { recordQueueCall } from './kpi-book';
import { beginInput, isToday } from './live-state';
import type { CdrMeta, LiveState } from './model';

/** `records` are already deduplicated by the store. */
export function applyCdrs(state: LiveState, records: CdrRecord[], at: number): Change {
  const change = beginInput(state, at);
  const isQueue = (user: string) => state.queues.has(user) || state.eventQueueIds.has(user);
  for (const group of groupByCall(records)) {
    const { view, extensions } = summariseCdr(group, isQueue);
    closeLiveCall(state, view, at, change);
    const today = isToday(state, view.startTime);
    if (today) {
      countCallerCall(state, view.callId, view.caller.number, view.startTime);
      if (view.queue !== null) {
        const call = { queue: view.queue, answered: view.outcome === 'answered', talkSeconds: view.talkSeconds, waitSeconds: view.waitSeconds };
        recordQueueCall(state.kpis, { ...call, hour: state.calendar.hourOf(view.startTime) }, state.options.caps.queues);
        change.kpis = true;
      }
    }
    const meta: CdrMeta = { day: today ? state.day.key : state.calendar.dayKeyOf(view.startTime), extensions };
    if (addRecentCdr(state, view, meta)) change.cdrs.push(view);
  }
  change.cdrs.sort((a, b) => b.endTime - a.endTime);
  return change;
}

function closeLiveCall(state: LiveState, view: CdrView, at: number, change: Change): void {
  const record = state.calls.get(view.callId);
  if (!record) {
    rememberEnded(state, view.callId, at);
    return;
  }
  const queued = record.queue !== null || view.queue !== null;
  const outcome = view.outcome === 'answered' ? 'answered' : queued ? 'abandoned' : 'missed';
  closeCall(state, record, view.endTime, outcome, at, change);
}

/** Keeps the list newest first and capped; false when the view is too old to make the list. */
function addRecentCdr(state: LiveState, view: CdrView, meta: CdrMeta): boolean {
  const list = state.recentCdrs.filter((cdr) => cdr.callId !== view.callId);
  const position = list.findIndex((cdr) => cdr.endTime < view.endTime);
  list.splice(position === -1 ? list.length : position, 0, view);
  state.recentCdrs = list.slice(0, state.options.caps.recentCdrs);
  state.cdrMeta.set(view, meta);
  return state.recentCdrs.includes(view);
}
