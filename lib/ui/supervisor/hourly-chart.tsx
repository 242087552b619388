import type { DayKpis } from '@/lib/realtime/types';

const WIDTH = 480;
const HEIGHT = 150;
const AXIS = 18;

/**
 * Answered and missed calls per hour of today as stacked bars, in plain SVG.
 * The label summarises it for screen readers; each bar has a title on hover.
 */
export function HourlyChart({ perHour, currentHour }: { perHour: DayKpis['perHour']; currentHour: number }) {
  const peak = Math.max(1, ...perHour.map((hour) => hour.answered + hour.missed));
  const busiest = perHour.reduce((best, hour, index) => (hour.answered + hour.missed > (perHour[best]?.answered ?? 0) + (perHour[best]?.missed ?? 0) ? index : best), 0);
  const busiestHour = perHour[busiest];
  const summary =
    busiestHour && busiestHour.answered + busiestHour.missed > 0
      ? `Calls per hour today. Busiest hour ${pad(busiest)}:00 with ${busiestHour.answered} answered and ${busiestHour.missed} missed.`
      : 'Calls per hour today: none yet.';
  const slot = WIDTH / 24;
  const plot = HEIGHT - AXIS;
  return (
    <figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="h-auto w-full">
        {perHour.map((hour, index) => {
          const answeredHeight = (hour.answered / peak) * (plot - 4);
          const missedHeight = (hour.missed / peak) * (plot - 4);
          const x = index * slot + 2;
          return (
            <g key={index}>
              <title>{`${pad(index)}:00 — ${hour.answered} answered, ${hour.missed} missed`}</title>
              {index === currentHour && <rect x={index * slot} y={0} width={slot} height={plot} fill="#1e293b" />}
              <rect x={x} y={plot - answeredHeight} width={slot - 4} height={answeredHeight} fill="#34d399" />
              <rect x={x} y={plot - answeredHeight - missedHeight} width={slot - 4} height={missedHeight} fill="#f87171" />
              {index % 3 === 0 && (
                <text x={index * slot + slot / 2} y={HEIGHT - 4} textAnchor="middle" fontSize="11" fill="#cbd5e1">
                  {pad(index)}
                </text>
              )}
            </g>
          );
        })}
        <line x1={0} x2={WIDTH} y1={plot} y2={plot} stroke="#475569" />
      </svg>
      <figcaption className="mt-1 flex gap-4 text-xs text-slate-300">
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="h-2.5 w-2.5 rounded-sm bg-emerald-400" /> Answered
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="h-2.5 w-2.5 rounded-sm bg-red-400" /> Missed
        </span>
        <span>Peak {peak} calls in an hour</span>
      </figcaption>
    </figure>
  );
}

function pad(hour: number): string {
  return String(hour).padStart(2, '0');
}
