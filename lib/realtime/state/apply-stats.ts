/** A stats poll (spec 2.2): the authoritative figures of every queue at one instant. */
import type { QueueStats } from '@/lib/telephony/types';
import type { Change } from './change';
import { beginInput } from './live-state';
import type { LiveState, QueueRecord } from './model';
import { buildQueueView, keepAdjustmentsAfter, refreshQueue } from './queue-estimate';

/**
 * Each listed queue takes the poll's figures, then the event-derived adjustments
 * recorded after `at` are re-applied on top. `at` is the instant the figures
 * describe. A poll older than a queue's last one is ignored for that queue.
 * Queues the poll no longer lists are dropped: the poll is the list of queues.
 */
export function applyStats(state: LiveState, stats: QueueStats[], at: number): Change {
  const change = beginInput(state, at);
  const listed = new Set<string>();
  for (const entry of stats) {
    listed.add(entry.queue);
    const queue = state.queues.get(entry.queue);
    if (!queue) {
      if (state.queues.size < state.options.caps.queues) addQueue(state, entry, at, change);
      continue;
    }
    if (queue.statsAt > at) continue;
    forgetCallersRuledOut(state, entry, at);
    queue.base = baseOf(entry);
    queue.statsAt = at;
    keepAdjustmentsAfter(queue, at);
    refreshQueue(state, entry.queue, at, change);
  }
  for (const [id, queue] of state.queues) {
    if (!listed.has(id) && queue.statsAt <= at) state.queues.delete(id);
  }
  return change;
}

/** Leeway for whole-second waits and clock skew before a poll rules a caller out. */
const WAIT_SLACK_MS = 5_000;

/**
 * Nobody in the queue has waited longer than the poll's max_wait: a caller known
 * to have entered before that has left unheard (a lost message), so stops
 * counting among the known waiting callers the oldest wait is dated from.
 */
function forgetCallersRuledOut(state: LiveState, entry: QueueStats, at: number): void {
  const known = state.waitingByQueue.get(entry.queue);
  if (!known) return;
  const longestWaitMs = entry.callsWaiting === 0 ? 0 : entry.maxWaitSeconds * 1000;
  for (const [callId, queuedAt] of known) {
    if (queuedAt >= at - longestWaitMs - WAIT_SLACK_MS) continue;
    known.delete(callId);
    // The poll's count already leaves them out: their leaving, if heard later, must not lower it again.
    const record = state.calls.get(callId);
    if (record) record.inQueue = false;
  }
  if (known.size === 0) state.waitingByQueue.delete(entry.queue);
}

function addQueue(state: LiveState, entry: QueueStats, at: number, change: Change): void {
  forgetCallersRuledOut(state, entry, at);
  const members = new Set<string>();
  for (const agent of state.agents.values()) if (agent.queues.includes(entry.queue)) members.add(agent.extension);
  const queue: Omit<QueueRecord, 'view'> = {
    id: entry.queue,
    base: baseOf(entry),
    statsAt: at,
    pending: [],
    pendingWaiting: 0,
    pendingAvailable: 0,
    members,
  };
  state.queues.set(entry.queue, { ...queue, view: buildQueueView(state, queue, at) });
  change.queues.add(entry.queue);
}

function baseOf(entry: QueueStats): QueueRecord['base'] {
  return {
    callsWaiting: entry.callsWaiting,
    avgWaitSeconds: entry.avgWaitSeconds,
    maxWaitSeconds: entry.maxWaitSeconds,
    numAgents: entry.numAgents,
    availableAgents: entry.availableAgents,
    unavailableAgents: entry.unavailableAgents,
  };
}
