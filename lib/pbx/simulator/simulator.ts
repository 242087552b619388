/**
 * The simulated phone system of every seeded company: random activity (arrivals,
 * internal and outbound calls, breaks) on the injected clock, scripted calls the
 * sandbox moves step by step, and the live stats of that picture at any instant.
 * No I/O: messages leave through onEvent.
 */
import type { Clock } from '@/lib/clock';
import type { Seed } from '../directory/schemas';
import type { SimulatorOptions, WireQueueStats } from '../engine/types';
import { BEHAVIOUR } from './behaviour';
import { answerCall, endCall, enqueueCall, offerCall, ringNoAnswer, startDirectCall, transferCall, type ActionContext, type ExternalParty } from './call-actions';
import { cdrRecords, type Call, type CallMessage, type CdrRecord } from './call-model';
import { createCallerDirectory, type CallerDirectory } from './caller-directory';
import { agentStatus, createCompanyState, isFree, queuesOf, type AgentStatus, type CompanyState, type Presence } from './company-state';
import { SimulatorError } from './errors';
import { queueStats } from './queue-stats';
import { chance, exponential, lognormal, pick, uniform, type Random } from './random';
import { createTimerGroups } from './timer-groups';

export type SimulatorEvent =
  | { kind: 'call'; companyId: string; message: CallMessage }
  | { kind: 'cdr'; companyId: string; records: CdrRecord[] };

export interface SimulatorSettings {
  running: boolean;
  arrivalsPerMinute: number;
  timeScale: number;
}

export interface PlaceCallRequest {
  /** An outside caller, or an extension placing the call. */
  from: ExternalParty | { extension: string };
  /** A queue, an extension, or an outside number (outbound from an extension). */
  to: { queue: string } | { extension: string } | { number: string };
  auto: boolean;
}

export type CallStep =
  | { action: 'ring'; extension?: string }
  | { action: 'answer' | 'noanswer' | 'hangup' | 'abandon' }
  | { action: 'transfer'; extension: string };

export interface AgentView {
  extension: string;
  name: string;
  status: AgentStatus;
  queues: string[];
}

export interface Simulator {
  start(): void;
  close(): void;
  settings(): SimulatorSettings;
  configure(change: Partial<SimulatorSettings>): SimulatorSettings;
  stats(companyId: string): WireQueueStats[];
  agents(companyId: string): AgentView[];
  placeCall(companyId: string, request: PlaceCallRequest): Call;
  /** Moves a call one step; `auto` hands it to the simulator from then on. */
  step(companyId: string, callId: string, step: CallStep, auto?: boolean): Call;
  setPresence(companyId: string, extension: string, presence: Presence): void;
}

export interface SimulatorDeps {
  seed: Seed;
  clock: Clock;
  random: Random;
  options: SimulatorOptions;
  onEvent: (event: SimulatorEvent) => void;
}

