/** Live queue stats (spec 2.2) read straight from the simulation at one instant. */
import type { WireQueueStats } from '../engine/types';
import { isFree, type CompanyState } from './company-state';

/**
 * A caller waits from queue entry until an agent answers or they hang up. A caller
 * being offered to an agent (the agent's phone rings) still waits: nobody has
 * answered them, and a ring-out sends them back to the queue. Waits run from queue entry.
 * avg_wait and max_wait are whole seconds over the callers waiting now (README);
 * both are floored, so max_wait >= avg_wait always holds.
 */
export function queueStats(state: CompanyState, now: number): WireQueueStats[] {
  return [...state.queues].map(([queue, members]) => {
    const waits = (state.waiting.get(queue) ?? [])
      .map((callId) => state.calls.get(callId)!)
      .filter((call) => call.phase === 'queued' || call.phase === 'offering')
      .map((call) => Math.max(0, now - call.queueLeg!.startedAt) / 1000);
    const available = members.filter((extension) => {
      const agent = state.agents.get(extension);
      return agent !== undefined && isFree(agent);
    }).length;
    const total = waits.reduce((sum, wait) => sum + wait, 0);
    return {
      queue,
      calls_waiting: waits.length,
      avg_wait: waits.length === 0 ? 0 : Math.floor(total / waits.length),
      max_wait: waits.length === 0 ? 0 : Math.floor(Math.max(...waits)),
      num_agents: members.length,
      available_agents: available,
      unavailable_agents: members.length - available,
    };
  });
}
