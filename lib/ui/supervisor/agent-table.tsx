import type { AgentLive } from '@/lib/realtime/types';
import { formatDuration, formatTimeOfDay, secondsSince } from '@/lib/ui/format';
import { TABLE, TD, TH } from './panel';

const STATE: Record<AgentLive['state'], { label: string; style: string }> = {
  idle: { label: 'Idle', style: 'text-emerald-300' },
  ringing: { label: 'Ringing', style: 'text-amber-200' },
  on_call: { label: 'On a call', style: 'text-sky-300' },
};

export function AgentTable({ agents, nowMs, timeZone }: { agents: AgentLive[]; nowMs: number; timeZone: string }) {
  if (agents.length === 0) return <p className="text-slate-300">No agents known yet.</p>;
  const sorted = [...agents].sort((a, b) => a.extension.localeCompare(b.extension, 'en', { numeric: true }));
  return (
    <div className="max-h-[28rem] overflow-auto" tabIndex={0} aria-label="Agents, scrollable">
      <table className={TABLE} data-testid="agent-table">
        <thead className="sticky top-0 bg-slate-900">
          <tr>
            <th scope="col" className={TH}>Ext.</th>
            <th scope="col" className={TH}>Name</th>
            <th scope="col" className={TH}>State</th>
            <th scope="col" className={TH}>Since</th>
            <th scope="col" className={TH}>Queues</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((agent) => (
            <tr key={agent.extension} data-testid="agent-row" data-extension={agent.extension} data-state={agent.state}>
              <td className={TD}>{agent.extension}</td>
              <th scope="row" className={`${TD} font-semibold`}>{agent.name ?? '—'}</th>
              <td className={`${TD} whitespace-nowrap font-semibold ${STATE[agent.state].style}`}>{STATE[agent.state].label}</td>
              <td className={`${TD} whitespace-nowrap`}>
                {formatTimeOfDay(agent.since, timeZone)} <span className="text-slate-300">({formatDuration(secondsSince(agent.since, nowMs))})</span>
              </td>
              <td className={`${TD} text-slate-300`}>{agent.queues.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