export function createSimulator({ seed, clock, random, options, onEvent }: SimulatorDeps): Simulator {
  const companies = new Map(seed.companies.map((company) => [company.id, createCompanyState(company, clock.now())]));
  const callers = new Map<string, CallerDirectory>(seed.companies.map((company) => [company.id, createCallerDirectory(random, company.timeZone)]));
  const current: SimulatorSettings = { running: options.enabled, arrivalsPerMinute: options.arrivalsPerMinute, timeScale: options.timeScale };
  const timers = createTimerGroups(clock);
  let started = false;
  let callSequence = 0;

  /** Durations are simulated seconds; timeScale > 1 makes them pass faster on the clock. */
  const after = (group: string, simulatedSeconds: number, run: () => void) =>
    timers.after(group, (simulatedSeconds * 1000) / current.timeScale, run);

  function newCallId(): string {
    callSequence += 1;
    const prefix = Math.floor(random() * 0xffffffff).toString(16).padStart(8, '0');
    return `${prefix}${callSequence.toString(16).padStart(8, '0')}`;
  }

  function companyState(companyId: string): CompanyState {
    const state = companies.get(companyId);
    if (!state) throw new SimulatorError('unknown_company', `No company ${companyId}.`);
    return state;
  }

  function context(state: CompanyState): ActionContext {
    return {
      state,
      now: clock.now(),
      newCallId,
      emit: (_call, message) => onEvent({ kind: 'call', companyId: state.id, message }),
      ended: (call) => {
        timers.cancel(`call:${call.callId}`);
        const records = cdrRecords(call);
        after(`cdr:${call.callId}`, uniform(random, ...BEHAVIOUR.cdrDelaySeconds), () => onEvent({ kind: 'cdr', companyId: state.id, records }));
      },
    };
  }

  /** Runs one move, then lets the queues offer any freed agent their next caller. */
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

  /** The longest idle free member who has not yet let this caller ring out, else any free member. */
  function nextAgent(state: CompanyState, call: Call): string | undefined {
    const free = state.queues.get(call.queueId!)!.map((extension) => state.agents.get(extension)!).filter(isFree);
    const untried = free.filter((agent) => !call.triedAgents.has(agent.extension));
    const candidates = untried.length > 0 ? untried : free;
    return candidates.sort((a, b) => a.idleSince - b.idleSince)[0]?.extension;
  }

  function driveRinging(state: CompanyState, call: Call): void {
    const direct = call.phase === 'ringing' && call.byCallId === null;
    const answerProbability = !direct ? (call.byCallId === null ? BEHAVIOUR.agentAnswerProbability : 1) : call.onNet ? BEHAVIOUR.internalAnswerProbability : BEHAVIOUR.outboundAnswerProbability;
    const [shortestRing, longestRing] = direct ? BEHAVIOUR.directRingSeconds : BEHAVIOUR.ringSeconds;
    const ringFor = uniform(random, shortestRing, longestRing);
    after(`call:${call.callId}`, ringFor, () =>
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
      return after(`call:${call.callId}`, talk, hangUp);
    }
    const transferAfter = talk * uniform(random, ...BEHAVIOUR.transferAt);
    after(`call:${call.callId}`, transferAfter, () => {
      const target = pick(random, [...state.agents.values()].filter(isFree));
      if (!target) return after(`call:${call.callId}`, talk - transferAfter, hangUp);
      act(state, (ctx) => transferCall(ctx, call, target.extension));
      driveRinging(state, call);
    });
  }

  function drivePatience(state: CompanyState, call: Call): void {
    const patience = Math.max(BEHAVIOUR.patienceMinSeconds, exponential(random, BEHAVIOUR.patienceMeanSeconds));
    after(`call:${call.callId}`, patience, () => {
      if (call.phase === 'queued' || call.phase === 'offering') act(state, (ctx) => endCall(ctx, call));
    });
  }

  /** Hands a call to the simulator from whatever phase it is in. */
  function drive(state: CompanyState, call: Call): void {
    call.mode = 'auto';
    timers.cancel(`call:${call.callId}`);
    if (call.phase === 'queued' || call.phase === 'offering') drivePatience(state, call);
    if (call.phase === 'offering' || call.phase === 'ringing') driveRinging(state, call);
    if (call.phase === 'connected') driveConversation(state, call);
    dispatch(state);
  }

  function every(group: string, perMinute: number, run: () => void): void {
    if (perMinute <= 0) return;
    after(group, exponential(random, 60 / perMinute), () => {
      run();
      every(group, perMinute, run);
    });
  }

  function startActivity(state: CompanyState): void {
    const rate = current.arrivalsPerMinute;
    const directory = callers.get(state.id)!;
    for (const queueId of state.queues.keys()) {
      every(`activity:${state.id}:arrivals:${queueId}`, rate, () => {
        const call = act(state, (ctx) => enqueueCall(ctx, queueId, directory.next(clock.now()), 'auto'));
        drive(state, call);
      });
    }
    every(`activity:${state.id}:internal`, rate * BEHAVIOUR.internalCallsPerArrival, () => {
      const free = [...state.agents.values()].filter(isFree);
      const from = pick(random, free);
      const to = pick(random, free.filter((agent) => agent !== from));
      if (from && to) drive(state, act(state, (ctx) => startDirectCall(ctx, from.extension, to.extension, 'auto')));
    });
    every(`activity:${state.id}:outbound`, rate * BEHAVIOUR.outboundCallsPerArrival, () => {
      const members = new Set([...state.queues.values()].flat());
      const from = pick(random, [...state.agents.values()].filter((agent) => members.has(agent.extension) && isFree(agent)));
      if (from) drive(state, act(state, (ctx) => startDirectCall(ctx, from.extension, { number: directory.next(clock.now()).number, name: '' }, 'auto')));
    });
    for (const extension of new Set([...state.queues.values()].flat())) {
      every(`activity:${state.id}:break:${extension}`, 60 / BEHAVIOUR.breakEverySeconds, () => {
        const agent = state.agents.get(extension)!;
        if (!isFree(agent)) return;
        agent.presence = 'away';
        after(`break-end:${state.id}:${extension}`, uniform(random, ...BEHAVIOUR.breakSeconds), () => act(state, () => (agent.presence = 'available')));
      });
    }
  }

  function restartActivity(): void {
    timers.cancelWhere((group) => group.startsWith('activity:'));
    if (started && current.running) for (const state of companies.values()) startActivity(state);
  }

  function findCall(state: CompanyState, callId: string): Call {
    const call = state.calls.get(callId);
    if (!call) throw new SimulatorError('unknown_call', `No call ${callId} in progress.`);
    return call;
  }

  function applyStep(ctx: ActionContext, call: Call, step: CallStep): void {
    switch (step.action) {
      case 'ring': {
        const extension = step.extension ?? (call.phase === 'queued' ? nextAgent(ctx.state, call) : undefined);
        if (extension === undefined) throw new SimulatorError('invalid_state', `No free agent to ring for call ${call.callId}.`);
        return offerCall(ctx, call, extension);
      }
      case 'answer':
        return answerCall(ctx, call);
      case 'noanswer':
        return ringNoAnswer(ctx, call);
      case 'abandon':
        if (call.phase !== 'queued' && call.phase !== 'offering') throw new SimulatorError('invalid_state', `Call ${call.callId} is ${call.phase}; only a waiting caller can abandon.`);
        return endCall(ctx, call);
      case 'hangup':
        return endCall(ctx, call);
      case 'transfer':
        return transferCall(ctx, call, step.extension);
    }
  }

  return {
    start() {
      started = true;
      restartActivity();
    },
    close() {
      started = false;
      timers.cancelAll();
    },
    settings: () => ({ ...current }),
    configure(change) {
      Object.assign(current, change);
      restartActivity();
      return { ...current };
    },
    stats: (companyId) => {
      const state = companies.get(companyId);
      return state ? queueStats(state, clock.now()) : [];
    },
    agents: (companyId) => {
      const state = companyState(companyId);
      return [...state.agents.values()].map((agent) => ({ extension: agent.extension, name: agent.name, status: agentStatus(agent), queues: queuesOf(state, agent.extension) }));
    },
    placeCall(companyId, { from, to, auto }) {
      const state = companyState(companyId);
      const mode = auto ? 'auto' : 'scripted';
      const call = act(state, (ctx) => {
        if ('queue' in to) {
          if ('extension' in from) throw new SimulatorError('invalid_state', 'A queue call comes from an outside number.');
          return enqueueCall(ctx, to.queue, from, mode);
        }
        const caller = 'extension' in from ? from.extension : from;
        return startDirectCall(ctx, caller, 'extension' in to ? to.extension : { number: to.number, name: '' }, mode);
      });
      if (auto) drive(state, call);
      return call;
    },
    step(companyId, callId, step, auto = false) {
      const state = companyState(companyId);
      const call = findCall(state, callId);
      if (call.mode === 'auto') throw new SimulatorError('invalid_state', `Call ${callId} is driven by the simulator.`);
      act(state, (ctx) => applyStep(ctx, call, step));
      if (auto && call.phase !== 'ended') drive(state, call);
      return call;
    },
    setPresence(companyId, extension, presence) {
      const state = companyState(companyId);
      const agent = state.agents.get(extension);
      if (!agent) throw new SimulatorError('unknown_user', `No extension ${extension}.`);
      timers.cancel(`break-end:${companyId}:${extension}`);
      act(state, () => (agent.presence = presence));
    },
  };
}
