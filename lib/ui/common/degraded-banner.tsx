import { formatElapsed, formatTimeOfDay } from '@/lib/ui/format';
import type { Degradation } from '@/lib/ui/status';
import { PauseIcon } from './icons';

/**
 * Says plainly that the figures are not live, since when, and that the last
 * known numbers stay on screen. Renders nothing when all is well.
 */
export function DegradedBanner({
  degradation,
  timeZone,
  nowMs,
  className = '',
}: {
  degradation: Degradation | null;
  timeZone: string;
  nowMs: number;
  className?: string;
}) {
  return (
    <div role="status" aria-live="polite" className={degradation ? className : 'sr-only'}>
      {degradation && (
        <p data-testid="degraded-banner" className="flex items-center gap-[0.6em] rounded-[0.4em] bg-amber-300 px-[0.8em] py-[0.4em] font-semibold text-slate-950">
          <PauseIcon className="h-[1.1em] w-[1.1em] shrink-0" />
          <span>{describe(degradation, timeZone, nowMs)}</span>
        </p>
      )}
    </div>
  );
}

function describe(degradation: Degradation, timeZone: string, nowMs: number): string {
  const since = degradation.since === null ? null : formatTimeOfDay(degradation.since, timeZone);
  const elapsed = degradation.since === null ? '' : ` (${formatElapsed((nowMs - degradation.since) / 1000)})`;
  if (degradation.reason === 'connection') {
    return `Connection to the wallboard server lost since ${since}${elapsed}. Reconnecting… Figures shown are the last known.`;
  }
  if (degradation.lastSuccessAt === null) {
    return `No queue figures yet: the phone system has not answered since ${since}${elapsed}.`;
  }
  return `Live figures delayed: last update from the phone system at ${since}${elapsed}. Figures shown are the last known.`;
}
