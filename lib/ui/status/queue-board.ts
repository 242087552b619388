/**
 * The figures the wall and the supervisor show per queue and in total, at a
 * given instant: live metrics with the longest wait ticking from its start,
 * today's KPIs, threshold levels, the breach forecast and staleness.
 */
import { predictBreach, type BreachForecast } from '@/lib/forecast';
import type { AgentCounts, DayKpis, LiveSnapshot, QueueLive, ThresholdBand } from '@/lib/realtime/types';
import { isStale } from './freshness';
import { bandsFor, levelsFor, longestWaitSeconds, type Metric, type MetricLevels } from './thresholds';

export interface QueueFigures {
  /** null for the company-wide total. */
  queue: string | null;
  callsWaiting: number;
  longestWaitSeconds: number;
  avgWaitSeconds: number;
  agents: AgentCounts;
  today: Pick<DayKpis, 'answered' | 'missed' | 'avgTalkSeconds'>;
  bands: Record<Metric, ThresholdBand>;
  levels: MetricLevels;
  forecast: BreachForecast;
  statsAt: number | null;
  stale: boolean;
}

export interface QueueBoard {
  queues: QueueFigures[];
  total: QueueFigures;
}

const NO_KPIS: QueueFigures['today'] = { answered: 0, missed: 0, avgTalkSeconds: 0 };

/** `only` limits the board to a display's queues; 'all' follows the company's queues. */
export function buildQueueBoard(snapshot: LiveSnapshot, nowMs: number, only: string[] | 'all' = 'all'): QueueBoard {
  const shown = only === 'all' ? snapshot.queues : snapshot.queues.filter((queue) => only.includes(queue.queue));
  const queues = shown.map((queue) =>
    figuresFor(queue.queue, queue, snapshot.kpis.byQueue[queue.queue] ?? NO_KPIS, snapshot, nowMs),
  );
  const totalKpis = only === 'all' ? snapshot.kpis.total : sumKpis(shown.map((queue) => snapshot.kpis.byQueue[queue.queue] ?? NO_KPIS));
  return { queues, total: figuresFor(null, totalOf(shown), totalKpis, snapshot, nowMs) };
}

function figuresFor(
  name: string | null,
  queue: Omit<QueueLive, 'queue' | 'updatedAt'>,
  today: QueueFigures['today'],
  snapshot: LiveSnapshot,
  nowMs: number,
): QueueFigures {
  const bands = bandsFor(snapshot.thresholds, name);
  const waited = longestWaitSeconds(queue, nowMs);
  return {
    queue: name,
    callsWaiting: queue.callsWaiting,
    longestWaitSeconds: waited,
    avgWaitSeconds: queue.avgWaitSeconds,
    agents: queue.agents,
    today: { answered: today.answered, missed: today.missed, avgTalkSeconds: today.avgTalkSeconds },
    bands,
    levels: levelsFor({ callsWaiting: queue.callsWaiting, longestWaitSeconds: waited }, bands),
    forecast: predictBreach({
      callsWaiting: queue.callsWaiting,
      longestWaitSeconds: waited,
      avgWaitSeconds: queue.avgWaitSeconds,
      agentsAvailable: queue.agents.available,
      agentsBusy: queue.agents.busy,
      avgTalkSeconds: today.avgTalkSeconds,
      redSeconds: bands.longestWaitSeconds.red,
    }),
    statsAt: queue.statsAt,
    stale: isStale(queue.statsAt, snapshot.health, nowMs),
  };
}

function totalOf(queues: QueueLive[]): Omit<QueueLive, 'queue' | 'updatedAt'> {
  const callsWaiting = queues.reduce((sum, queue) => sum + queue.callsWaiting, 0);
  const starts = queues.map((queue) => queue.oldestWaitingSince).filter((since): since is number => since !== null);
  const statsTimes = queues.map((queue) => queue.statsAt);
  return {
    callsWaiting,
    oldestWaitingSince: starts.length > 0 ? Math.min(...starts) : null,
    avgWaitSeconds:
      callsWaiting === 0 ? 0 : queues.reduce((sum, queue) => sum + queue.avgWaitSeconds * queue.callsWaiting, 0) / callsWaiting,
    agents: totalAgents(queues),
    // The total is only as fresh as its stalest queue.
    statsAt: statsTimes.includes(null) || statsTimes.length === 0 ? null : Math.min(...(statsTimes as number[])),
  };
}

/**
 * Seats, not people: stats report agents per queue and the snapshot does not
 * list every queue's members, so an agent in two queues counts in both, the
 * same way the queue tiles below count them.
 */
function totalAgents(queues: QueueLive[]): AgentCounts {
  return queues.reduce(
    (sum, queue) => ({
      total: sum.total + queue.agents.total,
      available: sum.available + queue.agents.available,
      busy: sum.busy + queue.agents.busy,
      away: sum.away + queue.agents.away,
    }),
    { total: 0, available: 0, busy: 0, away: 0 },
  );
}

function sumKpis(kpis: Array<QueueFigures['today']>): QueueFigures['today'] {
  const answered = kpis.reduce((sum, day) => sum + day.answered, 0);
  return {
    answered,
    missed: kpis.reduce((sum, day) => sum + day.missed, 0),
    avgTalkSeconds: answered === 0 ? 0 : kpis.reduce((sum, day) => sum + day.avgTalkSeconds * day.answered, 0) / answered,
  };
}
