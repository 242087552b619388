/**
 * The call state machine: each function moves one call by one step, updates the
 * agents it touches and emits exactly one message per endpoint state change.
 * Pure apart from the injected emit; timing belongs to the autopilot.
 */
import { callMessage, type Call, type CallMessage, type Leg } from './call-model';
import { sipAddress, type CompanyState } from './company-state';
import { SimulatorError } from './errors';

export interface ActionContext {
  state: CompanyState;
  now: number;
  newCallId: () => string;
  emit: (call: Call, message: CallMessage) => void;
  /** Called once when a call has ended, so its CDR can follow. */
  ended: (call: Call) => void;
}

export interface ExternalParty {
  number: string;
  name: string;
}

export function enqueueCall(ctx: ActionContext, queueId: string, from: ExternalParty, mode: Call['mode']): Call {
  const { state, now } = ctx;
  const waiting = state.waiting.get(queueId);
  if (!waiting) throw new SimulatorError('unknown_queue', `No queue ${queueId}.`);
  const caller = externalLeg(ctx, from.number, from.name, 'active');
  caller.answeredAt = now;
  // The queue answers at once and holds the caller (README call model).
  const queueLeg = newLeg(ctx, { kind: 'queue', address: sipAddress(queueId, state.domain), user: queueId, domain: state.domain, isHuman: false, state: 'active' });
  queueLeg.answeredAt = now;
  const call: Call = {
    callId: caller.callId,
    companyId: state.id,
    onNet: false,
    caller,
    target: queueLeg,
    legs: [queueLeg],
    queueId,
    queueLeg,
    callerExtension: null,
    byCallId: null,
    phase: 'queued',
    mode,
    triedAgents: new Set(),
  };
  state.calls.set(call.callId, call);
  waiting.push(call.callId);
  ctx.emit(call, callMessage(call));
  return call;
}

/** A direct call: from an extension or an outside number, to an extension or an outside number. */
export function startDirectCall(ctx: ActionContext, from: string | ExternalParty, to: string | ExternalParty, mode: Call['mode']): Call {
  const { state } = ctx;
  const caller = typeof from === 'string' ? extensionLeg(ctx, claimAgent(state, from), 'progressing') : externalLeg(ctx, from.number, from.name, 'progressing');
  const target =
    typeof to === 'string'
      ? extensionLeg(ctx, claimAgent(state, to, typeof from === 'string' ? from : undefined), 'ringing')
      : externalLeg(ctx, to.number, null, 'ringing');
  const call: Call = {
    callId: caller.callId,
    companyId: state.id,
    onNet: typeof from === 'string' && typeof to === 'string',
    caller,
    target,
    legs: [target],
    queueId: null,
    queueLeg: null,
    callerExtension: typeof from === 'string' ? from : null,
    byCallId: null,
    phase: 'ringing',
    mode,
    triedAgents: new Set(),
  };
  state.calls.set(call.callId, call);
  for (const extension of [call.callerExtension, target.kind === 'agent' ? target.user : null]) {
    if (extension !== null) state.agents.get(extension)!.callId = call.callId;
  }
  ctx.emit(call, callMessage(call));
  return call;
}

/** A queue offers its caller to an agent: the agent's phone rings, the caller hears ringing. */
export function offerCall(ctx: ActionContext, call: Call, extension: string): void {
  expectPhase(call, 'queued');
  const agent = claimAgent(ctx.state, extension);
  agent.callId = call.callId;
  const leg = extensionLeg(ctx, agent, 'ringing');
  call.target = leg;
  call.legs.push(leg);
  call.caller.state = 'progressing';
  call.phase = 'offering';
  ctx.emit(call, callMessage(call));
}

export function answerCall(ctx: ActionContext, call: Call): void {
  expectPhase(call, 'offering', 'ringing');
  const { now } = ctx;
  call.target.state = 'active';
  call.target.answeredAt = now;
  call.caller.state = 'active';
  if (call.caller.answeredAt === null) call.caller.answeredAt = now;
  if (call.phase === 'offering') leaveQueue(ctx, call);
  call.phase = 'connected';
  ctx.emit(call, callMessage(call));
}

/**
 * The ringing phone is not answered: a queued caller goes back to the queue (one
 * message for the agent leg ending, one for the caller back on hold); a direct call ends.
 */
