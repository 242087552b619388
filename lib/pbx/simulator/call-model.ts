/**
 * The simulator's model of calls and how it reads on the wire (spec 2.4, 2.5 and
 * the README's call model). A call is identified by its caller leg's call_id; the
 * `to` side moves from leg to leg (queue, agents) and every leg it visited is kept
 * for the CDR.
 */
import { formatCallTime, formatCdrDate } from './wire-format';

type LegState = 'progressing' | 'ringing' | 'active' | 'ended';

export interface Leg {
  callId: string;
  /** E.164 number or SIP address: the endpoint's `id` on the wire. */
  address: string | null;
  user: string | null;
  domain: string | null;
  /** Display name, sent on the from endpoint. */
  name: string | null;
  /** Sent on the to endpoint: false for a queue holding the caller. */
  isHuman: boolean;
  kind: 'caller' | 'queue' | 'agent' | 'external';
  state: LegState;
  startedAt: number;
  answeredAt: number | null;
  endedAt: number | null;
}

/**
 * queued: a queue holds the caller (to = queue leg); offering: an agent's phone rings
 * for a queued caller; ringing: a direct call rings; connected: a human answered.
 */
type CallPhase = 'queued' | 'offering' | 'ringing' | 'connected' | 'ended';

export interface Call {
  callId: string;
  companyId: string;
  onNet: boolean;
  caller: Leg;
  target: Leg;
  /** Every to-leg the caller went through, in order (one CDR record each). */
  legs: Leg[];
  /** The queue that holds or held the caller, null for direct calls. */
  queueId: string | null;
  queueLeg: Leg | null;
  /** Extension of the user who placed the call (internal and outbound calls). */
  callerExtension: string | null;
  byCallId: string | null;
  phase: CallPhase;
  /** Scripted calls move only when the sandbox asks; auto calls are driven by the simulator. */
  mode: 'auto' | 'scripted';
  /** Agents whose phones rang for this queued call without an answer. */
  triedAgents: Set<string>;
}

interface WireFromEndpoint {
  id: string | null;
  call_id: string;
  state: LegState;
  user: string | null;
  domain: string | null;
  name: string;
}

interface WireToEndpoint {
  id: string | null;
  call_id: string;
  state: LegState;
  user: string | null;
  domain: string | null;
  is_human: boolean;
}

/** The call notification body (spec 2.4). */
export interface CallMessage {
  calls: {
    on_net: boolean;
    from: WireFromEndpoint;
    to: WireToEndpoint;
    time_start: string;
    time_answer: string | null;
    by_call_id: string | null;
  };
}

interface CdrParty {
  call_id: string;
  domain: string | null;
  id: string | null;
  user: string | null;
}

/** One record of a CDR message (spec 2.5). */
export interface CdrRecord {
  from: CdrParty & { name: string };
  to: CdrParty;
  start_time: string;
  answer_time: string | null;
  end_time: string;
  duration: number;
}

export function callMessage(call: Call, byCallId: string | null = call.byCallId): CallMessage {
  const { caller, target } = call;
  return {
    calls: {
      on_net: call.onNet,
      from: {
        id: caller.address,
        call_id: caller.callId,
        state: caller.state,
        user: caller.user,
        domain: caller.domain,
        name: caller.name ?? '',
      },
      to: {
        id: target.address,
        call_id: target.callId,
        state: target.state,
        user: target.user,
        domain: target.domain,
        is_human: target.isHuman,
      },
      time_start: formatCallTime(call.caller.startedAt),
      time_answer: target.answeredAt === null ? null : formatCallTime(target.answeredAt),
      by_call_id: byCallId,
    },
  };
}

/**
 * One record per leg the caller went through. duration counts the answered part of
 * a leg (the queue leg's wait, an agent leg's talk) and is 0 for an unanswered leg.
 */
export function cdrRecords(call: Call): CdrRecord[] {
  const { caller } = call;
  return call.legs.map((leg) => {
    const end = leg.endedAt ?? caller.endedAt ?? leg.startedAt;
    return {
      from: { call_id: caller.callId, domain: caller.domain, name: caller.name ?? '', id: caller.address, user: caller.user },
      to: { call_id: leg.callId, domain: leg.domain, id: leg.address, user: leg.user },
      start_time: formatCdrDate(leg.startedAt),
      answer_time: leg.answeredAt === null ? null : formatCdrDate(leg.answeredAt),
      end_time: formatCdrDate(end),
      duration: leg.answeredAt === null ? 0 : Math.max(0, Math.floor((end - leg.answeredAt) / 1000)),
    };
  });
}

/** Users a message concerns, for a subscription's user filter. */
export function usersOfMessage(message: CallMessage): string[] {
  return [message.calls.from.user, message.calls.to.user].filter((user): user is string => user !== null);
}

export function usersOfCdr(records: CdrRecord[]): string[] {
  return records.flatMap((record) => [record.from.user, record.to.user]).filter((user): user is string => user !== null);
}
