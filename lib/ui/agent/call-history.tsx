import { formatDuration, formatPhoneNumber, formatTimeOfDay } from '@/lib/ui/format';
import type { HistoryEntry } from './agent-calls';

export function CallHistory({ entries, timeZone }: { entries: HistoryEntry[]; timeZone: string }) {
  if (entries.length === 0) return <p className="text-slate-300">No calls yet today.</p>;
  return (
    <ol className="divide-y divide-slate-800" data-testid="call-history">
      {entries.map((entry) => (
        <li key={entry.callId} className="flex items-center justify-between gap-3 py-2">
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-100">{entry.callerName ?? formatPhoneNumber(entry.callerNumber)}</p>
            <p className="text-sm text-slate-300">
              {formatTimeOfDay(entry.endedAt, timeZone)}
              {entry.queue && ` · ${entry.queue}`}
              {entry.callerName && ` · ${formatPhoneNumber(entry.callerNumber)}`}
            </p>
          </div>
          <p className={`shrink-0 text-sm font-semibold tabular-nums ${entry.outcome === 'answered' ? 'text-emerald-300' : 'text-red-300'}`}>
            {entry.outcome === 'answered' ? `✓ ${formatDuration(entry.talkSeconds)}` : '✗ Missed'}
          </p>
        </li>
      ))}
    </ol>
  );
}
