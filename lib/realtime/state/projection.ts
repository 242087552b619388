/**
 * What each audience receives. Supervisors see everything; the wall sees
 * aggregates and masked calls, no finished-call list; an agent sees only calls on
 * their own extension and their own finished calls today. A queue filter (a
 * display showing some queues) narrows queues, KPIs by queue, calls, agents and CDRs.
 */
import type { AgentLive, Audience, CdrView, LiveCall, LivePatch, LiveSnapshot } from '../types';
import type { Change } from './change';
import { kpisOfQueues, kpisView } from './kpi-book';
import { maskNumber } from './mask-number';
import type { CallRecord, LiveState, RemovedCall } from './model';

export interface Viewer {
  audience: Audience;
  extension?: string;
  queues?: string[] | 'all';
}

type Projection = Omit<LiveSnapshot, 'seq' | 'serverTime' | 'health' | 'thresholds' | 'alerts' | 'audience' | 'timeZone'>;
type ProjectedPatch = Omit<LivePatch, 'seq' | 'serverTime' | 'health' | 'thresholds' | 'alerts'>;

interface Lens {
  audience: Audience;
  extension: string | null;
  queues: ReadonlySet<string> | null;
}

export function project(state: LiveState, viewer: Viewer): Projection {
  const lens = lensOf(viewer);
  const calls = [...state.calls.values()].filter((record) => showsCall(record, lens)).map((record) => callFor(record, lens));
  return {
    queues: [...state.queues.values()].filter((queue) => showsQueue(queue.id, lens)).map((queue) => queue.view).sort((a, b) => compare(a.queue, b.queue)),
    calls: calls.sort((a, b) => a.startedAt - b.startedAt || compare(a.id, b.id)),
    agents: [...state.agents.values()]
      .map((agent) => agent.view)
      .filter((agent) => showsAgent(agent, lens))
      .sort((a, b) => compare(a.extension, b.extension)),
    kpis: kpisFor(state, lens),
    recentCdrs: cdrsFor(state, state.recentCdrs, lens),
  };
}

/** The patch a Change makes for this viewer; null when none of it concerns them. */
export function projectChange(state: LiveState, change: Change, viewer: Viewer): ProjectedPatch | null {
  const lens = lensOf(viewer);
  const calls: LiveCall[] = [];
  const removedCalls: string[] = [];
  for (const callId of change.calls) {
    const record = state.calls.get(callId);
    if (!record) continue;
    if (showsCall(record, lens)) calls.push(callFor(record, lens));
    // It left this viewer (another agent took it, another queue holds it): drop it from their screen.
    else if (showedCall(record, lens)) removedCalls.push(callId);
  }
  for (const callId of change.removedCalls) {
    const record = state.removedCalls.get(callId);
    if (record ? showedCall(record, lens) : lens.audience !== 'agent') removedCalls.push(callId);
  }
  const queues = [...change.queues].filter((id) => showsQueue(id, lens)).flatMap((id) => state.queues.get(id)?.view ?? []);
  const agents = [...change.agents].flatMap((extension) => state.agents.get(extension)?.view ?? []).filter((agent) => showsAgent(agent, lens));
  const cdrs = cdrsFor(state, change.cdrs, lens);
  const patch: ProjectedPatch = {
    ...(queues.length > 0 && { queues }),
    ...(calls.length > 0 && { calls }),
    ...(removedCalls.length > 0 && { removedCalls }),
    ...(agents.length > 0 && { agents }),
    ...(change.kpis && { kpis: kpisFor(state, lens) }),
    ...(cdrs.length > 0 && { cdrs }),
  };
  return Object.keys(patch).length > 0 ? patch : null;
}

/** The extensions whose agents have, or had, a call this change moved on their screen. */
export function extensionsConcerned(state: LiveState, change: Change): Set<string> {
  const extensions = new Set<string>();
  for (const ids of [change.calls, change.removedCalls]) {
    for (const callId of ids) {
      const record = state.calls.get(callId) ?? state.removedCalls.get(callId);
      for (const extension of record?.extensionsSeen ?? []) extensions.add(extension);
    }
  }
  return extensions;
}

function lensOf(viewer: Viewer): Lens {
  const queues = viewer.queues === undefined || viewer.queues === 'all' ? null : new Set(viewer.queues);
  return { audience: viewer.audience, extension: viewer.extension ?? null, queues };
}

function showsQueue(queueId: string | null, lens: Lens): boolean {
  return lens.queues === null || (queueId !== null && lens.queues.has(queueId));
}

/** An agent's queues only grow through the day, so one shown to a display never has to be taken back. */
function showsAgent(agent: AgentLive, lens: Lens): boolean {
  return lens.queues === null || agent.queues.some((queue) => lens.queues!.has(queue));
}

function showsCall(record: CallRecord, lens: Lens): boolean {
  const { view } = record;
  if (!showsQueue(view.queue, lens)) return false;
  if (lens.audience !== 'agent') return true;
  return lens.extension !== null && [view.agent, view.caller.extension, view.callee.extension].includes(lens.extension);
}

/** Whether this viewer may have the call on screen from an earlier patch or snapshot. */
function showedCall(record: RemovedCall, lens: Lens): boolean {
  if (lens.queues !== null && ![...record.queuesSeen].some((queue) => lens.queues!.has(queue))) return false;
  if (lens.audience !== 'agent') return true;
  return lens.extension !== null && record.extensionsSeen.has(lens.extension);
}

function callFor(record: CallRecord, lens: Lens): LiveCall {
  if (lens.audience !== 'wall') return record.view;
  record.wallView ??= maskCall(record.view);
  return record.wallView;
}

/** Numbers masked; an outside caller's name hidden too, as it identifies them as well as the number. */
function maskCall(call: LiveCall): LiveCall {
  return {
    ...call,
    caller: { number: maskNumber(call.caller.number), name: call.caller.extension === null ? null : call.caller.name, extension: call.caller.extension },
    callee: { number: maskNumber(call.callee.number), extension: call.callee.extension },
  };
}

function cdrsFor(state: LiveState, cdrs: CdrView[], lens: Lens): CdrView[] {
  if (lens.audience === 'wall') return [];
  return cdrs.filter((cdr) => {
    if (lens.queues !== null && !showsQueue(cdr.queue, lens)) return false;
    if (lens.audience !== 'agent') return true;
    const meta = state.cdrMeta.get(cdr);
    return lens.extension !== null && meta !== undefined && meta.day === state.day.key && meta.extensions.includes(lens.extension);
  });
}

function kpisFor(state: LiveState, lens: Lens) {
  return lens.queues === null ? kpisView(state.kpis) : kpisOfQueues(state.kpis, lens.queues);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
