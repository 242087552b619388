import { useState } from 'react';
import { LevelBadge, LEVEL_TEXT } from '@/lib/ui/common';
import { formatDuration, formatTimeOfDay } from '@/lib/ui/format';
import { forecastText, type QueueFigures } from '@/lib/ui/status';
import { TABLE, TD, TH } from './panel';
import { defaultDirection, sortQueues, type QueueSortKey, type SortDirection } from './sort-queues';

const COLUMNS: Array<{ key: QueueSortKey; label: string; numeric: boolean }> = [
  { key: 'queue', label: 'Queue', numeric: false },
  { key: 'level', label: 'Status', numeric: false },
  { key: 'callsWaiting', label: 'Waiting', numeric: true },
  { key: 'longestWaitSeconds', label: 'Longest wait', numeric: true },
  { key: 'avgWaitSeconds', label: 'Avg wait', numeric: true },
  { key: 'available', label: 'Free', numeric: true },
  { key: 'busy', label: 'Busy', numeric: true },
  { key: 'away', label: 'Away', numeric: true },
  { key: 'answered', label: 'Answered', numeric: true },
  { key: 'missed', label: 'Missed', numeric: true },
  { key: 'avgTalkSeconds', label: 'Avg talk', numeric: true },
];

/** Live queue figures, sortable by any column with mouse or keyboard (the headers are buttons). */
export function QueueTable({ queues, total, timeZone }: { queues: QueueFigures[]; total: QueueFigures; timeZone: string }) {
  const [sort, setSort] = useState<{ key: QueueSortKey; direction: SortDirection }>({ key: 'queue', direction: 'ascending' });
  const rows = sortQueues(queues, sort.key, sort.direction);
  const choose = (key: QueueSortKey): void =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: defaultDirection(key) },
    );

  return (
    <div className="overflow-x-auto">
      <table className={TABLE} data-testid="queue-table">
        <caption className="sr-only">Queues, sorted by {COLUMNS.find((column) => column.key === sort.key)?.label} {sort.direction}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column.key}
                scope="col"
                aria-sort={sort.key === column.key ? sort.direction : 'none'}
                className={`${TH} ${column.numeric ? 'text-right' : ''}`}
              >
                <button
                  type="button"
                  onClick={() => choose(column.key)}
                  className={`inline-flex items-center gap-1 rounded hover:text-slate-50 ${column.numeric ? 'flex-row-reverse' : ''}`}
                >
                  {column.label}
                  <span aria-hidden="true" className="w-3 text-sky-300">
                    {sort.key === column.key ? (sort.direction === 'ascending' ? '▲' : '▼') : ''}
                  </span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((figures) => (
            <Row key={figures.queue} figures={figures} timeZone={timeZone} />
          ))}
        </tbody>
        <tfoot>
          <Row figures={total} timeZone={timeZone} />
        </tfoot>
      </table>
    </div>
  );
}

function Row({ figures, timeZone }: { figures: QueueFigures; timeZone: string }) {
  const warning = forecastText(figures.forecast, figures.bands.longestWaitSeconds.red);
  const isTotal = figures.queue === null;
  return (
    <tr data-testid="queue-row" data-queue={figures.queue ?? 'total'} data-level={figures.levels.overall} className={figures.stale ? 'opacity-60' : ''}>
      <th scope="row" className={`${TD} font-semibold ${isTotal ? 'text-slate-300' : ''}`}>
        {figures.queue ?? 'All queues'}
        {figures.stale && figures.statsAt !== null && (
          <span className="ml-2 text-xs font-normal text-amber-200">as of {formatTimeOfDay(figures.statsAt, timeZone)}</span>
        )}
      </th>
      <td className={TD}>
        <LevelBadge level={figures.levels.overall} showNormal className="text-xs" />
        {warning && <span className="mt-1 block text-xs text-amber-200">{warning}</span>}
      </td>
      <td className={`${TD} text-right font-semibold ${LEVEL_TEXT[figures.levels.callsWaiting]}`}>{figures.callsWaiting}</td>
      <td className={`${TD} text-right font-semibold ${LEVEL_TEXT[figures.levels.longestWaitSeconds]}`}>
        {formatDuration(figures.longestWaitSeconds)}
      </td>
      <td className={`${TD} text-right`}>{formatDuration(figures.avgWaitSeconds)}</td>
      <td className={`${TD} text-right text-emerald-300`}>{figures.agents.available}</td>
      <td className={`${TD} text-right`}>{figures.agents.busy}</td>
      <td className={`${TD} text-right`}>{figures.agents.away}</td>
      <td className={`${TD} text-right`}>{figures.today.answered}</td>
      <td className={`${TD} text-right`}>{figures.today.missed}</td>
      <td className={`${TD} text-right`}>{formatDuration(figures.today.avgTalkSeconds)}</td>
    </tr>
  );
}
