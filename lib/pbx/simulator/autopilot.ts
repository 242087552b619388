/**
 * How simulated people move an auto call along: queues offer callers to the longest
 * idle free member, phones ring and are answered or not, conversations last a
 * lognormal while (some end in a transfer), and waiting callers run out of patience.
 */
import { BEHAVIOUR } from './behaviour';
import { answerCall, endCall, offerCall, ringNoAnswer, transferCall, type ActionContext } from './call-actions';
import type { Call } from './call-model';
import { isFree, type CompanyState } from './company-state';
import { chance, exponential, lognormal, pick, uniform, type Random } from './random';

interface AutopilotDeps {
  random: Random;
  context: (state: CompanyState) => ActionContext;
  /** Schedules a call's next move after simulated seconds; cancelled when the call ends. */
  later: (call: Call, simulatedSeconds: number, run: () => void) => void;
  cancel: (call: Call) => void;
}

export interface Autopilot {
  /** Runs one move, then lets the queues offer any freed agent their next caller. */
  act<T>(state: CompanyState, move: (ctx: ActionContext) => T): T;
  /** Hands a call to the simulator from whatever phase it is in. */
  drive(state: CompanyState, call: Call): void;
  /** The longest idle free member who has not yet let this caller ring out, else any free member. */
  nextAgent(state: CompanyState, call: Call): string | undefined;
}

export function createAutopilot({ random, context, later, cancel }: AutopilotDeps): Autopilot {
  function act<T>(state: CompanyState, move: (ctx: ActionContext) => T): T {
    const result = move(context(state));
    dispatch(state);
    return result;
  }

  function dispatch(state: CompanyState): void {
    const queued = [...state.waiting.values()]
      .flat()
      .map((callId) => state.calls.get(callId)!)
      .filter((call) => call.mode === 'auto' && call.phase === 'queued')
      .sort((a, b) => a.queueLeg!.startedAt - b.queueLeg!.startedAt);
    for (const call of queued) {
      const agent = nextAgent(state, call);
      if (!agent) continue;
      offerCall(context(state), call, agent);
      driveRinging(state, call);
    }
  }

  function nextAgent(state: CompanyState, call: Call): string | undefined {
    const free = state.queues.get(call.queueId!)!.map((extension) => state.agents.get(extension)!).filter(isFree);
    const untried = free.filter((agent) => !call.triedAgents.has(agent.extension));
    const candidates = untried.length > 0 ? untried : free;
    return candidates.sort((a, b) => a.idleSince - b.idleSince)[0]?.extension;
  }

  function driveRinging(state: CompanyState, call: Call): void {
    const direct = call.phase === 'ringing' && call.byCallId === null;
    const transferred = call.byCallId !== null;
    const answerProbability = transferred ? 1 : !direct ? BEHAVIOUR.agentAnswerProbability : call.onNet ? BEHAVIOUR.internalAnswerProbability : BEHAVIOUR.outboundAnswerProbability;
    const [shortestRing, longestRing] = direct ? BEHAVIOUR.directRingSeconds : BEHAVIOUR.ringSeconds;
    later(call, uniform(random, shortestRing, longestRing), () =>
      act(state, (ctx) => {
        if (!chance(random, answerProbability)) return ringNoAnswer(ctx, call);
        answerCall(ctx, call);
        driveConversation(state, call);
      }),
    );
  }

  function driveConversation(state: CompanyState, call: Call): void {
    const shape = call.queueId !== null ? BEHAVIOUR.queueTalk : call.onNet ? BEHAVIOUR.internalTalk : BEHAVIOUR.outboundTalk;
    const [shortest, longest] = BEHAVIOUR.talkSecondsBounds;
    const talk = Math.min(longest, Math.max(shortest, lognormal(random, shape.medianSeconds, shape.sigma)));
    const hangUp = () => act(state, (ctx) => endCall(ctx, call));
    if (call.queueId === null || call.byCallId !== null || !chance(random, BEHAVIOUR.transferProbability)) {
      return later(call, talk, hangUp);
    }
    const transferAfter = talk * uniform(random, ...BEHAVIOUR.transferAt);
    later(call, transferAfter, () => {
      const target = pick(random, [...state.agents.values()].filter(isFree));
      if (!target) return later(call, talk - transferAfter, hangUp);
      act(state, (ctx) => transferCall(ctx, call, target.extension));
      driveRinging(state, call);
    });
  }

  function drivePatience(state: CompanyState, call: Call): void {
    const patience = Math.max(BEHAVIOUR.patienceMinSeconds, exponential(random, BEHAVIOUR.patienceMeanSeconds));
    later(call, patience, () => {
      if (call.phase === 'queued' || call.phase === 'offering') act(state, (ctx) => endCall(ctx, call));
    });
  }

  return {
    act,
    nextAgent,
    drive(state, call) {
      call.mode = 'auto';
      cancel(call);
      if (call.phase === 'queued' || call.phase === 'offering') drivePatience(state, call);
      if (call.phase === 'offering' || call.phase === 'ringing') driveRinging(state, call);
      if (call.phase === 'connected') driveConversation(state, call);
      dispatch(state);
    },
  };
}
