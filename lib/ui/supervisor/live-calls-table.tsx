import type { AgentLive, LiveCall } from '@/lib/realtime/types';
import { formatDuration, formatPhoneNumber, secondsSince } from '@/lib/ui/format';
import { TABLE, TD, TH } from './panel';

const PHASE_LABEL: Record<LiveCall['phase'], string> = {
  dialing: 'Dialling',
  queued: 'Waiting',
  ringing: 'Ringing',
  active: 'Talking',
  ended: 'Ended',
};

const PHASE_STYLE: Record<LiveCall['phase'], string> = {
  dialing: 'text-slate-300',
  queued: 'text-amber-300',
  ringing: 'text-amber-200',
  active: 'text-sky-300',
  ended: 'text-slate-400',
};

/** When the current phase began: talk time once answered, otherwise the caller's wait. */
function phaseStart(call: LiveCall): number {
  if (call.phase === 'active' && call.answeredAt !== null) return call.answeredAt;
  return call.queuedAt ?? call.startedAt;
}

export function LiveCallsTable({ calls, agents, nowMs }: { calls: LiveCall[]; agents: AgentLive[]; nowMs: number }) {
  const names = new Map(agents.map((agent) => [agent.extension, agent.name]));
  const live = calls.filter((call) => call.phase !== 'ended').sort((a, b) => a.startedAt - b.startedAt);
  if (live.length === 0) return <p className="text-slate-300">No calls right now.</p>;
  return (
    <div className="max-h-[28rem] overflow-auto" tabIndex={0} aria-label="Live calls, scrollable">
      <table className={TABLE} data-testid="live-calls">
        <thead className="sticky top-0 bg-slate-900">
          <tr>
            <th scope="col" className={TH}>Caller</th>
            <th scope="col" className={TH}>Queue or callee</th>
            <th scope="col" className={TH}>Agent</th>
            <th scope="col" className={TH}>State</th>
            <th scope="col" className={`${TH} text-right`}>Time</th>
          </tr>
        </thead>
        <tbody>
          {live.map((call) => (
            <tr key={call.id} data-testid="live-call" data-call-id={call.id}>
              <th scope="row" className={`${TD} font-normal`}>
                <span className="block font-semibold">{call.caller.name ?? formatPhoneNumber(call.caller.number)}</span>
                {call.caller.name && <span className="block text-xs text-slate-300">{formatPhoneNumber(call.caller.number)}</span>}
              </th>
              <td className={TD}>{call.queue ?? (call.callee.extension ? `ext. ${call.callee.extension}` : formatPhoneNumber(call.callee.number))}</td>
              <td className={TD}>{call.agent ? `${names.get(call.agent) ?? 'ext.'} ${call.agent}` : '—'}</td>
              <td className={`${TD} font-semibold ${PHASE_STYLE[call.phase]}`}>
                {PHASE_LABEL[call.phase]}
                {call.onNet && <span className="ml-2 text-xs font-normal text-slate-300">internal</span>}
              </td>
              <td className={`${TD} text-right font-semibold`}>{formatDuration(secondsSince(phaseStart(call), nowMs))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
