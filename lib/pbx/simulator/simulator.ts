/**
 * The simulated phone system of every seeded company: random activity on the
 * injected clock, scripted calls the sandbox moves step by step, and the live stats
 * of that picture at any instant. No I/O: messages leave through onEvent.
 */
import type { Clock } from '@/lib/clock';
import type { Seed } from '../directory/schemas';
import type { SimulatorOptions, WireQueueStats } from '../engine/types';
import { createAutopilot } from './autopilot';
import { BEHAVIOUR } from './behaviour';
import { enqueueCall, startDirectCall, type ActionContext, type ExternalParty } from './call-actions';
import { cdrRecords, type Call, type CallMessage, type CdrRecord } from './call-model';
import { createCallerDirectory } from './caller-directory';
import { agentStatus, createCompanyState, queuesOf, type AgentStatus, type CompanyState, type Presence } from './company-state';
import { SimulatorError } from './errors';
import { queueStats } from './queue-stats';
import { uniform, type Random } from './random';
import { ACTIVITY_GROUP, breakEndGroup, startRandomActivity } from './random-activity';
import { applyStep, type CallStep } from './scripted-step';
import { createTimerGroups } from './timer-groups';

export type { CallStep } from './scripted-step';

export type SimulatorEvent =
  | { kind: 'call'; companyId: string; message: CallMessage }
  | { kind: 'cdr'; companyId: string; records: CdrRecord[] };

interface SimulatorSettings {
  running: boolean;
  arrivalsPerMinute: number;
  timeScale: number;
}

interface PlaceCallRequest {
  /** An outside caller, or an extension placing the call. */
  from: ExternalParty | { extension: string };
  /** A queue, an extension, or an outside number (outbound from an extension). */
  to: { queue: string } | { extension: string } | { number: string };
  auto: boolean;
}

interface AgentView {
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
  /** Moves a scripted call one step; `auto` hands it to the simulator from then on. */
  step(companyId: string, callId: string, step: CallStep, auto?: boolean): Call;
  setPresence(companyId: string, extension: string, presence: Presence): void;
}

interface SimulatorDeps {
  seed: Seed;
  clock: Clock;
  random: Random;
  options: SimulatorOptions;
  onEvent: (event: SimulatorEvent) => void;
}

export function createSimulator({ seed, clock, random, options, onEvent }: SimulatorDeps): Simulator {
  const companies = new Map(seed.companies.map((company) => [company.id, createCompanyState(company, clock.now())]));
  const callers = new Map(seed.companies.map((company) => [company.id, createCallerDirectory(random, company.timeZone)]));
  const current: SimulatorSettings = { running: options.enabled, arrivalsPerMinute: options.arrivalsPerMinute, timeScale: options.timeScale };
  const timers = createTimerGroups(clock);
  let started = false;
  let callSequence = 0;

  /** Durations are simulated seconds; timeScale > 1 makes them pass faster on the clock. */
  const after = (group: string, simulatedSeconds: number, run: () => void) =>
    timers.after(group, (simulatedSeconds * 1000) / current.timeScale, run);
  const callGroup = (call: Call) => `call:${call.callId}`;

  function newCallId(): string {
    callSequence += 1;
    const prefix = Math.floor(random() * 0xffffffff).toString(16).padStart(8, '0');
    return `${prefix}${callSequence.toString(16).padStart(8, '0')}`;
  }

  function context(state: CompanyState): ActionContext {
    return {
      state,
      now: clock.now(),
      newCallId,
      emit: (_call, message) => onEvent({ kind: 'call', companyId: state.id, message }),
      ended: (call) => {
        timers.cancel(callGroup(call));
        const records = cdrRecords(call);
        after(`cdr:${call.callId}`, uniform(random, ...BEHAVIOUR.cdrDelaySeconds), () => onEvent({ kind: 'cdr', companyId: state.id, records }));
      },
    };
  }

  const autopilot = createAutopilot({
    random,
    context,
    later: (call, simulatedSeconds, run) => after(callGroup(call), simulatedSeconds, run),
    cancel: (call) => timers.cancel(callGroup(call)),
  });
  const { act, drive } = autopilot;

  function restartActivity(): void {
    timers.cancelWhere((group) => group.startsWith(ACTIVITY_GROUP));
    if (!started || !current.running) return;
    for (const state of companies.values()) {
      startRandomActivity(state, current.arrivalsPerMinute, { random, now: () => clock.now(), autopilot, callers: callers.get(state.id)!, after });
    }
  }

  function companyState(companyId: string): CompanyState {
    const state = companies.get(companyId);
    if (!state) throw new SimulatorError('unknown_company', `No company ${companyId}.`);
    return state;
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
    stats(companyId) {
      const state = companies.get(companyId);
      return state ? queueStats(state, clock.now()) : [];
    },
    agents(companyId) {
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
      const call = state.calls.get(callId);
      if (!call) throw new SimulatorError('unknown_call', `No call ${callId} in progress.`);
      if (call.mode === 'auto') throw new SimulatorError('invalid_state', `Call ${callId} is driven by the simulator.`);
      act(state, (ctx) => applyStep(ctx, call, step, () => autopilot.nextAgent(state, call)));
      if (auto && call.phase !== 'ended') drive(state, call);
      return call;
    },
    setPresence(companyId, extension, presence) {
      const state = companyState(companyId);
      const agent = state.agents.get(extension);
      if (!agent) throw new SimulatorError('unknown_user', `No extension ${extension}.`);
      timers.cancel(breakEndGroup(companyId, extension));
      act(state, () => (agent.presence = presence));
    },
  };
}
