import type { AgentLive, CdrView } from '@/lib/realtime/types';
import { formatDuration, formatPhoneNumber, formatTimeOfDay } from '@/lib/ui/format';
import { TABLE, TD, TH } from './panel';

const SHOWN = 25;

export function CdrTable({ cdrs, agents, timeZone }: { cdrs: CdrView[]; agents: AgentLive[]; timeZone: string }) {
  if (cdrs.length === 0) return <p className="text-slate-300">No finished calls yet today.</p>;
  const names = new Map(agents.map((agent) => [agent.extension, agent.name]));
  return (
    <div className="max-h-[28rem] overflow-auto" tabIndex={0} aria-label="Recent calls, scrollable">
      <table className={TABLE} data-testid="cdr-table">
        <thead className="sticky top-0 bg-slate-900">
          <tr>
            <th scope="col" className={TH}>Ended</th>
            <th scope="col" className={TH}>Caller</th>
            <th scope="col" className={TH}>Queue</th>
            <th scope="col" className={TH}>Agent</th>
            <th scope="col" className={`${TH} text-right`}>Wait</th>
            <th scope="col" className={`${TH} text-right`}>Talk</th>
            <th scope="col" className={TH}>Outcome</th>
          </tr>
        </thead>
        <tbody>
          {cdrs.slice(0, SHOWN).map((cdr) => (
            <tr key={cdr.callId} data-testid="cdr-row" data-call-id={cdr.callId}>
              <td className={TD}>{formatTimeOfDay(cdr.endTime, timeZone)}</td>
              <th scope="row" className={`${TD} font-normal`}>
                <span className="font-semibold">{cdr.caller.name ?? formatPhoneNumber(cdr.caller.number)}</span>
                {cdr.caller.name && <span className="block text-xs text-slate-300">{formatPhoneNumber(cdr.caller.number)}</span>}
              </th>
              <td className={TD}>{cdr.queue ?? '—'}</td>
              <td className={TD}>{cdr.agent ? `${names.get(cdr.agent) ?? 'ext.'} ${cdr.agent}` : '—'}</td>
              <td className={`${TD} text-right`}>{formatDuration(cdr.waitSeconds)}</td>
              <td className={`${TD} text-right`}>{formatDuration(cdr.talkSeconds)}</td>
              <td className={`${TD} font-semibold ${cdr.outcome === 'answered' ? 'text-emerald-300' : 'text-red-300'}`}>
                {cdr.outcome === 'answered' ? '✓ Answered' : '✗ Missed'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
