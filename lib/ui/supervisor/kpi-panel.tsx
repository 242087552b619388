import type { Kpis } from '@/lib/realtime/types';
import { formatDuration } from '@/lib/ui/format';
import { HourlyChart } from './hourly-chart';

export function KpiPanel({ kpis, currentHour }: { kpis: Kpis; currentHour: number }) {
  const { total } = kpis;
  const offered = total.answered + total.missed;
  const figures = [
    { label: 'Answered', value: String(total.answered) },
    { label: 'Missed', value: String(total.missed) },
    { label: 'Answer rate', value: offered === 0 ? '—' : `${Math.round((total.answered / offered) * 100)}%` },
    { label: 'Avg time to answer', value: formatDuration(total.avgAnswerSeconds) },
    { label: 'Avg talk', value: formatDuration(total.avgTalkSeconds) },
    { label: 'Longest talk', value: formatDuration(total.longestTalkSeconds) },
  ];
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-3 gap-2">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-lg bg-slate-800 px-3 py-2">
            <dt className="text-xs text-slate-300">{figure.label}</dt>
            <dd className="text-xl font-bold tabular-nums text-slate-50">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <HourlyChart perHour={total.perHour} currentHour={currentHour} />
    </div>
  );
}
