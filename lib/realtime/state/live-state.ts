/** Creating the live state, and what every input does first: notice a new company day. */
import { emptyChange, type Change } from './change';
import { createCompanyCalendar } from './company-calendar';
import { createKpiBook } from './kpi-book';
import type { LiveState } from './model';
import { resolveOptions, type LiveStateOptions } from './options';

export function createLiveState(options: LiveStateOptions, now: number): LiveState {
  const resolved = resolveOptions(options);
  const calendar = createCompanyCalendar(resolved.timeZone);
  const day = calendar.dayOf(now);
  return {
    options: resolved,
    calendar,
    day,
    lastInputAt: now,
    calls: new Map(),
    lingering: new Map(),
    endedCallIds: new Map(),
    removedCalls: new Map(),
    agents: new Map(),
    queues: new Map(),
    eventQueueIds: new Set(),
    waitingByQueue: new Map(),
    kpis: createKpiBook(day.key),
    callerCounts: new Map(),
    countedCallIds: new Set(),
    recentCdrs: [],
    cdrMeta: new WeakMap(),
  };
}

/**
 * The Change an input starts from. Past the end of the company day, today's KPIs
 * and per-number counts start afresh; the Change then carries the new KPIs.
 */
export function beginInput(state: LiveState, at: number): Change {
  const change = emptyChange();
  state.lastInputAt = Math.max(state.lastInputAt, at);
  if (at >= state.day.end) {
    state.day = state.calendar.dayOf(at);
    state.kpis = createKpiBook(state.day.key);
    state.callerCounts.clear();
    state.countedCallIds.clear();
    change.kpis = true;
  }
  return change;
}

export function isToday(state: LiveState, at: number): boolean {
  return at >= state.day.start && at < state.day.end;
}
