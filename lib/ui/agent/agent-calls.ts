/**
 * What the agent's screen shows, from the agent's own live stream: the calls
 * ringing on their phone (the pops), the call they are on, and today's
 * finished calls. Derived from the snapshot each time, so a pop can never be
 * shown twice and disappears the moment the call stops ringing for them.
 */
import type { CdrView, LiveCall, LiveSnapshot } from '@/lib/realtime/types';

export interface HistoryEntry {
  callId: string;
  callerName: string | null;
  callerNumber: string | null;
  queue: string | null;
  endedAt: number;
  talkSeconds: number;
  outcome: 'answered' | 'missed';
}

interface AgentCalls {
  ringing: LiveCall[];
  active: LiveCall[];
  history: HistoryEntry[];
}

const HISTORY_LIMIT = 20;

export function agentCalls(snapshot: Pick<LiveSnapshot, 'calls' | 'recentCdrs'>, extension: string): AgentCalls {
  const own = snapshot.calls.filter((call) => call.agent === extension);
  const ringing = own.filter((call) => call.phase === 'ringing').sort((a, b) => b.startedAt - a.startedAt);
  const active = own.filter((call) => call.phase === 'active');
  const fromCdrs = snapshot.recentCdrs.filter((cdr) => cdr.agent === extension).map(historyFromCdr);
  const recorded = new Set(fromCdrs.map((entry) => entry.callId));
  // A call that just ended is listed at once; its CDR replaces it when it arrives.
  const justEnded = own.filter((call) => call.phase === 'ended' && !recorded.has(call.id)).map(historyFromCall);
  const history = [...justEnded, ...fromCdrs].sort((a, b) => b.endedAt - a.endedAt).slice(0, HISTORY_LIMIT);
  return { ringing, active, history };
}

function historyFromCdr(cdr: CdrView): HistoryEntry {
  return {
    callId: cdr.callId,
    callerName: cdr.caller.name,
    callerNumber: cdr.caller.number,
    queue: cdr.queue,
    endedAt: cdr.endTime,
    talkSeconds: cdr.talkSeconds,
    outcome: cdr.outcome,
  };
}

function historyFromCall(call: LiveCall): HistoryEntry {
  const endedAt = call.endedAt ?? call.startedAt;
  return {
    callId: call.id,
    callerName: call.caller.name,
    callerNumber: call.caller.number,
    queue: call.queue,
    endedAt,
    talkSeconds: call.answeredAt === null ? 0 : Math.max(0, Math.round((endedAt - call.answeredAt) / 1000)),
    outcome: call.answeredAt === null ? 'missed' : 'answered',
  };
}

/**
 * The CRM search link for a caller: `{number}` in the template becomes the
 * caller's number (E.164, URL-encoded). null without a template or a number.
 */
export function crmLink(template: string | null, number: string | null): string | null {
  if (!template || !number || !template.includes('{number}')) return null;
  return template.replaceAll('{number}', encodeURIComponent(number));
}
