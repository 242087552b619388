/**
 * The company's background life while the simulator runs: Poisson arrivals into
 * each queue, internal calls between free users, outbound calls by agents, and
 * breaks that take queue members away now and then.
 */
import type { Autopilot } from './autopilot';
import { BEHAVIOUR } from './behaviour';
import { enqueueCall, startDirectCall } from './call-actions';
import type { CallerDirectory } from './caller-directory';
import { isFree, type CompanyState } from './company-state';
import { exponential, pick, uniform, type Random } from './random';

interface RandomActivityDeps {
  random: Random;
  now: () => number;
  autopilot: Autopilot;
  callers: CallerDirectory;
  /** Schedules after simulated seconds in a timer group. */
  after: (group: string, simulatedSeconds: number, run: () => void) => void;
}

/** Timer groups of the activity start with this, so stopping the simulator cancels them all. */
export const ACTIVITY_GROUP = 'activity:';

export function startRandomActivity(state: CompanyState, arrivalsPerMinute: number, { random, now, autopilot, callers, after }: RandomActivityDeps): void {
  const { act, drive } = autopilot;
  const members = new Set([...state.queues.values()].flat());

  function every(name: string, perMinute: number, run: () => void): void {
    if (perMinute <= 0) return;
    after(`${ACTIVITY_GROUP}${state.id}:${name}`, exponential(random, 60 / perMinute), () => {
      run();
      every(name, perMinute, run);
    });
  }

  for (const queueId of state.queues.keys()) {
    every(`arrivals:${queueId}`, arrivalsPerMinute, () => drive(state, act(state, (ctx) => enqueueCall(ctx, queueId, callers.next(now()), 'auto'))));
  }
  every('internal', arrivalsPerMinute * BEHAVIOUR.internalCallsPerArrival, () => {
    const free = [...state.agents.values()].filter(isFree);
    const from = pick(random, free);
    const to = pick(random, free.filter((agent) => agent !== from));
    if (from && to) drive(state, act(state, (ctx) => startDirectCall(ctx, from.extension, to.extension, 'auto')));
  });
  every('outbound', arrivalsPerMinute * BEHAVIOUR.outboundCallsPerArrival, () => {
    const from = pick(random, [...state.agents.values()].filter((agent) => members.has(agent.extension) && isFree(agent)));
    if (from) drive(state, act(state, (ctx) => startDirectCall(ctx, from.extension, { number: callers.next(now()).number, name: '' }, 'auto')));
  });
  for (const extension of members) {
    every(`break:${extension}`, 60 / BEHAVIOUR.breakEverySeconds, () => {
      const agent = state.agents.get(extension)!;
      if (!isFree(agent)) return;
      agent.presence = 'away';
      after(breakEndGroup(state.id, extension), uniform(random, ...BEHAVIOUR.breakSeconds), () => act(state, () => (agent.presence = 'available')));
    });
  }
}

/** A break's end outlives a stop of the activity, and a presence set by hand cancels it. */
export function breakEndGroup(companyId: string, extension: string): string {
  return `break-end:${companyId}:${extension}`;
}
