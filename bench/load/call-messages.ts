/**
 * The webhook bodies of a planned call, as the service sends them (spec 2.4 and
 * the README's call model: the caller's leg is addressed to the queue while it
 * waits, then to the ringing agent's leg). Call ids carry the run's prefix and
 * the call's index, so a client can tell which planned event a message shows.
 */
import { CALL_PHASES, type CallPhaseName } from './call-plan';

const BENCH_QUEUES = ['Sales', 'Support', 'Billing', 'Priority'] as const;

export interface PlannedCall {
  prefix: string;
  index: number;
  agent: string;
  startedAt: number;
  /** When the agent picks up: the answered and ended messages carry it as time_answer. */
  answeredAt: number;
}

function callId(prefix: string, index: number): string {
  return `${prefix}${index}`;
}

/** The planned call's index, or -1 when the id is not one of this run's. */
export function indexOfCallId(prefix: string, id: string): number {
  if (!id.startsWith(prefix)) return -1;
  const index = Number(id.slice(prefix.length));
  return Number.isInteger(index) && index >= 0 ? index : -1;
}

export function callMessage(call: PlannedCall, phase: CallPhaseName): object {
  const id = callId(call.prefix, call.index);
  const queue = BENCH_QUEUES[call.index % BENCH_QUEUES.length]!;
  const agentLeg = (state: string) => ({ call_id: `${id}-a`, id: null, state, user: call.agent, domain: 'bench.test', name: null, is_human: true });
  const message = (fromState: string, to: object, answeredAt: number | null) => ({
    calls: {
      on_net: false,
      from: { id: callerNumber(call.index), call_id: id, state: fromState, user: null, domain: 'bench.test', name: 'Bench Caller' },
      to,
      time_start: callTime(call.startedAt),
      time_answer: answeredAt === null ? null : callTime(answeredAt),
      by_call_id: null,
    },
  });
  switch (phase) {
    case 'queued':
      return message('active', { call_id: `${id}-q`, id: null, state: 'active', user: queue, domain: 'bench.test', name: null, is_human: false }, null);
    case 'ringing':
      return message('progressing', agentLeg('ringing'), null);
    case 'active':
      return message('active', agentLeg('active'), call.answeredAt);
    case 'ended':
      return message('ended', agentLeg('ended'), call.answeredAt);
  }
}

/** The CDR message (spec 2.5) of a planned call: its queue leg, then the agent's leg. */
export function cdrMessage(call: PlannedCall, endedAt: number): object[] {
  const { answeredAt } = call;
  const id = callId(call.prefix, call.index);
  const from = { call_id: id, id: callerNumber(call.index), user: null, domain: 'bench.test', name: 'Bench Caller' };
  const queue = BENCH_QUEUES[call.index % BENCH_QUEUES.length]!;
  return [
    { from, to: { call_id: `${id}-q`, id: null, user: queue, domain: 'bench.test' }, start_time: cdrDate(call.startedAt), answer_time: null, end_time: cdrDate(answeredAt), duration: seconds(answeredAt - call.startedAt) },
    { from, to: { call_id: `${id}-a`, id: null, user: call.agent, domain: 'bench.test' }, start_time: cdrDate(answeredAt), answer_time: cdrDate(answeredAt), end_time: cdrDate(endedAt), duration: seconds(endedAt - answeredAt) },
  ];
}

/** Which phase a call message shows, for the raw WebSocket floor whose clients see the bodies as posted. */
export function phaseOfCallMessage(body: unknown): { id: string; phase: number } | null {
  const calls = (body as { calls?: { from?: { call_id?: unknown; state?: unknown }; to?: { state?: unknown; is_human?: unknown } } }).calls;
  if (typeof calls?.from?.call_id !== 'string') return null;
  const name: CallPhaseName =
    calls.from.state === 'ended' ? 'ended' : calls.to?.is_human === false ? 'queued' : calls.to?.state === 'ringing' ? 'ringing' : 'active';
  return { id: calls.from.call_id, phase: CALL_PHASES.indexOf(name) };
}

/** Distinct callers, cycling so that the per-number counts reach their cap in a long run. */
function callerNumber(index: number): string {
  return `+4477009${String(index % 100_000).padStart(5, '0')}`;
}

function callTime(at: number): string {
  return new Date(at).toISOString().slice(0, 19).replace('T', ' ');
}

function cdrDate(at: number): string {
  return new Date(at).toUTCString().replace('GMT', '+0000');
}

function seconds(ms: number): number {
  return Math.max(0, Math.round(ms / 1000));
}
