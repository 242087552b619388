/**
 * Webhook bodies as the telephony service sends them (spec 2.4 to 2.6 and the
 * README's call model), for tests that feed the intake over HTTP.
 */

export interface InboundCall {
  /** The caller's leg call_id; the call's id on the wallboard. */
  callId: string;
  caller: string;
  callerName: string;
  queue: string;
  startedAt: number;
}

/** The caller waits in the queue: their leg is addressed to the queue, both legs active. */
export function queuedMessage(call: InboundCall): object {
  return callMessage(call, { state: 'active' }, { call_id: `${call.callId}-q`, state: 'active', user: call.queue, is_human: false }, null);
}

/** The agent's phone rings: `to` becomes the agent's leg, the caller's leg is progressing. */
export function ringingMessage(call: InboundCall, agent: string): object {
  return callMessage(call, { state: 'progressing' }, agentLeg(call, agent, 'ringing'), null);
}

export function answeredMessage(call: InboundCall, agent: string, answeredAt: number): object {
  return callMessage(call, { state: 'active' }, agentLeg(call, agent, 'active'), answeredAt);
}

export function endedMessage(call: InboundCall, agent: string, answeredAt: number): object {
  return callMessage(call, { state: 'ended' }, agentLeg(call, agent, 'ended'), answeredAt);
}

/** The CDR message of a call answered by `agent`: its queue leg and the agent's leg (README: CDR of a queue call). */
export function cdrMessage(call: InboundCall, agent: string, answeredAt: number, endedAt: number): object[] {
  const from = { call_id: call.callId, id: call.caller, user: null, domain: 'example.com', name: call.callerName };
  return [
    {
      from,
      to: { call_id: `${call.callId}-q`, id: null, user: call.queue, domain: 'example.com' },
      start_time: cdrDate(call.startedAt),
      answer_time: null,
      end_time: cdrDate(answeredAt),
      duration: Math.round((answeredAt - call.startedAt) / 1000),
    },
    {
      from,
      to: { call_id: `${call.callId}-${agent}`, id: null, user: agent, domain: 'example.com' },
      start_time: cdrDate(answeredAt),
      answer_time: cdrDate(answeredAt),
      end_time: cdrDate(endedAt),
      duration: Math.round((endedAt - answeredAt) / 1000),
    },
  ];
}

function agentLeg(call: InboundCall, agent: string, state: string) {
  return { call_id: `${call.callId}-${agent}`, state, user: agent, is_human: true };
}

function callMessage(call: InboundCall, from: { state: string }, to: object, answeredAt: number | null): object {
  return {
    calls: {
      on_net: false,
      from: { id: call.caller, call_id: call.callId, user: null, domain: 'example.com', name: call.callerName, ...from },
      to: { id: null, domain: 'example.com', name: null, ...to },
      time_start: callTime(call.startedAt),
      time_answer: answeredAt === null ? null : callTime(answeredAt),
      by_call_id: null,
    },
  };
}

/** `YYYY-MM-DD HH:MM:SS`, UTC (README: call event times). */
function callTime(at: number): string {
  return new Date(at).toISOString().slice(0, 19).replace('T', ' ');
}

/** `Tue, 21 Nov 2026 10:00:00 +0000` (spec 2.5). */
function cdrDate(at: number): string {
  return new Date(at).toUTCString().replace('GMT', '+0000');
}