export function ringNoAnswer(ctx: ActionContext, call: Call): void {
  expectPhase(call, 'offering', 'ringing');
  if (call.phase === 'ringing') return endCall(ctx, call);
  const missed = call.target;
  endLeg(ctx, call, missed);
  call.triedAgents.add(missed.user!);
  ctx.emit(call, callMessage(call));
  call.caller.state = 'active';
  call.target = call.queueLeg!;
  call.phase = 'queued';
  ctx.emit(call, callMessage(call));
}

/** Hang-up, or the caller abandoning while queued: every open leg ends in one message. */
export function endCall(ctx: ActionContext, call: Call): void {
  if (call.phase === 'ended') throw new SimulatorError('invalid_state', `Call ${call.callId} has already ended.`);
  if (call.phase === 'queued' || call.phase === 'offering') leaveQueue(ctx, call);
  endLeg(ctx, call, call.target);
  endLeg(ctx, call, call.caller);
  call.phase = 'ended';
  ctx.state.calls.delete(call.callId);
  ctx.emit(call, callMessage(call));
  ctx.ended(call);
}

/**
 * The answering agent hands the caller to another extension: the new phone rings
 * with by_call_id = the transferring leg's call id, then the transferring leg ends.
 */
export function transferCall(ctx: ActionContext, call: Call, extension: string): void {
  expectPhase(call, 'connected');
  if (call.target.kind !== 'agent') throw new SimulatorError('invalid_state', `Call ${call.callId} is not connected to an extension.`);
  const agent = claimAgent(ctx.state, extension);
  const transferring = call.target;
  const previousByCallId = call.byCallId;
  agent.callId = call.callId;
  const leg = extensionLeg(ctx, agent, 'ringing');
  call.target = leg;
  call.legs.push(leg);
  call.caller.state = 'progressing';
  call.byCallId = transferring.callId;
  call.phase = 'ringing';
  ctx.emit(call, callMessage(call));
  endLeg(ctx, call, transferring);
  ctx.emit(call, callMessage({ ...call, target: transferring }, previousByCallId));
}

function expectPhase(call: Call, ...phases: Call['phase'][]): void {
  if (!phases.includes(call.phase)) {
    throw new SimulatorError('invalid_state', `Call ${call.callId} is ${call.phase}; expected ${phases.join(' or ')}.`);
  }
}

function claimAgent(state: CompanyState, extension: string, not?: string) {
  const agent = state.agents.get(extension);
  if (!agent || extension === not) throw new SimulatorError('unknown_user', `No extension ${extension} to call.`);
  if (agent.callId !== null) throw new SimulatorError('user_busy', `Extension ${extension} is busy.`);
  return agent;
}

function leaveQueue(ctx: ActionContext, call: Call): void {
  const waiting = ctx.state.waiting.get(call.queueId!)!;
  waiting.splice(waiting.indexOf(call.callId), 1);
  const queueLeg = call.queueLeg!;
  queueLeg.state = 'ended';
  queueLeg.endedAt = ctx.now;
}

function endLeg(ctx: ActionContext, call: Call, leg: Leg): void {
  if (leg.state === 'ended') return;
  leg.state = 'ended';
  leg.endedAt = ctx.now;
  if (leg.kind === 'agent') releaseAgent(ctx, call, leg.user!);
}

function releaseAgent(ctx: ActionContext, call: Call, extension: string): void {
  const agent = ctx.state.agents.get(extension);
  if (agent?.callId !== call.callId) return;
  agent.callId = null;
  agent.idleSince = ctx.now;
}

function newLeg(ctx: ActionContext, fields: Pick<Leg, 'kind' | 'address' | 'user' | 'domain' | 'isHuman' | 'state'> & { name?: string | null }): Leg {
  return { callId: ctx.newCallId(), name: null, answeredAt: null, endedAt: null, startedAt: ctx.now, ...fields };
}

function externalLeg(ctx: ActionContext, number: string, name: string | null, state: Leg['state']): Leg {
  return newLeg(ctx, { kind: name === null ? 'external' : 'caller', address: number, user: null, domain: null, name, isHuman: true, state });
}

function extensionLeg(ctx: ActionContext, agent: { extension: string; name: string }, state: Leg['state']): Leg {
  const { domain } = ctx.state;
  return newLeg(ctx, { kind: 'agent', address: sipAddress(agent.extension, domain), user: agent.extension, domain, name: agent.name, isHuman: true, state });
}
