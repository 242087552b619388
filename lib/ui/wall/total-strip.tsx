import { LevelBadge, LEVEL_TEXT } from '@/lib/ui/common';
import { formatDuration } from '@/lib/ui/format';
import type { Level, QueueFigures } from '@/lib/ui/status';

/** The company-wide figures across the top of the wall, sized from the viewport height. */
export function TotalStrip({ total }: { total: QueueFigures }) {
  return (
    <section
      aria-label="All queues"
      data-testid="total-strip"
      className={`grid h-full grid-cols-7 gap-[1.2vh] transition-opacity duration-1000 ${total.stale ? 'opacity-50' : ''}`}
    >
      <Block label="Calls waiting" level={total.levels.callsWaiting} testId="total-calls-waiting">
        {total.callsWaiting}
      </Block>
      <Block label="Longest wait" level={total.levels.longestWaitSeconds}>
        {formatDuration(total.longestWaitSeconds)}
      </Block>
      <Block label="Avg wait">{formatDuration(total.avgWaitSeconds)}</Block>
      <div className="flex min-w-0 flex-col justify-between rounded-[1vh] border border-slate-800 bg-slate-900/70 px-[1.6vh] py-[1.2vh]">
        <p className="truncate text-[1.9vh] font-medium uppercase tracking-wider text-slate-300">Agents</p>
        <dl className="flex items-end justify-between gap-[1.5vh] leading-none">
          <AgentFigure label="free" value={total.agents.available} className="text-emerald-300" />
          <AgentFigure label="busy" value={total.agents.busy} className="text-slate-50" />
          <AgentFigure label="away" value={total.agents.away} className="text-slate-300" />
        </dl>
      </div>
      <Block label="Answered today">{total.today.answered}</Block>
      <Block label="Missed today">{total.today.missed}</Block>
      <Block label="Avg talk">{formatDuration(total.today.avgTalkSeconds)}</Block>
    </section>
  );
}

function Block({ label, level = 'normal', testId, children }: { label: string; level?: Level; testId?: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col justify-between rounded-[1vh] border border-slate-800 bg-slate-900/70 px-[1.6vh] py-[1.2vh]">
      <p className="truncate text-[1.9vh] font-medium uppercase tracking-wider text-slate-300">{label}</p>
      <p data-testid={testId} className={`truncate text-[7vh] font-bold leading-none tabular-nums ${LEVEL_TEXT[level]}`}>
        {children}
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
