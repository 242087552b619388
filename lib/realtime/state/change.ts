/**
 * What one input changed, by key. Reducers fill it; projections turn it into each
 * viewer's patch; bursts of changes are merged before they are rendered.
 */
import type { CdrView } from '../types';

export interface Change {
  queues: Set<string>;
  calls: Set<string>;
  removedCalls: Set<string>;
  agents: Set<string>;
  kpis: boolean;
  /** New finished calls, newest first. */
  cdrs: CdrView[];
}

export function emptyChange(): Change {
  return { queues: new Set(), calls: new Set(), removedCalls: new Set(), agents: new Set(), kpis: false, cdrs: [] };
}

export function isEmptyChange(change: Change): boolean {
  return (
    change.queues.size === 0 &&
    change.calls.size === 0 &&
    change.removedCalls.size === 0 &&
    change.agents.size === 0 &&
    !change.kpis &&
    change.cdrs.length === 0
  );
}

/** `b` happened after `a`: a call removed in `b` stays removed, one updated in `b` is back. */
export function mergeChanges(a: Change, b: Change): Change {
  const calls = new Set([...a.calls, ...b.calls]);
  const removedCalls = new Set([...a.removedCalls, ...b.removedCalls]);
  for (const id of b.removedCalls) calls.delete(id);
  for (const id of b.calls) removedCalls.delete(id);
  return {
    queues: new Set([...a.queues, ...b.queues]),
    calls,
    removedCalls,
    agents: new Set([...a.agents, ...b.agents]),
    kpis: a.kpis || b.kpis,
    cdrs: newestFirst([...b.cdrs, ...a.cdrs]),
  };
}

export function noteCallChanged(change: Change, callId: string): void {
  change.calls.add(callId);
  change.removedCalls.delete(callId);
}

export function noteCallRemoved(change: Change, callId: string): void {
  change.removedCalls.add(callId);
  change.calls.delete(callId);
}

/** One view per call (the later wins), newest end first. */
function newestFirst(cdrs: CdrView[]): CdrView[] {
  const seen = new Set<string>();
  const unique = cdrs.filter((cdr) => !seen.has(cdr.callId) && seen.add(cdr.callId));
  return unique.sort((x, y) => y.endTime - x.endTime);
}
