/** A planned stream of call events, its bodies built up front so the generator spends its time sending. */
import type { SentEvents } from '../clients/fleet-protocol';
import { callMessage, type PlannedCall } from '../load/call-messages';
import { CALL_PHASES, planCalls, type CallPlan } from '../load/call-plan';
import type { HttpPoster } from '../load/http-poster';
import { runSchedule, type ScheduleOutcome } from '../load/run-schedule';

interface CallLoad {
  prefix: string;
  plan: CallPlan;
  bodies: string[];
  /** The extension each planned call rings. */
  agentOfCall: string[];
}

export function buildCallLoad(options: {
  prefix: string;
  rate: number;
  durationMs: number;
  phaseGapMs: number;
  agents: string[];
  /** Wall-clock time of the first event, for the messages' time fields. */
  startedAt: number;
}): CallLoad {
  const plan = planCalls(options);
  const agentOfCall = Array.from({ length: plan.calls }, (_, i) => options.agents[i % options.agents.length]!);
  const calls: PlannedCall[] = agentOfCall.map((agent, index) => {
    const startedAt = options.startedAt + Math.round((index * CALL_PHASES.length * 1000) / options.rate);
    return { prefix: options.prefix, index, agent, startedAt, answeredAt: startedAt + 2 * options.phaseGapMs };
  });
  const bodies = Array.from(plan.callIndex, (callIndex, event) => JSON.stringify(callMessage(calls[callIndex]!, CALL_PHASES[plan.phase[event]!]!)));
  return { prefix: options.prefix, plan, bodies, agentOfCall };
}

interface SentLoad {
  sent: SentEvents;
  /** Per event, POST sent to answer received, ms; NaN when it failed. */
  ackMs: Float64Array;
  failed: number;
  schedule: ScheduleOutcome;
}

/** Sends the load open-loop at its planned times; an event counts as sent when the server answered 2xx. */
export async function sendCallLoad(load: CallLoad, url: string, poster: HttpPoster): Promise<SentLoad> {
  const count = load.bodies.length;
  const sentAt = new Float64Array(count).fill(Number.NaN);
  const ackMs = new Float64Array(count).fill(Number.NaN);
  let failed = 0;
  const schedule = await runSchedule(load.plan.atMs, async (event) => {
    const outcome = await poster.post(url, load.bodies[event]!);
    if (outcome.status < 200 || outcome.status > 299) {
      failed += 1;
      return;
    }
    sentAt[event] = outcome.sentAt;
    ackMs[event] = outcome.answeredAt - outcome.sentAt;
  });
  return { sent: { callIndex: load.plan.callIndex, phase: load.plan.phase, sentAt }, ackMs, failed, schedule };
}
