import { LevelBadge, LEVEL_SURFACE, LEVEL_TEXT, PauseIcon, TrendIcon } from '@/lib/ui/common';
import { formatDuration, formatTimeOfDay } from '@/lib/ui/format';
import { forecastText, type QueueFigures } from '@/lib/ui/status';
import { fitText, TILE_UNIT, units } from './scale';

/** One queue on the wall, sized by its own container so 1 or 20 of them fill the screen. */
export function QueueTile({ figures, timeZone }: { figures: QueueFigures; timeZone: string }) {
  const name = figures.queue ?? 'All queues';
  const headingId = `queue-${name.replace(/\W+/g, '-')}`;
  const warning = forecastText(figures.forecast, figures.bands.longestWaitSeconds.red);
  return (
    <section
      aria-labelledby={headingId}
      data-testid="queue-tile"
      data-queue={name}
      data-level={figures.levels.overall}
      data-stale={figures.stale}
      className="[container-type:size] min-h-0 min-w-0"
    >
      <div
        style={{ ...TILE_UNIT, padding: units(3.5), borderWidth: units(0.7), borderRadius: units(2.5) }}
        className={`flex h-full flex-col justify-between border-solid transition-opacity duration-1000 ${LEVEL_SURFACE[figures.levels.overall]} ${figures.stale ? 'opacity-50' : ''}`}
      >
        <header className="flex items-center justify-between gap-[1ch]">
          <h2 id={headingId} style={{ fontSize: units(11) }} className="truncate font-semibold leading-none text-slate-50">
            {name}
          </h2>
          <span style={{ fontSize: units(6.5) }}>
            {figures.stale ? (
              <StaleLabel statsAt={figures.statsAt} timeZone={timeZone} />
            ) : (
              <LevelBadge level={figures.levels.overall} />
            )}
          </span>
        </header>

        <div className="grid grid-cols-2 items-end">
          <BigFigure
            value={String(figures.callsWaiting)}
            label="waiting"
            level={figures.levels.callsWaiting}
            testId="calls-waiting"
          />
          <BigFigure
            value={formatDuration(figures.longestWaitSeconds)}
            label="longest wait"
            level={figures.levels.longestWaitSeconds}
            testId="longest-wait"
          />
        </div>

        <dl style={{ fontSize: units(7) }} className="grid gap-y-[0.2em] leading-tight text-slate-200">
          <div className="flex gap-[0.4em]">
            <dt className="text-slate-400">Avg wait</dt>
            <dd className="font-semibold tabular-nums">{formatDuration(figures.avgWaitSeconds)}</dd>
            <dt className="ml-[0.6em] text-slate-400">Agents</dt>
            <dd className="tabular-nums">
              <span className="font-semibold text-emerald-300">{figures.agents.available}</span> free ·{' '}
              <span className="font-semibold">{figures.agents.busy}</span> busy ·{' '}
              <span className="font-semibold">{figures.agents.away}</span> away
            </dd>
          </div>
          <div className="flex gap-[0.4em]">
            <dt className="text-slate-400">Today</dt>
            <dd className="tabular-nums">
              <span className="font-semibold">{figures.today.answered}</span> answered ·{' '}
              <span className="font-semibold">{figures.today.missed}</span> missed · talk{' '}
              <span className="font-semibold">{formatDuration(figures.today.avgTalkSeconds)}</span>
            </dd>
          </div>
        </dl>

        <p style={{ fontSize: units(7), minHeight: '1.25em' }} className="flex items-center gap-[0.4em] font-semibold text-amber-200">
          {warning && (
            <>
              <TrendIcon className="h-[1em] w-[1em] shrink-0" />
              <span data-testid="forecast">{warning}</span>
            </>
          )}
        </p>
      </div>
    </section>
  );
}

function BigFigure({ value, label, level, testId }: { value: string; label: string; level: QueueFigures['levels']['overall']; testId: string }) {
  return (
    <div className="min-w-0">
      <p data-testid={testId} style={{ fontSize: fitText(value, units(34), 46) }} className={`font-bold leading-none tabular-nums ${LEVEL_TEXT[level]}`}>
        {value}
      </p>
      <p style={{ fontSize: units(6) }} className="mt-[0.2em] flex items-center gap-[0.4em] uppercase tracking-wider text-slate-300">
        {label}
        {level !== 'normal' && <LevelBadge level={level} className="text-[0.8em]" />}
      </p>
    </div>
  );
}

function StaleLabel({ statsAt, timeZone }: { statsAt: number | null; timeZone: string }) {
  return (
    <span className="inline-flex items-center gap-[0.3em] rounded-[0.3em] bg-slate-700 px-[0.45em] py-[0.1em] font-bold text-slate-50">
      <PauseIcon className="h-[1em] w-[1em]" />
      {statsAt === null ? 'NO DATA' : `AS OF ${formatTimeOfDay(statsAt, timeZone)}`}
    </span>
  );
}
