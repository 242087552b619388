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

/**
 * Changes in the order they happened, merged in one pass: a call removed by a
 * later change stays removed, one updated later is back. A burst of hundreds
 * costs no more than its size.
 */
export function mergeAllChanges(changes: readonly Change[]): Change {
  const merged = emptyChange();
  const cdrs: CdrView[] = [];
  for (let i = changes.length - 1; i >= 0; i--) cdrs.push(...changes[i]!.cdrs);
  for (const change of changes) {
    for (const id of change.queues) merged.queues.add(id);
    for (const id of change.agents) merged.agents.add(id);
    for (const id of change.calls) noteCallChanged(merged, id);
    for (const id of change.removedCalls) noteCallRemoved(merged, id);
    merged.kpis ||= change.kpis;
  }
  merged.cdrs = newestFirst(cdrs);
  return merged;
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
