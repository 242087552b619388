import { formatTimeOfDay } from '@/lib/ui/format';
import { PauseIcon } from '@/lib/ui/common';

export function WallHeader({
  title,
  subtitle,
  live,
  nowMs,
  timeZone,
}: {
  title: string;
  subtitle: string;
  live: boolean;
  nowMs: number;
  timeZone: string;
}) {
  return (
    <header className="flex items-center justify-between gap-[2vh] text-[3vh] leading-none">
      <div className="flex min-w-0 items-baseline gap-[1.5vh]">
        <h1 className="truncate font-bold text-slate-50">{title}</h1>
        <p className="truncate text-slate-300">{subtitle}</p>
      </div>
      <div className="flex shrink-0 items-center gap-[2.5vh]">
        {live ? (
          <span data-testid="live-indicator" className="flex items-center gap-[0.8vh] text-[2.2vh] font-bold tracking-widest text-emerald-300">
            <span aria-hidden="true" className="h-[1.4vh] w-[1.4vh] rounded-full bg-emerald-400" />
            LIVE
          </span>
        ) : (
          <span className="flex items-center gap-[0.8vh] text-[2.2vh] font-bold tracking-widest text-amber-300">
            <PauseIcon className="h-[2vh] w-[2vh]" />
            DELAYED
          </span>
        )}
        <time className="font-semibold tabular-nums text-slate-100">{formatTimeOfDay(nowMs, timeZone)}</time>
      </div>
    </header>
  );
}
