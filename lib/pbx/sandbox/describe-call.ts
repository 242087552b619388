/** A call as the sandbox reports it after each step: its ids, phase and every leg. */
import type { Call } from '../simulator';

export function describeCall(call: Call) {
  return {
    call_id: call.callId,
    company: call.companyId,
    phase: call.phase,
    mode: call.mode,
    queue: call.queueId,
    on_net: call.onNet,
    by_call_id: call.byCallId,
    from: { call_id: call.caller.callId, id: call.caller.address, user: call.caller.user, name: call.caller.name, state: call.caller.state },
    to: { call_id: call.target.callId, id: call.target.address, user: call.target.user, state: call.target.state },
    legs: call.legs.map((leg) => ({ call_id: leg.callId, user: leg.user, state: leg.state })),
  };
}
