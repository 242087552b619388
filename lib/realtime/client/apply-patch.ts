import type { LivePatch, LiveSnapshot } from '../types';

/**
 * The most finished calls a browser keeps. The server sends new CDRs as they
 * arrive all day; a wall or a supervisor tab left open for weeks must not grow.
 */
export const RECENT_CDR_LIMIT = 100;

/**
 * The snapshot after one patch: lists are upserted by their key (queue name,
 * call id, agent extension), removed calls dropped, whole objects (kpis,
 * health, settings) replaced. Pure: the input snapshot is left unchanged, so
 * React Query sees a new reference only for what changed.
 * The caller checks the sequence first (see orderPatch).
 */
export function applyPatch(snapshot: LiveSnapshot, patch: LivePatch): LiveSnapshot {
  const removed = new Set(patch.removedCalls ?? []);
  const calls = patch.calls ? upsert(snapshot.calls, patch.calls, (call) => call.id) : snapshot.calls;
  return {
    ...snapshot,
    seq: patch.seq,
    serverTime: patch.serverTime,
    queues: patch.queues ? upsert(snapshot.queues, patch.queues, (queue) => queue.queue) : snapshot.queues,
    calls: removed.size > 0 ? calls.filter((call) => !removed.has(call.id)) : calls,
    agents: patch.agents ? upsert(snapshot.agents, patch.agents, (agent) => agent.extension) : snapshot.agents,
    kpis: patch.kpis ?? snapshot.kpis,
    recentCdrs: patch.cdrs ? prependCdrs(snapshot.recentCdrs, patch.cdrs) : snapshot.recentCdrs,
    health: patch.health ?? snapshot.health,
    thresholds: patch.thresholds ?? snapshot.thresholds,
    alerts: patch.alerts ?? snapshot.alerts,
  };
}

/** Replaces items in place (order kept, so tiles do not jump) and appends new ones. */
function upsert<T>(current: T[], changes: T[], keyOf: (item: T) => string): T[] {
  const byKey = new Map(changes.map((item) => [keyOf(item), item]));
  const next = current.map((item) => {
    const change = byKey.get(keyOf(item));
    if (change === undefined) return item;
    byKey.delete(keyOf(item));
    return change;
  });
  return [...next, ...byKey.values()];
}

function prependCdrs(current: LiveSnapshot['recentCdrs'], added: LiveSnapshot['recentCdrs']): LiveSnapshot['recentCdrs'] {
  const addedIds = new Set(added.map((cdr) => cdr.callId));
  return [...added, ...current.filter((cdr) => !addedIds.has(cdr.callId))].slice(0, RECENT_CDR_LIMIT);
}
