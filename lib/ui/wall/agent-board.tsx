import type { AgentLive } from '@/lib/realtime/types';
import { PhoneIcon } from '@/lib/ui/common';
import { formatDuration, secondsSince } from '@/lib/ui/format';
import { TILE_UNIT, units } from './scale';
import { gridShape } from './grid-shape';

const STATE_LOOK: Record<AgentLive['state'], { label: string; card: string; text: string }> = {
  idle: { label: 'Idle', card: 'border-emerald-500 bg-emerald-950', text: 'text-emerald-200' },
  ringing: { label: 'Ringing', card: 'border-amber-400 bg-amber-950', text: 'text-amber-200' },
  on_call: { label: 'On a call', card: 'border-sky-400 bg-sky-950', text: 'text-sky-200' },
};

/** Every agent of the shown queues as a card with state and time in state; the grid fits any headcount. */
export function WallAgentBoard({ agents, nowMs, areaAspect }: { agents: AgentLive[]; nowMs: number; areaAspect: number }) {
  const sorted = [...agents].sort((a, b) => a.extension.localeCompare(b.extension, 'en', { numeric: true }));
  const { columns, rows } = gridShape(sorted.length, areaAspect, 2.2);
  if (sorted.length === 0) {
    return <p className="grid h-full place-items-center text-[4vh] text-slate-300">No agents to show</p>;
  }
  return (
    <section
      aria-label="Agents"
      className="grid h-full gap-[1.2vh]"
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))` }}
    >
      {sorted.map((agent) => {
        const look = STATE_LOOK[agent.state];
        return (
          <article key={agent.extension} data-testid="agent-card" className="[container-type:size] min-h-0 min-w-0">
            <div
              style={{ ...TILE_UNIT, padding: units(5), borderWidth: units(1), borderRadius: units(4) }}
              className={`flex h-full flex-col justify-between border-solid ${look.card}`}
            >
              <h2 style={{ fontSize: units(17) }} className="truncate font-semibold leading-tight text-slate-50">
                {agent.name ?? `Extension ${agent.extension}`}
              </h2>
              <p style={{ fontSize: units(12) }} className="text-slate-300">
                ext. {agent.extension}
              </p>
              <p style={{ fontSize: units(15) }} className={`flex items-center gap-[0.4em] font-bold ${look.text}`}>
                {agent.state !== 'idle' && <PhoneIcon className="h-[0.9em] w-[0.9em]" />}
                {look.label}
                <span className="font-semibold tabular-nums text-slate-100">{formatDuration(secondsSince(agent.since, nowMs))}</span>
              </p>
            </div>
          </article>
        );
      })}
    </section>
  );
}
