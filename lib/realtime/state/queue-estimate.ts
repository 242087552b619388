/**
 * A queue's figures between polls: the last poll's numbers plus the event-derived
 * adjustments recorded after it (a caller joining or leaving, a member turning busy
 * or free). A poll replaces the base and drops the adjustments it already covers.
 */
import type { QueueLive } from '../types';
import type { Change } from './change';
import type { Adjustment, LiveState, QueueRecord } from './model';
import { sameJson } from './same-json';

/** A caller starts waiting in a queue. */
export function joinQueue(state: LiveState, queue: string, callId: string, queuedAt: number, at: number, change: Change): void {
  let waiting = state.waitingByQueue.get(queue);
  if (!waiting) {
    waiting = new Map();
    state.waitingByQueue.set(queue, waiting);
  }
  waiting.set(callId, queuedAt);
  adjust(state, queue, { at, waiting: 1, available: 0 }, change);
}

/** A caller stops waiting: answered, hung up, or forgotten. */
export function leaveQueue(state: LiveState, queue: string, callId: string, at: number, change: Change): void {
  const waiting = state.waitingByQueue.get(queue);
  waiting?.delete(callId);
  if (waiting?.size === 0) state.waitingByQueue.delete(queue);
  adjust(state, queue, { at, waiting: -1, available: 0 }, change);
}

/** A known member of `queue` turned busy (ringing or on a call) or free again. */
export function memberBusyChanged(state: LiveState, queue: string, busy: boolean, at: number, change: Change): void {
  adjust(state, queue, { at, waiting: 0, available: busy ? -1 : 1 }, change);
}

/** Rebuilds a queue's view; reports it only if something a screen shows moved. */
export function refreshQueue(state: LiveState, queueId: string, at: number, change: Change): void {
  const queue = state.queues.get(queueId);
  if (!queue) return;
  const next = buildQueueView(state, queue, queue.view.updatedAt);
  if (sameJson(next, queue.view)) return;
  queue.view = { ...next, updatedAt: at };
  change.queues.add(queueId);
}

export function buildQueueView(state: LiveState, queue: Omit<QueueRecord, 'view'>, updatedAt: number): QueueLive {
  const { base } = queue;
  const total = Math.max(0, base.numAgents);
  const callsWaiting = Math.max(0, base.callsWaiting + queue.pendingWaiting);
  const available = clamp(base.availableAgents + queue.pendingAvailable, 0, total);
  const unavailable = Math.max(0, base.unavailableAgents - queue.pendingAvailable);
  // Until events reveal any member, nothing tells busy from away: count them as busy.
  const busy = queue.members.size === 0 ? unavailable : Math.min(total, busyMembers(state, queue));
  return {
    queue: queue.id,
    callsWaiting,
    oldestWaitingSince: callsWaiting === 0 ? null : oldestWaitingSince(state, queue, callsWaiting),
    avgWaitSeconds: base.avgWaitSeconds,
    agents: { total, available, busy, away: Math.max(0, unavailable - busy) },
    statsAt: queue.statsAt,
    updatedAt,
  };
}

/** Keeps the adjustments recorded after `pollAt`; those before it are in the poll's figures. */
export function keepAdjustmentsAfter(queue: QueueRecord, pollAt: number): void {
  queue.pending = queue.pending.filter((adjustment) => adjustment.at > pollAt);
  queue.pendingWaiting = queue.pending.reduce((sum, adjustment) => sum + adjustment.waiting, 0);
  queue.pendingAvailable = queue.pending.reduce((sum, adjustment) => sum + adjustment.available, 0);
}

function adjust(state: LiveState, queueId: string, adjustment: Adjustment, change: Change): void {
  const queue = state.queues.get(queueId);
  if (!queue) return;
  queue.pending.push(adjustment);
  queue.pendingWaiting += adjustment.waiting;
  queue.pendingAvailable += adjustment.available;
  const cap = state.options.caps.pendingAdjustments;
  // Polls failing for long: fold the oldest half into the base, which leaves the figures unchanged.
  if (queue.pending.length > cap) {
    for (const oldest of queue.pending.splice(0, queue.pending.length - Math.floor(cap / 2))) {
      queue.base.callsWaiting += oldest.waiting;
      queue.base.availableAgents += oldest.available;
      queue.base.unavailableAgents -= oldest.available;
      queue.pendingWaiting -= oldest.waiting;
      queue.pendingAvailable -= oldest.available;
    }
  }
  refreshQueue(state, queueId, adjustment.at, change);
}

function busyMembers(state: LiveState, queue: Omit<QueueRecord, 'view'>): number {
  let busy = 0;
  for (const extension of queue.members) {
    const agent = state.agents.get(extension);
    if (agent && agent.state !== 'idle') busy += 1;
  }
  return busy;
}

/**
 * The earliest entry among callers events told us about; while the count holds
 * callers events never showed, the poll's longest wait stands for them.
 */
function oldestWaitingSince(state: LiveState, queue: Omit<QueueRecord, 'view'>, callsWaiting: number): number {
  const known = state.waitingByQueue.get(queue.id);
  let oldest = Infinity;
  for (const queuedAt of known?.values() ?? []) oldest = Math.min(oldest, queuedAt);
  const unexplained = callsWaiting - (known?.size ?? 0);
  if (unexplained > 0 && queue.base.callsWaiting > 0) oldest = Math.min(oldest, queue.statsAt - queue.base.maxWaitSeconds * 1000);
  return Number.isFinite(oldest) ? oldest : queue.statsAt;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
