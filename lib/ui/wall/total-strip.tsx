import { LevelBadge, LEVEL_TEXT } from '@/lib/ui/common';
import { formatDuration } from '@/lib/ui/format';
import type { Level, QueueFigures } from '@/lib/ui/status';
import { fitText } from './scale';

/** The company-wide figures across the top of the wall, sized from the viewport height. */
export function TotalStrip({ total }: { total: QueueFigures }) {
  return (
    <section
      aria-label="All queues"
      data-testid="total-strip"
      className={`grid h-full grid-cols-7 gap-[1.2vh] transition-opacity duration-1000 ${total.stale ? 'opacity-50' : ''}`}
    >
      <Block label="Calls waiting" level={total.levels.callsWaiting} testId="total-calls-waiting" value={String(total.callsWaiting)} />
      <Block label="Longest wait" level={total.levels.longestWaitSeconds} value={formatDuration(total.longestWaitSeconds)} />
      <Block label="Avg wait" value={formatDuration(total.avgWaitSeconds)} />
      <div className="flex min-w-0 flex-col justify-between rounded-[1vh] border border-slate-800 bg-slate-900/70 px-[1.6vh] py-[1.2vh]">
        <p className="truncate text-[1.9vh] font-medium uppercase tracking-wider text-slate-300">Agents</p>
        <dl className="flex items-end justify-between gap-[1.5vh] leading-none">
          <AgentFigure label="free" value={total.agents.available} className="text-emerald-300" />
          <AgentFigure label="busy" value={total.agents.busy} className="text-slate-50" />
          <AgentFigure label="away" value={total.agents.away} className="text-slate-300" />
        </dl>
      </div>
      <Block label="Answered today" value={String(total.today.answered)} />
      <Block label="Missed today" value={String(total.today.missed)} />
      <Block label="Avg talk" value={formatDuration(total.today.avgTalkSeconds)} />
    </section>
  );
}

function Block({ label, value, level = 'normal', testId }: { label: string; value: string; level?: Level; testId?: string }) {
  return (
    <div className="flex min-w-0 flex-col justify-between rounded-[1vh] border border-slate-800 bg-slate-900/70 px-[1.6vh] py-[1.2vh] [container-type:inline-size]">
      <p className="truncate text-[1.9vh] font-medium uppercase tracking-wider text-slate-300">{label}</p>
      <p data-testid={testId} style={{ fontSize: fitText(value, '7vh', 100) }} className={`font-bold leading-none tabular-nums ${LEVEL_TEXT[level]}`}>
        {value}
      </p>
      <p className="h-[2.6vh] text-[1.7vh]">
        <LevelBadge level={level} />
      </p>
    </div>
  );
}

function AgentFigure({ label, value, className }: { label: string; value: number; className: string }) {
  return (
    <div className="flex flex-col-reverse">
      <dt className="mt-[0.4vh] text-[1.8vh] text-slate-300">{label}</dt>
      <dd className={`text-[4.4vh] font-bold tabular-nums ${className}`}>{value}</dd>
    </div>
  );
}
