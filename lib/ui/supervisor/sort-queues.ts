import type { QueueFigures } from '@/lib/ui/status';

export type QueueSortKey =
  | 'queue'
  | 'level'
  | 'callsWaiting'
  | 'longestWaitSeconds'
  | 'avgWaitSeconds'
  | 'available'
  | 'busy'
  | 'away'
  | 'answered'
  | 'missed'
  | 'avgTalkSeconds';

export type SortDirection = 'ascending' | 'descending';

const LEVEL_RANK = { normal: 0, amber: 1, red: 2 } as const;

const VALUE: Record<Exclude<QueueSortKey, 'queue'>, (figures: QueueFigures) => number> = {
  level: (figures) => LEVEL_RANK[figures.levels.overall],
  callsWaiting: (figures) => figures.callsWaiting,
  longestWaitSeconds: (figures) => figures.longestWaitSeconds,
  avgWaitSeconds: (figures) => figures.avgWaitSeconds,
  available: (figures) => figures.agents.available,
  busy: (figures) => figures.agents.busy,
  away: (figures) => figures.agents.away,
  answered: (figures) => figures.today.answered,
  missed: (figures) => figures.today.missed,
  avgTalkSeconds: (figures) => figures.today.avgTalkSeconds,
};

/** A sorted copy; ties keep queue-name order so rows do not jump between equal values. */
export function sortQueues(rows: QueueFigures[], key: QueueSortKey, direction: SortDirection): QueueFigures[] {
  const sign = direction === 'ascending' ? 1 : -1;
  const byName = (a: QueueFigures, b: QueueFigures): number => (a.queue ?? '').localeCompare(b.queue ?? '', 'en', { numeric: true });
  if (key === 'queue') return [...rows].sort((a, b) => sign * byName(a, b));
  const value = VALUE[key];
  return [...rows].sort((a, b) => sign * (value(a) - value(b)) || byName(a, b));
}

/** Numbers are most useful worst-first; names read A to Z. */
export function defaultDirection(key: QueueSortKey): SortDirection {
  return key === 'queue' ? 'ascending' : 'descending';
}
